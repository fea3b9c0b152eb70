// The frame is served from the other loopback name so that host and frame are cross-origin,
// as they are in production.
const frameHost = location.hostname === 'localhost' ? '127.0.0.1' : 'localhost';
const frameOrigin = `${location.protocol}//${frameHost}${location.port ? `:${location.port}` : ''}`;
const params = new URLSearchParams(location.search);
const framePath = params.get('path') ?? '/promo-frame/';

const iframe = document.getElementById('promo-frame');
document.getElementById('frame-origin').textContent = frameOrigin;
iframe.src = new URL(framePath.startsWith('/promo-frame') ? framePath : '/promo-frame/', frameOrigin).href;

const log = document.getElementById('message-log');
function record(direction, message) {
  const item = document.createElement('li');
  item.dataset.direction = direction;
  item.dataset.type = String(message?.type ?? '');
  item.textContent = `${new Date().toLocaleTimeString()} ${direction} ${JSON.stringify(message)}`;
  log.prepend(item);
}

window.addEventListener('message', (event) => {
  if (event.origin !== frameOrigin || event.source !== iframe.contentWindow) return;
  record('in', event.data);
  if (event.data?.type === 'updateFrameHeight' && Number.isInteger(event.data.data?.height)) {
    iframe.style.blockSize = `${event.data.data.height}px`;
  }
});

/** Sends a site-config update to the frame (exact origin). */
function sendConfigUpdate(data) {
  const message = { type: 'updateSiteConfig', data, v: 1 };
  iframe.contentWindow.postMessage(message, frameOrigin);
  record('out', message);
}

document.getElementById('config-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const form = new FormData(event.currentTarget);
  const data = { currentLanguage: form.get('language'), theme: form.get('theme') };
  const userId = Number(form.get('userId'));
  data.userId = Number.isInteger(userId) && userId > 0 ? userId : null;
  const timeZone = Number(form.get('timeZone'));
  if (form.get('timeZone') !== '' && Number.isFinite(timeZone)) data.timeZone = timeZone;
  sendConfigUpdate(data);
});
