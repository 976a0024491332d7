// Installed in a page by bench/browser/run.py (after it loaded) to time one interaction at a
// time. window.__bench.arm(type, until, quiet, cap) waits for the next `type` event (caught on
// window in the capture phase, so before the page's own listeners) and resolves
// window.__bench.done with, in milliseconds from that event's dispatch (t0):
//   nextFrame: t0 -> the next requestAnimationFrame -> a MessageChannel message, i.e. the
//              end of the first frame rendered after the event (handlers, style, layout and
//              paint recording on the main thread; not raster and compositing);
//   settled:   t0 -> the end of the first frame that started after the last DOM change
//              (MutationObserver) in an element that is drawn and, with `until`, once document.querySelector(until)
//              matches: covers a page that debounces or redraws in chunks;
//   lag:       event.timeStamp -> t0 (how long the event waited to be dispatched).
// It stops `quiet` ms after the last DOM change, or at `cap` ms. Event Timing entries
// (duration >= 16 ms, trusted input only) of the interaction collect in window.__bench.events.
(function () {
  "use strict";
  if (window.__bench) return;
  var h = (window.__bench = { events: [], lastMutation: -1, eventTiming: false, done: null });
  try {
    new PerformanceObserver(function (list) {
      list.getEntries().forEach(function (e) {
        h.events.push({ name: e.name, duration: e.duration, start: e.startTime });
      });
    }).observe({ type: "event", durationThreshold: 16 });
    h.eventTiming = true;
  } catch (error) {
    h.eventTiming = false;
  }
  // A change counts only where it can be seen: in an element that is drawn. A page may
  // bring rows inside closed groups up to date later (catalog.js does, when idle); that
  // draws nothing, so it does not hold "settled" back.
  function drawn(node) {
    var element = node && node.nodeType === 1 ? node : node && node.parentElement;
    if (!element || !element.isConnected) return false;
    return typeof element.checkVisibility === "function" ? element.checkVisibility() : true;
  }
  new MutationObserver(function (records) {
    for (var i = 0; i < records.length; i++) {
      // An element hidden or shown is seen through its parent; added or removed nodes too.
      var where = records[i].type === "attributes" ? records[i].target.parentElement : records[i].target;
      if (drawn(where)) {
        h.lastMutation = performance.now();
        return;
      }
    }
  }).observe(document.documentElement, { subtree: true, childList: true, attributes: true, characterData: true });

  h.arm = function (type, until, quiet, cap) {
    h.events = [];
    h.done = new Promise(function (resolve) {
      var timer = setTimeout(function () {
        window.removeEventListener(type, listener, true);
        resolve({ error: "no " + type + " event within 30 s" });
      }, 30000);
      function listener(event) {
        window.removeEventListener(type, listener, true);
        clearTimeout(timer);
        var t0 = performance.now();
        var lag = t0 - event.timeStamp;
        h.lastMutation = -1;
        var nextFrame = null, settled = null, settledFor = null, frames = 0;
        function frame() {
          requestAnimationFrame(function () {
            var frameStart = performance.now();
            var channel = new MessageChannel();
            channel.port1.onmessage = function () {
              var now = performance.now();
              frames += 1;
              if (nextFrame === null) nextFrame = now - t0;
              var present = !until || document.querySelector(until) !== null;
              if (settled !== null && settledFor !== h.lastMutation) settled = null; // changed again since
              if (settled === null && present && h.lastMutation < frameStart) {
                settled = now - t0;
                settledFor = h.lastMutation;
              }
              var quietSince = Math.max(t0, h.lastMutation);
              if ((settled !== null && now - quietSince >= quiet) || now - t0 >= cap) {
                resolve({ nextFrame: nextFrame, settled: settled, lag: lag, frames: frames,
                          mutated: h.lastMutation >= 0, found: present, capped: now - t0 >= cap });
              } else {
                frame();
              }
            };
            channel.port2.postMessage(0);
          });
        }
        frame();
      }
      window.addEventListener(type, listener, true);
    });
  };

  // Frame times while scrolling from top to bottom, `step` px a frame (at most `limit` frames
  // and `seconds` seconds).
  h.scroll = function (step, limit, seconds) {
    return new Promise(function (resolve) {
      var deltas = [], last = null, frames = 0, start = performance.now();
      function tick(timestamp) {
        if (last !== null) deltas.push(timestamp - last);
        last = timestamp;
        var bottom = window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1;
        if (bottom || frames >= limit || performance.now() - start > seconds * 1000) {
          resolve({ deltas: deltas, frames: frames, bottom: bottom });
          return;
        }
        window.scrollBy(0, step);
        frames += 1;
        requestAnimationFrame(tick);
      }
      requestAnimationFrame(tick);
    });
  };

  // Time from a synchronous change to the end of the next frame.
  h.timeChange = function (change) {
    return new Promise(function (resolve) {
      var t0 = performance.now();
      change();
      requestAnimationFrame(function () {
        var channel = new MessageChannel();
        channel.port1.onmessage = function () { resolve(performance.now() - t0); };
        channel.port2.postMessage(0);
      });
    });
  };
})();
