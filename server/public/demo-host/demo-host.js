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
window.addEventListener('message', (event) => {
  if (event.origin !== frameOrigin || event.source !== iframe.contentWindow) return;
  const item = document.createElement('li');
  item.textContent = `${new Date().toLocaleTimeString()} ${JSON.stringify(event.data)}`;
  log.prepend(item);
});
