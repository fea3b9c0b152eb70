import { embedFrame } from '/host-sdk/host-sdk.js';

// By default the frame is served from the other loopback name, so that host and frame are
// cross-origin and the protocol's origin checks are exercised. ?frame=same-origin serves it from
// the host's own origin, as a site that hosts the frame under its own domain does; only then do
// host and frame share the session cookie that sign-in sets.
const params = new URLSearchParams(location.search);
const sameOrigin = params.get('frame') === 'same-origin';
const frameHost = sameOrigin ? location.hostname : location.hostname === 'localhost' ? '127.0.0.1' : 'localhost';
const frameOrigin = `${location.protocol}//${frameHost}${location.port ? `:${location.port}` : ''}`;
const requested = params.get('path') ?? '/promo-frame/';
const framePath = requested.startsWith('/promo-frame') ? requested : '/promo-frame/';
document.getElementById('frame-origin').textContent = frameOrigin;

const log = document.getElementById('message-log');
function record(direction, message) {
  const item = document.createElement('li');
  item.dataset.direction = direction;
  item.dataset.type = String(message?.type ?? '');
  item.textContent = `${new Date().toLocaleTimeString()} ${direction} ${JSON.stringify(message)}`;
  log.prepend(item);
}

// The host's tag manager queue: the frame's analytics entries land here (and in the log below).
window.dataLayer = window.dataLayer ?? [];
const frame = embedFrame({
  container: document.getElementById('frame-slot'),
  src: new URL(framePath, frameOrigin).href,
  allowedOrigin: frameOrigin,
  initialHeight: 640,
  dataLayer: window.dataLayer,
});
frame.iframe.id = 'promo-frame';

// Mock host navigation: every message with a host-site path is where a real host would go.
const NOT_NAVIGATION = new Set([
  'init',
  'updateFrameHeight',
  'scrollToTop',
  'scrollToBottom',
  'showContent',
  'hideContent',
  'popstateRouteChange',
  'pageNotFound',
]);
const hostLocation = document.getElementById('host-location');
// Smooth scrolling, unless the visitor asked for less motion.
const scrollBehavior = () => (matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth');
frame.onMessage((message) => {
  record('in', message);
  if (message.type === 'scrollToTop') window.scrollTo({ top: 0, behavior: scrollBehavior() });
  // The frame's foot into view: its bottom edge at the bottom of the window.
  if (message.type === 'scrollToBottom') {
    const bottom = frame.iframe.getBoundingClientRect().bottom;
    window.scrollTo({ top: window.scrollY + bottom - window.innerHeight, behavior: scrollBehavior() });
  }
  // Full-screen content in the frame: the host's own chrome steps aside until it closes.
  if (message.type === 'hideContent') document.body.dataset.contentHidden = 'true';
  if (message.type === 'showContent') delete document.body.dataset.contentHidden;
  if (message.type === 'authorization') openSignIn();
  if (message.type === 'registration') hostLocation.textContent = 'registration dialog (not part of the demo)';
  if (!NOT_NAVIGATION.has(message.type) && typeof message.data?.path === 'string') {
    hostLocation.textContent = `${message.type}: ${message.data.path}`;
  }
});
frame.ready.then((init) => {
  // The frame's build: what a host reports with a problem.
  document.getElementById('frame-status').textContent =
    `connected (protocol ${init.protocol}, ${init.frameVersion}; project ${init.projectId} ${init.projectType}, ` +
    `UI ${init.uiVersion}, sprites ${init.spritesDir})`;
});

document.getElementById('config-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const form = new FormData(event.currentTarget);
  const data = { currentLanguage: String(form.get('language')), theme: String(form.get('theme')) };
  const userId = Number(form.get('userId'));
  data.userId = Number.isInteger(userId) && userId > 0 ? userId : null;
  const timeZone = String(form.get('timeZone') ?? '');
  if (timeZone !== '' && Number.isFinite(Number(timeZone))) data.timeZone = Number(timeZone);
  const country = String(form.get('userCountryCode') ?? '')
    .trim()
    .toUpperCase();
  if (country !== '') data.userCountryCode = country;
  const forceMobile = String(form.get('isForceMobile') ?? '');
  if (forceMobile !== '') data.isForceMobile = forceMobile === '1';
  for (const name of ['is12h', 'coefView']) {
    const value = String(form.get(name) ?? '');
    if (value !== '') data[name] = Number(value);
  }
  try {
    frame.updateSiteConfig(data);
    record('out', { type: 'updateSiteConfig', data, v: 1 });
  } catch (error) {
    record('error', { message: String(error) });
  }
});

// Mode switch between the cross-origin and the same-site demo.
const modeLink = document.getElementById('origin-mode');
const otherMode = new URLSearchParams(params);
if (sameOrigin) otherMode.delete('frame');
else otherMode.set('frame', 'same-origin');
modeLink.href = `?${otherMode}`;
modeLink.textContent = sameOrigin ? 'Switch to the cross-origin demo' : 'Switch to the same-site demo';
document.getElementById('same-origin-link').href = sameOrigin ? '' : `?${otherMode}`;

// The host's own account: sign-in through the site's API, then the frame is told the user id.
const accountState = document.getElementById('account-state');
const signOutButton = document.getElementById('sign-out');
const dialog = document.getElementById('sign-in-dialog');
const signInForm = document.getElementById('sign-in-form');
const signInError = document.getElementById('sign-in-error');
const api = (path, body) =>
  fetch(path, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    body: JSON.stringify(body ?? {}),
  });

function setUser(userId, login) {
  accountState.textContent = userId ? `Signed in as ${login} (user ${userId}).` : 'Signed out.';
  signOutButton.hidden = !userId;
  const data = { userId };
  frame.updateSiteConfig(data);
  record('out', { type: 'updateSiteConfig', data, v: 1 });
}

function openSignIn() {
  if (!sameOrigin) {
    document.getElementById('account-hint').hidden = false;
    return;
  }
  signInError.textContent = '';
  if (!dialog.open) dialog.showModal();
}

document.getElementById('sign-in-cancel').addEventListener('click', () => dialog.close());
signInForm.addEventListener('submit', async (event) => {
  event.preventDefault();
  const form = new FormData(signInForm);
  const login = String(form.get('login'));
  try {
    const response = await api('/web-api/external-api/fastLogin', { login, pass: String(form.get('pass')) });
    const body = await response.json().catch(() => ({}));
    if (!response.ok) {
      signInError.textContent = body.message ?? `Sign-in failed (${response.status})`;
      return;
    }
    dialog.close();
    setUser(body.user_id, login);
  } catch {
    signInError.textContent = 'Network error, please try again.';
  }
});
signOutButton.addEventListener('click', async () => {
  await api('/web-api/user/disconnect').catch(() => undefined);
  setUser(null, '');
});
