import { embedFrame } from '/host-sdk/host-sdk.js';

// The frame is served from the other loopback name so that host and frame are cross-origin,
// as they are in production.
const frameHost = location.hostname === 'localhost' ? '127.0.0.1' : 'localhost';
const frameOrigin = `${location.protocol}//${frameHost}${location.port ? `:${location.port}` : ''}`;
const requested = new URLSearchParams(location.search).get('path') ?? '/promo-frame/';
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

const frame = embedFrame({
  container: document.getElementById('frame-slot'),
  src: new URL(framePath, frameOrigin).href,
  allowedOrigin: frameOrigin,
  initialHeight: 640,
});
frame.iframe.id = 'promo-frame';

// Mock host navigation: every message with a host-site path is where a real host would go.
const NOT_NAVIGATION = new Set(['init', 'updateFrameHeight', 'scrollToTop', 'scrollToBottom', 'popstateRouteChange']);
const hostLocation = document.getElementById('host-location');
frame.onMessage((message) => {
  record('in', message);
  if (message.type === 'scrollToTop') window.scrollTo({ top: 0, behavior: 'smooth' });
  if (!NOT_NAVIGATION.has(message.type) && typeof message.data?.path === 'string') {
    hostLocation.textContent = `${message.type}: ${message.data.path}`;
  }
});
frame.ready.then((init) => {
  document.getElementById('frame-status').textContent = `connected (protocol ${init.protocol}, ${init.frameVersion})`;
});

document.getElementById('config-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const form = new FormData(event.currentTarget);
  const data = { currentLanguage: String(form.get('language')), theme: String(form.get('theme')) };
  const userId = Number(form.get('userId'));
  data.userId = Number.isInteger(userId) && userId > 0 ? userId : null;
  const timeZone = String(form.get('timeZone') ?? '');
  if (timeZone !== '' && Number.isFinite(Number(timeZone))) data.timeZone = Number(timeZone);
  try {
    frame.updateSiteConfig(data);
    record('out', { type: 'updateSiteConfig', data, v: 1 });
  } catch (error) {
    record('error', { message: String(error) });
  }
});
