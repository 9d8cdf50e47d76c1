/*
 * ListingsWidget.capture3d: client-side 3D tour capture for the Listings Integration API v1.
 *
 *   <script src="{base_url}/widget/capture3d.js"></script>
 *   ListingsWidget.capture3d({
 *     uploadEndpoint: '/my-server/upload-3d-frame', // your own proxy to POST /api/v1/upload/photo
 *     lang: 'uk',                                   // 'uk' | 'ru' | 'en'
 *     onComplete: function (urls, answers) {},      // urls go into photos_3d, in capture order
 *     onCancel: function () {},
 *     onError: function (err) {}                    // err.code, and err.status/error/hint for uploads
 *   });
 *
 * Optional: frames (24), interval ms (700), mode ('auto' | 'click'), fieldName ('file'),
 * container (document.body). Returns { cancel(), finish() } or null when it could not start.
 *
 * The API key must never reach a browser, so frames go only to uploadEndpoint, with the
 * page's own cookies and no Authorization header; the proxy adds the key server-side.
 * Plain ES2017, no dependencies; the only global it defines is ListingsWidget.
 */
(function (root) {
  'use strict';

  // Loaded twice (two embeds on one page): keep the first copy so a running capture survives.
  if (root.ListingsWidget && typeof root.ListingsWidget.capture3d === 'function') return;

  const VERSION = '1.0.0';
  const PREFIX = 'lw3d';
  const MAX_PARALLEL = 2;
  // The API converts every photo to at most 1600 px, so anything larger only costs upload time.
  const MAX_SIDE = 1600;

  const TEXTS = {
    uk: {
      title: '3D-зйомка',
      intro: 'Повільно обійдіть предмет по колу, тримаючи його в кадрі.',
      auto: 'Кадри знімаються автоматично.',
      click: 'Торкніться зображення, щоб зняти кадр.',
      start: 'Почати', cancel: 'Скасувати', finish: 'Завершити', shoot: 'Зняти кадр',
      preview: 'Зображення з камери',
      starting: 'Увімкнення камери…',
      uploading: 'Завантаження кадрів…',
      progress: (n, total, up) => `Кадр ${n} з ${total} · завантажено ${up}`,
      cameraDenied: 'Доступ до камери заборонено. Дозвольте камеру в налаштуваннях браузера і спробуйте ще раз.',
      cameraMissing: 'Камеру на цьому пристрої не знайдено.',
      cameraBusy: 'Камера зайнята іншою програмою.',
      cameraUnsupported: 'Браузер не дає доступу до камери. Потрібна сторінка з https.',
      cameraFailed: 'Не вдалося увімкнути камеру',
      uploadFailed: 'Не вдалося завантажити кадр',
      network: 'Помилка мережі під час завантаження кадру',
      encodeFailed: 'Не вдалося зберегти кадр'
    },
    ru: {
      title: '3D-съёмка',
      intro: 'Медленно обойдите предмет по кругу, удерживая его в кадре.',
      auto: 'Кадры снимаются автоматически.',
      click: 'Коснитесь изображения, чтобы снять кадр.',
      start: 'Начать', cancel: 'Отмена', finish: 'Завершить', shoot: 'Снять кадр',
      preview: 'Изображение с камеры',
      starting: 'Включение камеры…',
      uploading: 'Загрузка кадров…',
      progress: (n, total, up) => `Кадр ${n} из ${total} · загружено ${up}`,
      cameraDenied: 'Доступ к камере запрещён. Разрешите камеру в настройках браузера и попробуйте снова.',
      cameraMissing: 'Камера на этом устройстве не найдена.',
      cameraBusy: 'Камера занята другой программой.',
      cameraUnsupported: 'Браузер не даёт доступа к камере. Нужна страница с https.',
      cameraFailed: 'Не удалось включить камеру',
      uploadFailed: 'Не удалось загрузить кадр',
      network: 'Ошибка сети при загрузке кадра',
      encodeFailed: 'Не удалось сохранить кадр'
    },
    en: {
      title: '3D capture',
      intro: 'Walk slowly around the item, keeping it in the frame.',
      auto: 'Frames are taken automatically.',
      click: 'Tap the picture to take a frame.',
      start: 'Start', cancel: 'Cancel', finish: 'Finish', shoot: 'Take frame',
      preview: 'Camera preview',
      starting: 'Starting the camera…',
      uploading: 'Uploading frames…',
      progress: (n, total, up) => `Frame ${n} of ${total} · uploaded ${up}`,
      cameraDenied: 'Camera access was denied. Allow the camera in the browser settings and try again.',
      cameraMissing: 'No camera was found on this device.',
      cameraBusy: 'The camera is in use by another application.',
      cameraUnsupported: 'This browser cannot use the camera. The page must be served over https.',
      cameraFailed: 'Could not start the camera',
      uploadFailed: 'Could not upload a frame',
      network: 'Network error while uploading a frame',
      encodeFailed: 'Could not encode a frame'
    }
  };

  const CSS = [
    '.lw3d-overlay{position:fixed;top:0;right:0;bottom:0;left:0;z-index:2147483000;display:flex;flex-direction:column;',
    'background:#000;color:#fff;font:16px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;',
    'touch-action:manipulation;-webkit-user-select:none;user-select:none}',
    '.lw3d-overlay *{box-sizing:border-box}',
    '.lw3d-top{padding:calc(10px + env(safe-area-inset-top,0px)) 16px 10px;min-height:44px;text-align:center;background:#111}',
    '.lw3d-stage{position:relative;flex:1 1 auto;min-height:0;overflow:hidden}',
    '.lw3d-clickable{cursor:crosshair}',
    '.lw3d-video{display:block;width:100%;height:100%;object-fit:contain;background:#000}',
    '.lw3d-flash{position:absolute;top:0;right:0;bottom:0;left:0;background:#fff;opacity:0;pointer-events:none;transition:opacity .2s}',
    '.lw3d-flash.lw3d-on{opacity:.5;transition:none}',
    '.lw3d-intro{position:absolute;top:50%;left:50%;transform:translate(-50%,-50%);width:90%;max-width:28em;text-align:center}',
    '.lw3d-intro h2{margin:0 0 .5em;font-size:1.5em}',
    '.lw3d-intro p{margin:.3em 0}',
    '.lw3d-bar{display:flex;align-items:center;justify-content:space-between;',
    'padding:12px 16px calc(12px + env(safe-area-inset-bottom,0px));background:#111}',
    '.lw3d-btn{min-width:44px;min-height:44px;margin:0 4px;padding:10px 22px;border:0;border-radius:999px;',
    'font:inherit;font-weight:600;color:#fff;background:#3a3a3a;cursor:pointer}',
    '.lw3d-btn:focus-visible{outline:3px solid #6cb4ff;outline-offset:2px}',
    '.lw3d-btn[disabled]{opacity:.45;cursor:default}',
    '.lw3d-primary{background:#1a73e8}',
    '.lw3d-shoot{width:64px;height:64px;padding:0;border:4px solid #9a9a9a;border-radius:50%;background:#fff}',
    '.lw3d-hidden{display:none!important}'
  ].join('');

  let active = null;

  function widgetError(code, message, extra) {
    const err = new Error(message);
    err.name = 'ListingsWidgetError';
    err.code = code;
    return Object.assign(err, extra || {});
  }

  // Integrator callbacks run after the widget has torn itself down; if one throws, the
  // exception is rethrown on its own task so it is reported without undoing our cleanup.
  function safeCall(fn, args) {
    if (typeof fn !== 'function') return;
    try {
      fn.apply(null, args);
    } catch (err) {
      setTimeout(() => { throw err; }, 0);
    }
  }

  function reportError(opts, err) {
    if (typeof opts.onError === 'function') safeCall(opts.onError, [err]);
    else if (root.console) root.console.error('ListingsWidget:', err);
  }

  function normalise(options) {
    const o = options || {};
    const lang = String(o.lang || '').slice(0, 2).toLowerCase();
    const container = typeof Element === 'function' && o.container instanceof Element ? o.container : null;
    return {
      uploadEndpoint: typeof o.uploadEndpoint === 'string' ? o.uploadEndpoint.trim() : '',
      lang: Object.prototype.hasOwnProperty.call(TEXTS, lang) ? lang : 'uk',
      frames: Number.isInteger(o.frames) && o.frames > 0 ? o.frames : 24,
      interval: typeof o.interval === 'number' && o.interval > 0 ? o.interval : 700,
      mode: o.mode === 'click' ? 'click' : 'auto',
      fieldName: typeof o.fieldName === 'string' && o.fieldName ? o.fieldName : 'file',
      container: container,
      onComplete: o.onComplete, onCancel: o.onCancel, onError: o.onError
    };
  }

  function injectStyles() {
    if (document.getElementById(PREFIX + '-style')) return;
    const style = document.createElement('style');
    style.id = PREFIX + '-style';
    style.textContent = CSS;
    (document.head || document.documentElement).appendChild(style);
  }

  function el(tag, classes, attrs, text) {
    const node = document.createElement(tag);
    if (classes) node.className = classes.split(' ').map((c) => PREFIX + '-' + c).join(' ');
    Object.keys(attrs || {}).forEach((k) => node.setAttribute(k, attrs[k]));
    if (text) node.textContent = text;
    return node;
  }

  function button(action, label, classes, text) {
    return el('button', 'btn ' + classes, { type: 'button', 'aria-label': label, ['data-' + PREFIX + '-action']: action }, text);
  }

  function show(node, visible) {
    node.classList.toggle(PREFIX + '-hidden', !visible);
  }

  function stopStream(stream) {
    if (stream) stream.getTracks().forEach((track) => track.stop());
  }

  // Fullscreen is a nicety: iPhone Safari and pages inside iframes without allowfullscreen
  // refuse it, and the fixed overlay already covers the viewport.
  function enterFullscreen(node) {
    const request = node.requestFullscreen || node.webkitRequestFullscreen;
    if (!request) return;
    try {
      const p = request.call(node);
      if (p && typeof p.catch === 'function') p.catch(() => {});
    } catch (err) { /* refused: stay in the page */ }
  }

  function exitFullscreen(node) {
    // Only undo our own fullscreen; the host page may have put something else there.
    if ((document.fullscreenElement || document.webkitFullscreenElement) !== node) return;
    const exit = document.exitFullscreen || document.webkitExitFullscreen;
    try {
      const p = exit.call(document);
      if (p && typeof p.catch === 'function') p.catch(() => {});
    } catch (err) { /* already left */ }
  }

  function createSession(opts) {
    const t = TEXTS[opts.lang];
    const state = { phase: 'intro', stream: null, timer: 0, captured: 0, encoding: 0, uploaded: 0, inFlight: 0, queue: [], results: [] };
    const aborter = typeof AbortController === 'function' ? new AbortController() : null;
    const previousFocus = document.activeElement;

    injectStyles();
    const overlay = el('div', 'overlay', { role: 'dialog', 'aria-modal': 'true', 'aria-label': t.title, lang: opts.lang });
    const status = el('div', 'top', { role: 'status', 'aria-live': 'polite' });
    const stage = el('div', 'stage');
    const video = el('video', 'video', { playsinline: '', muted: '', autoplay: '', 'aria-label': t.preview });
    video.muted = true;
    video.playsInline = true;
    const flash = el('div', 'flash', { 'aria-hidden': 'true' });
    const intro = el('div', 'intro');
    intro.appendChild(el('h2', '', null, t.title));
    intro.appendChild(el('p', '', null, t.intro));
    intro.appendChild(el('p', '', null, opts.mode === 'auto' ? t.auto : t.click));
    const bar = el('div', 'bar');
    const cancelBtn = button('cancel', t.cancel, '', t.cancel);
    const startBtn = button('start', t.start, 'primary', t.start);
    const shootBtn = button('shoot', t.shoot, 'shoot hidden', '');
    const finishBtn = button('finish', t.finish, 'primary hidden', t.finish);
    stage.appendChild(video);
    stage.appendChild(flash);
    stage.appendChild(intro);
    [cancelBtn, shootBtn, startBtn, finishBtn].forEach((b) => bar.appendChild(b));
    [status, stage, bar].forEach((n) => overlay.appendChild(n));

    const isOver = () => state.phase === 'done';

    function updateProgress() {
      if (state.phase === 'uploading') {
        status.textContent = t.uploading + ' ' + state.uploaded + ' / ' + state.captured;
      } else if (state.phase === 'capturing') {
        status.textContent = t.progress(state.captured, opts.frames, state.uploaded);
      }
      finishBtn.disabled = state.phase !== 'capturing' || state.captured === 0;
    }

    function end() {
      state.phase = 'done';
      clearTimeout(state.timer);
      if (aborter) aborter.abort();
      stopStream(state.stream);
      state.stream = null;
      video.srcObject = null;
      state.queue.length = 0;
      document.removeEventListener('keydown', onKey, true);
      exitFullscreen(overlay);
      if (overlay.parentNode) overlay.parentNode.removeChild(overlay);
      if (previousFocus && typeof previousFocus.focus === 'function') previousFocus.focus();
      if (active === session) active = null;
    }

    function fail(err) {
      if (isOver()) return;
      end();
      reportError(opts, err);
    }

    function cancel() {
      if (isOver()) return;
      end();
      safeCall(opts.onCancel, []);
    }

    function maybeComplete() {
      if (state.phase !== 'uploading' || state.encoding || state.inFlight || state.queue.length) return;
      const answers = state.results.slice(0, state.captured);
      end();
      safeCall(opts.onComplete, [answers.map((a) => a.url), answers]);
    }

    async function upload(job) {
      const form = new FormData();
      form.append(opts.fieldName, job.blob, 'frame-' + String(job.index + 1).padStart(2, '0') + '.jpg');
      let res;
      try {
        res = await fetch(opts.uploadEndpoint, {
          method: 'POST', body: form, credentials: 'same-origin', signal: aborter ? aborter.signal : undefined
        });
      } catch (err) {
        throw widgetError('network_error', t.network + (err && err.message ? ': ' + err.message : ''), { cause: err, frame: job.index + 1 });
      }
      let body = null;
      try {
        body = await res.json();
      } catch (err) { /* a proxy's HTML error page: the status alone has to do */ }
      if (res.ok && body && body.ok === true && typeof body.url === 'string' && body.url) return body;
      const code = body && typeof body.error === 'string' ? body.error : '';
      const hint = body && typeof body.hint === 'string' ? body.hint : (res.ok ? 'the answer has no url' : '');
      const message = t.uploadFailed + ' (HTTP ' + res.status + ')' + (code ? ': ' + code : '') + (hint ? ' — ' + hint : '');
      throw widgetError('upload_failed', message, { status: res.status, error: code, hint: hint, frame: job.index + 1 });
    }

    // Frames upload two at a time, but results land at their capture index so onComplete
    // gets them in capture order whatever order the answers come back in.
    function pump() {
      while (!isOver() && state.inFlight < MAX_PARALLEL && state.queue.length) {
        const job = state.queue.shift();
        state.inFlight++;
        upload(job).then((answer) => {
          state.inFlight--;
          if (isOver()) return;
          state.results[job.index] = answer;
          state.uploaded++;
          updateProgress();
          pump();
          maybeComplete();
        }, (err) => {
          state.inFlight--;
          fail(err);
        });
      }
    }

    function blink() {
      flash.classList.add(PREFIX + '-on');
      setTimeout(() => flash.classList.remove(PREFIX + '-on'), 60);
    }

    function shoot() {
      if (state.phase !== 'capturing' || state.captured >= opts.frames) return;
      const w = video.videoWidth;
      const h = video.videoHeight;
      if (!w || !h) return; // no picture yet; auto mode tries again on its next tick
      const scale = Math.min(1, MAX_SIDE / Math.max(w, h));
      const canvas = document.createElement('canvas');
      canvas.width = Math.round(w * scale);
      canvas.height = Math.round(h * scale);
      canvas.getContext('2d').drawImage(video, 0, 0, canvas.width, canvas.height);
      const index = state.captured++;
      state.encoding++;
      blink();
      canvas.toBlob((blob) => {
        state.encoding--;
        if (isOver()) return;
        if (!blob) {
          fail(widgetError('encode_failed', t.encodeFailed, { frame: index + 1 }));
          return;
        }
        state.queue.push({ index: index, blob: blob });
        pump();
        maybeComplete();
      }, 'image/jpeg', 0.9);
      if (state.captured >= opts.frames) finish();
      else updateProgress();
    }

    function schedule() {
      state.timer = setTimeout(() => {
        state.timer = 0;
        shoot();
        if (state.phase === 'capturing') schedule();
      }, opts.interval);
    }

    function finish() {
      if (state.phase !== 'capturing' || state.captured === 0) return;
      state.phase = 'uploading';
      clearTimeout(state.timer);
      // The camera is not needed while the last uploads finish; release it at once.
      stopStream(state.stream);
      state.stream = null;
      show(shootBtn, false);
      stage.classList.remove(PREFIX + '-clickable');
      updateProgress();
      maybeComplete();
    }

    function openCamera() {
      const media = navigator.mediaDevices;
      if (!media || typeof media.getUserMedia !== 'function') {
        return Promise.reject(widgetError('camera_unsupported', t.cameraUnsupported));
      }
      return media.getUserMedia({
        audio: false,
        video: { facingMode: { ideal: 'environment' }, width: { ideal: 1920 }, height: { ideal: 1080 } }
      });
    }

    function cameraError(err) {
      if (err && err.name === 'ListingsWidgetError') return err;
      const name = err && err.name;
      if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') {
        return widgetError('camera_denied', t.cameraDenied, { cause: err });
      }
      if (name === 'NotFoundError' || name === 'DevicesNotFoundError' || name === 'OverconstrainedError') {
        return widgetError('camera_missing', t.cameraMissing, { cause: err });
      }
      if (name === 'NotReadableError' || name === 'TrackStartError') {
        return widgetError('camera_busy', t.cameraBusy, { cause: err });
      }
      return widgetError('camera_failed', t.cameraFailed + (err && err.message ? ': ' + err.message : ''), { cause: err });
    }

    function start() {
      if (state.phase !== 'intro') return;
      state.phase = 'starting';
      startBtn.disabled = true;
      status.textContent = t.starting;
      // Requested before the camera prompt, while the click still counts as a user gesture.
      enterFullscreen(overlay);
      openCamera().then((stream) => {
        if (state.phase !== 'starting') { // cancelled while the permission prompt was open
          stopStream(stream);
          return;
        }
        state.stream = stream;
        state.phase = 'capturing';
        video.srcObject = stream;
        const playing = video.play();
        if (playing && typeof playing.catch === 'function') playing.catch(() => {});
        show(intro, false);
        show(startBtn, false);
        show(finishBtn, true);
        if (opts.mode === 'click') {
          show(shootBtn, true);
          stage.classList.add(PREFIX + '-clickable');
          shootBtn.focus();
        } else {
          finishBtn.focus();
          schedule();
        }
        updateProgress();
      }, (err) => fail(cameraError(err)));
    }

    function onKey(event) {
      if (event.key === 'Escape' || event.key === 'Esc') {
        event.preventDefault();
        event.stopPropagation();
        cancel();
      }
    }

    cancelBtn.addEventListener('click', cancel);
    startBtn.addEventListener('click', start);
    finishBtn.addEventListener('click', finish);
    shootBtn.addEventListener('click', shoot);
    stage.addEventListener('click', () => { if (opts.mode === 'click') shoot(); });
    document.addEventListener('keydown', onKey, true);

    const session = { handle: Object.freeze({ cancel: cancel, finish: finish }) };
    (opts.container || document.body).appendChild(overlay);
    startBtn.focus();
    return session;
  }

  function capture3d(options) {
    const opts = normalise(options);
    if (active) {
      reportError(opts, widgetError('already_running', 'ListingsWidget.capture3d: a capture is already running'));
      return null;
    }
    if (!opts.uploadEndpoint) {
      reportError(opts, widgetError('invalid_options', 'ListingsWidget.capture3d: uploadEndpoint is required'));
      return null;
    }
    if (typeof document === 'undefined' || !document.body) {
      reportError(opts, widgetError('unsupported', 'ListingsWidget.capture3d: needs a page with a document body'));
      return null;
    }
    active = createSession(opts);
    return active.handle;
  }

  root.ListingsWidget = Object.freeze({ version: VERSION, capture3d: capture3d });
}(typeof window !== 'undefined' ? window : this));
