// The example page's logic; see the comment at the top of capture3d.html. It lives in its
// own file so that a Content-Security-Policy without 'unsafe-inline' can allow it.
(function () {
  'use strict';

  var params = new URLSearchParams(window.location.search);
  var $ = function (id) { return document.getElementById(id); };
  var startBtn = $('start');
  var statusEl = $('status');

  function setStatus(text, isError) {
    statusEl.textContent = text;
    statusEl.className = isError ? 'error' : '';
  }

  // httpURL reads a URL parameter; only http(s) is accepted, so a crafted link cannot
  // turn the widget's script tag into a javascript: or data: URL.
  function httpURL(name, fallback) {
    var raw = params.get(name) || fallback;
    try {
      var u = new URL(raw, window.location.href);
      if (u.protocol === 'http:' || u.protocol === 'https:') return u.href.replace(/\/+$/, '');
    } catch (e) { /* reported below */ }
    setStatus('The ' + name + ' parameter must be an http or https URL, got ' + JSON.stringify(raw) + '.', true);
    return null;
  }

  function intParam(name) {
    var n = parseInt(params.get(name) || '', 10);
    return n > 0 ? n : undefined;
  }

  var sandbox = httpURL('sandbox', 'http://127.0.0.1:8080');
  var endpoint = httpURL('proxy', 'http://127.0.0.1:8081/upload');
  var lang = ['uk', 'ru', 'en'].indexOf(params.get('lang')) >= 0 ? params.get('lang') : 'en';
  var mode = params.get('mode') === 'click' ? 'click' : 'auto';
  if (!sandbox || !endpoint) return;

  var widgetURL = sandbox + '/widget/capture3d.js';
  $('widget-url').textContent = widgetURL;
  $('endpoint-url').textContent = endpoint;

  function done(detail) {
    startBtn.disabled = false;
    window.dispatchEvent(new CustomEvent('listings-example', { detail: detail }));
  }

  function showFrames(urls) {
    var list = $('thumbs');
    list.textContent = '';
    urls.forEach(function (url, i) {
      var li = document.createElement('li');
      var a = document.createElement('a');
      var img = document.createElement('img');
      a.href = url;
      a.target = '_blank';
      a.rel = 'noopener';
      img.src = url;
      img.alt = 'Frame ' + (i + 1);
      img.loading = 'lazy';
      a.appendChild(img);
      li.appendChild(a);
      list.appendChild(li);
    });
    $('snippet').value = '"photos_3d": ' + JSON.stringify(urls, null, 2);
    $('result').className = '';
  }

  $('copy').addEventListener('click', function () {
    var text = $('snippet').value;
    var copied = navigator.clipboard && window.isSecureContext
      ? navigator.clipboard.writeText(text)
      : Promise.reject(new Error('no clipboard'));
    copied.then(function () { setStatus('Copied.'); }, function () {
      $('snippet').select(); // the user can press Ctrl+C
      setStatus('Select the text and copy it with Ctrl+C.');
    });
  });

  startBtn.addEventListener('click', function () {
    startBtn.disabled = true;
    setStatus('Capturing…');
    var handle = window.ListingsWidget.capture3d({
      uploadEndpoint: endpoint,
      lang: lang,
      mode: mode,
      frames: intParam('frames'),
      interval: intParam('interval'),
      onComplete: function (urls) {
        showFrames(urls);
        setStatus(urls.length + ' frame(s) uploaded.');
        done({ event: 'complete', urls: urls });
      },
      onCancel: function () {
        setStatus('Capture cancelled.');
        done({ event: 'cancel', urls: [] });
      },
      onError: function (err) {
        setStatus((err && err.message) || 'The capture failed.', true);
        done({ event: 'error', urls: [], code: String(err && err.code || ''),
          message: String(err && err.message || ''), status: (err && err.status) || 0 });
      }
    });
    if (!handle) startBtn.disabled = false; // onError has said why
  });

  var script = document.createElement('script');
  script.src = widgetURL;
  script.onload = function () {
    if (!window.ListingsWidget || typeof window.ListingsWidget.capture3d !== 'function') {
      setStatus('The script at ' + widgetURL + ' did not define ListingsWidget.capture3d.', true);
      return;
    }
    startBtn.disabled = false;
    setStatus('Ready. Press Start and allow the camera.');
  };
  script.onerror = function () {
    setStatus('Could not load the widget from ' + widgetURL + '. Is the sandbox running (listings sandbox serve)?', true);
  };
  document.head.appendChild(script);
}());
