/**
 * The dashboard's only script (served as /assets/app.js): ticking countdowns, live refresh on the desk's
 * server-sent events, and the Copy button. Everything works without it except those three.
 * Plain ES2017 with no template literals, so it can sit in this string as written.
 */
export const APP_JS = `(function () {
  'use strict';
  var body = document.body;
  var offset = 0;
  function syncClock(doc) {
    var n = Date.parse(doc.body.getAttribute('data-now') || '');
    if (!isNaN(n)) offset = n - Date.now();
  }
  function pad(n) { return n < 10 ? '0' + n : String(n); }
  function fmt(ms) {
    if (ms <= 0) return 'passed';
    var s = Math.floor(ms / 1000);
    var d = Math.floor(s / 86400);
    var hms = pad(Math.floor((s % 86400) / 3600)) + ':' + pad(Math.floor((s % 3600) / 60)) + ':' + pad(s % 60);
    return d > 0 ? d + 'd ' + hms : hms;
  }
  function tick() {
    var now = Date.now() + offset;
    var due = false;
    var els = document.querySelectorAll('[data-countdown]');
    for (var i = 0; i < els.length; i++) {
      var el = els[i];
      var left = Date.parse(el.getAttribute('data-countdown')) - now;
      var text = fmt(left);
      if (el.textContent !== text) el.textContent = text;
      if (left <= 0 && !el.hasAttribute('data-fired')) {
        el.setAttribute('data-fired', '');
        if (left > -5000) due = true;
      }
    }
    if (due) schedule(1500);
  }

  var status = document.getElementById('live-status');
  function say(text) { if (status) status.textContent = text; }
  var connected = false;
  // "live" only while the desk's polls work: a failing poll is said here too, not only in the page's alert.
  function sayLive() {
    if (!connected) return;
    say(document.querySelector('[data-poll-state="failing"]') ? 'live, but reading the thread fails' : 'live');
  }
  var pending = null;
  function schedule(delay) {
    if (pending) return;
    pending = setTimeout(function () { pending = null; refresh(); }, delay);
  }
  // A fold the mod opened (or closed) stays so: the fresh copy takes its state, so a refresh neither closes it nor
  // counts it as a change.
  function keepOpenState(el, fresh) {
    var folds = el.querySelectorAll('details[id]');
    for (var j = 0; j < folds.length; j++) {
      var twin = fresh.querySelector('details#' + CSS.escape(folds[j].id));
      if (!twin) continue;
      if (folds[j].open) twin.setAttribute('open', '');
      else twin.removeAttribute('open');
    }
  }
  // The regions inside el that hold a control the mod changed, or null when el holds one itself.
  function heldRegions(el) {
    var held = [];
    var dirty = el.querySelectorAll('[data-dirty]');
    for (var i = 0; i < dirty.length; i++) {
      var region = dirty[i].parentElement.closest('[data-live]');
      if (region === el) return null;
      if (held.indexOf(region) < 0) held.push(region);
    }
    return held;
  }
  // The region in root (the fresh page, or a copy) that stands for region.
  function liveTwin(root, region) {
    return root.querySelector('[data-live="' + CSS.escape(region.getAttribute('data-live')) + '"]');
  }
  // Each held region of the copy made an empty shell, so a copy compares equal whatever the mod is doing in them.
  function shellHeld(root, held) {
    for (var i = 0; i < held.length; i++) {
      var twin = liveTwin(root, held[i]);
      if (!twin) return false;
      twin.replaceWith(held[i].cloneNode(false));
    }
    return true;
  }
  // Puts the fresh copy in place of el, keeping each held region as the mod left it, so a new flag still shows
  // beside the one the mod is ruling on. When the fresh copy no longer has a held region, el stays as it is.
  function renew(el, fresh) {
    var held = heldRegions(el);
    if (!held) return;
    keepOpenState(el, fresh);
    var copy = document.importNode(fresh, true);
    var mine = el.cloneNode(true);
    if (!shellHeld(copy, held) || !shellHeld(mine, held)) return;
    if (mine.innerHTML === copy.innerHTML) return;
    for (var i = 0; i < held.length; i++) liveTwin(copy, held[i]).replaceWith(held[i]);
    el.replaceWith(copy);
  }
  function refresh() {
    fetch(location.href, { headers: { 'x-moddesk-live': '1' }, credentials: 'same-origin' })
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (text) {
        if (!text) return;
        var doc = new DOMParser().parseFromString(text, 'text/html');
        syncClock(doc);
        var focusedId = document.activeElement && document.activeElement.id;
        var regions = document.querySelectorAll('[data-live]');
        for (var i = 0; i < regions.length; i++) {
          var el = regions[i];
          if (!el.isConnected) continue;
          var fresh = liveTwin(doc, el);
          if (fresh) renew(el, fresh);
        }
        if (focusedId && document.activeElement === body) {
          var again = document.getElementById(focusedId);
          if (again) again.focus();
        }
        sayLive();
        body.setAttribute('data-refreshes', String(Number(body.getAttribute('data-refreshes') || '0') + 1));
        tick();
      })
      .catch(function () { say('disconnected: reload to retry'); });
  }

  // A control the mod has changed (a choice, a box, a text) holds its region until the form is sent: a refresh
  // would put back the choice the server drew and lose the mod's half-made ruling.
  function markDirty(e) {
    var t = e.target;
    if (t && t.form && /^(TEXTAREA|SELECT|INPUT)$/.test(t.tagName)) t.setAttribute('data-dirty', '');
  }
  document.addEventListener('input', markDirty);
  document.addEventListener('change', markDirty);
  document.addEventListener('submit', function (e) {
    var f = e.target;
    var dirty = f.querySelectorAll('[data-dirty]');
    for (var i = 0; i < dirty.length; i++) dirty[i].removeAttribute('data-dirty');
  });
  document.addEventListener('click', function (e) {
    var b = e.target && e.target.closest ? e.target.closest('[data-copy]') : null;
    if (!b) return;
    var src = document.getElementById(b.getAttribute('data-copy'));
    if (!src) return;
    var text = src.value !== undefined ? src.value : src.textContent;
    var done = function () { say('Copied to the clipboard.'); b.textContent = 'Copied'; };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(done, function () { fallback(src); done(); });
    } else { fallback(src); done(); }
  });
  function fallback(src) {
    if (src.select) { src.focus(); src.select(); }
    try { document.execCommand('copy'); } catch (err) { /* the text stays selected for Ctrl+C */ }
  }

  var game = body.getAttribute('data-game');
  if (window.EventSource) {
    var es = new EventSource(game ? '/games/' + encodeURIComponent(game) + '/events' : '/events');
    es.onopen = function () { connected = true; sayLive(); body.setAttribute('data-live-connected', ''); };
    es.onmessage = function () { schedule(150); };
    es.onerror = function () { connected = false; say('reconnecting…'); };
  }
  syncClock(document);
  tick();
  setInterval(tick, 1000);
})();
`;
