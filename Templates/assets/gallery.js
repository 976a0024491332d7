/* Foldout's gallery (item.html, `photos:`): previous and next buttons and a "1 / 3" counter
   that follow the strip as it scrolls, and each photo whole in a dialog on the page.
   Without this script the strip still scrolls and each slide links to its largest file. */
(function () {
  "use strict";

  function setUp(gallery) {
    var track = gallery.querySelector(".gallery-track");
    var slides = track ? Array.prototype.slice.call(track.querySelectorAll(".gallery-slide")) : [];
    var controls = gallery.querySelector(".gallery-controls");
    if (slides.length < 2 || !controls) return;
    var previous = controls.querySelector(".gallery-previous");
    var next = controls.querySelector(".gallery-next");
    var counter = controls.querySelector(".gallery-counter");
    var current = 0;

    // The slide whose place (leftOf) is nearest the strip's scroll position: where scroll
    // snapping puts one. Slides near the end share the last place; of those, the one the
    // counter shows already stays (the track is positioned, so offsetLeft is measured from it).
    function shownIndex() {
      var best = 0, distance = Infinity;
      slides.forEach(function (slide, index) {
        var away = Math.abs(leftOf(index) - track.scrollLeft);
        if (away < distance - 1 || (Math.abs(away - distance) <= 1 && index === current)) {
          distance = away;
          best = index;
        }
      });
      return best;
    }

    function show(index) {
      current = index;
      counter.textContent = (index + 1) + " / " + slides.length;
      // aria-disabled, not disabled: a button that held the focus keeps it.
      previous.setAttribute("aria-disabled", String(index === 0));
      next.setAttribute("aria-disabled", String(index === slides.length - 1));
    }

    // Where slide `index` puts the strip: its start, or as far as the strip goes.
    function leftOf(index) {
      return Math.min(slides[index].offsetLeft, track.scrollWidth - track.clientWidth);
    }

    // While a button's smooth scroll is under way the counter says where it is going.
    var target = -1;
    function go(index) {
      index = Math.max(0, Math.min(slides.length - 1, index));
      target = Math.abs(track.scrollLeft - leftOf(index)) < 2 ? -1 : index;
      track.scrollTo({ left: leftOf(index) });
      show(index);
    }

    var pending = 0;
    track.addEventListener("scroll", function () {
      if (pending) return;
      pending = requestAnimationFrame(function () {
        pending = 0;
        if (target >= 0 && Math.abs(track.scrollLeft - leftOf(target)) >= 2) return;
        target = -1;
        show(shownIndex());
      });
    }, { passive: true });
    track.addEventListener("scrollend", function () {
      target = -1;
      show(shownIndex());
    });
    previous.addEventListener("click", function () { go(current - 1); });
    next.addEventListener("click", function () { go(current + 1); });
    gallery.addEventListener("keydown", function (event) {
      if (event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) return;
      if (event.target.closest && event.target.closest("dialog")) return;
      if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
        event.preventDefault();
        go(current + (event.key === "ArrowRight" ? 1 : -1));
        // A slide's link that had the focus hands it to the slide now shown.
        if (event.target.closest && event.target.closest(".gallery-slide")) slides[current].querySelector("a").focus({ preventScroll: true });
      }
    });
    // A slide reached by Tab scrolls into view, and the counter names it.
    track.addEventListener("focusin", function (event) {
      var slide = event.target.closest && event.target.closest(".gallery-slide");
      if (slide) show(slides.indexOf(slide));
    });

    var viewer = gallery.querySelector(".gallery-viewer");
    if (viewer && typeof viewer.showModal === "function") {
      var image = document.createElement("img");
      image.className = "gallery-viewer-image";
      image.alt = "";
      var caption = viewer.querySelector(".gallery-viewer-caption");
      var opener = null;
      slides.forEach(function (slide, index) {
        var link = slide.querySelector("a");
        if (!link) return;
        link.addEventListener("click", function (event) {
          if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
          event.preventDefault();
          var shown = slide.querySelector("img");
          opener = link;
          // Put in the page only once it has a photo: an <img> without one is a broken image.
          if (!image.parentNode) viewer.insertBefore(image, viewer.firstChild);
          image.src = link.href;
          image.alt = shown ? shown.alt : "";
          if (shown && shown.width && shown.height) {
            image.width = shown.getAttribute("width");
            image.height = shown.getAttribute("height");
          }
          if (caption) caption.textContent = (index + 1) + " / " + slides.length;
          show(index);
          viewer.showModal();
        });
      });
      // A click on the backdrop (outside the photo and its caption) closes it, as Escape does.
      viewer.addEventListener("click", function (event) {
        if (event.target === viewer) viewer.close();
      });
      // Back to the slide that opened it, unless the focus has gone somewhere of its own
      // accord by the time the close event comes (the browser may have moved it already).
      viewer.addEventListener("close", function () {
        var focused = document.activeElement;
        if (opener && (!focused || focused === document.body || viewer.contains(focused))) opener.focus({ preventScroll: true });
        opener = null;
      });
    }

    controls.hidden = false;
    show(shownIndex());
  }

  Array.prototype.forEach.call(document.querySelectorAll(".gallery"), setUp);
})();
