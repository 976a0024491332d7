/*
  Foldout catalog page: what goes around catalog.js's filtering, which it leaves alone.
  1. The Filters button: below 60rem it opens the facets as a sheet over the page, a dialog
     that ends in "Show 12 pets" (the live count); from 60rem the facets stand beside the
     results and the button is not shown.
  2. The chosen filters as chips above the results, each removing its own filter.
  3. "Skip to results" puts the focus on the first result; "/" puts it in the filter box.
  4. The intro's "Read more" goes away when the intro fits in its folded lines.
  5. From 60rem each facet folds to its name, a button that opens it (GOV.UK's filter
     pattern), so the keyboard reaches the first result after a few presses, not after
     every checkbox. A facet holding a chosen value is open. The stylesheet folds them
     before this runs (`.js`), so nothing moves when it does.
  The count comes from catalog.js's `catalog:results` event ({detail: {shown, total}}), or
  else from its status line. A plain script, like catalog.js: it works from file:// too.
*/
(function () {
  "use strict";

  var catalog = document.querySelector(".catalog");
  if (!catalog) return;
  var root = document.documentElement;
  var panel = document.getElementById("catalog-panel");
  var input = document.getElementById("filter-query");
  var results = document.getElementById("results");
  var status = document.getElementById("catalog-status");

  // ---------- 4. The intro's fold ----------

  var fold = document.querySelector(".intro-fold");
  if (fold) {
    var intro = fold.querySelector(".intro");
    var more = fold.querySelector(".intro-more");
    var measureFold = function () {
      if (!intro || !more || more.open) return;
      fold.classList.toggle("intro-fits", intro.scrollHeight <= intro.clientHeight + 1);
    };
    measureFold();
    window.addEventListener("resize", measureFold);
    window.addEventListener("load", measureFold);
  }

  // ---------- Shown: laid out, and not inside a closed group ----------

  function isShown(element) {
    if (element.getClientRects().length === 0) return false;
    for (var details = element.parentElement.closest("details"); details;
         details = details.parentElement && details.parentElement.closest("details")) {
      if (!details.open && !details.querySelector(":scope > summary").contains(element)) return false;
    }
    return true;
  }

  // The first thing of the results a person can open: a row, or a closed group before any row.
  function firstResult() {
    if (!results) return null;
    var candidates = results.querySelectorAll(".row-link, details > summary");
    for (var k = 0; k < candidates.length; k++) {
      var candidate = candidates[k];
      if (candidate.tagName === "SUMMARY" && candidate.parentElement.open) continue;
      if (isShown(candidate)) return candidate;
    }
    return null;
  }

  // ---------- 3. Skip to results, and "/" ----------

  var skip = document.querySelector('a.skip-link[href="#results"]');
  if (skip) {
    skip.addEventListener("click", function (event) {
      var first = firstResult();
      if (!first) return;
      event.preventDefault();
      first.focus();
    });
  }

  var wide = window.matchMedia ? window.matchMedia("(min-width: 60rem)") : { matches: true };

  // Rows scrolled to (a link to a row, focus moving down the results) clear the sticky panel.
  function keepRowsClearOfPanel() {
    if (!panel || panel.getClientRects().length === 0) return;
    root.style.scrollPaddingTop = wide.matches ? "" : Math.ceil(panel.getBoundingClientRect().height + 8) + "px";
  }
  keepRowsClearOfPanel();
  window.addEventListener("resize", keepRowsClearOfPanel);

  function isTyping(target) {
    if (!target || !target.tagName) return false;
    if (target.isContentEditable || target.tagName === "TEXTAREA" || target.tagName === "SELECT") return true;
    return target.tagName === "INPUT" && !/^(checkbox|radio|button|submit|reset|range|color|file)$/.test(target.type);
  }

  if (input) {
    document.addEventListener("keydown", function (event) {
      if (event.key !== "/" || event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
      if (isTyping(event.target)) return;
      event.preventDefault();
      if (sheetIsOpen()) closeSheet(false);
      input.focus();
      input.select();
    });
  }

  if (!panel) return;

  // ---------- 1. The sheet ----------

  var toggle = panel.querySelector(".facet-toggle");
  var sheet = document.getElementById("facet-sheet");
  var sheetTitle = sheet && sheet.querySelector(".facet-sheet-title");
  var showButton = sheet && sheet.querySelector(".facet-show");
  var sheetClear = sheet && sheet.querySelector(".facet-sheet-clear");
  var clearButton = panel.querySelector(".facet-clear");
  var madeInert = [];

  function sheetIsOpen() {
    return !!toggle && toggle.getAttribute("aria-expanded") === "true";
  }

  function openSheet() {
    toggle.setAttribute("aria-expanded", "true");
    panel.classList.add("is-open");
    if (wide.matches) return; // never shown so: the facets are beside the results
    sheet.setAttribute("role", "dialog");
    sheet.setAttribute("aria-modal", "true");
    if (sheetTitle) sheet.setAttribute("aria-labelledby", sheetTitle.id);
    // Everything but the sheet is out of reach while it is open, as behind a modal <dialog>.
    for (var node = sheet; node.parentElement && node !== document.body; node = node.parentElement) {
      var siblings = node.parentElement.children;
      for (var k = 0; k < siblings.length; k++) {
        var sibling = siblings[k];
        if (sibling !== node && !sibling.inert && sibling.tagName !== "SCRIPT") {
          sibling.inert = true;
          madeInert.push(sibling);
        }
      }
    }
    root.classList.add("has-sheet");
    if (sheetTitle) {
      sheetTitle.tabIndex = -1;
      sheetTitle.focus();
    }
  }

  function closeSheet(focusToggle) {
    toggle.setAttribute("aria-expanded", "false");
    panel.classList.remove("is-open");
    ["role", "aria-modal", "aria-labelledby"].forEach(function (name) { sheet.removeAttribute(name); });
    madeInert.forEach(function (element) { element.inert = false; });
    madeInert = [];
    root.classList.remove("has-sheet");
    if (focusToggle && toggle.getClientRects().length > 0) toggle.focus();
  }

  if (toggle && sheet) {
    toggle.addEventListener("click", function () {
      if (sheetIsOpen()) closeSheet(true);
      else openSheet();
    });
    sheet.querySelector(".facet-sheet-close").addEventListener("click", function () { closeSheet(true); });
    if (showButton) {
      showButton.addEventListener("click", function () {
        closeSheet(true);
        // Scrolled past the start of the results: back to it, so the first shown is in view.
        if (results && results.getBoundingClientRect().top < 0) results.scrollIntoView();
      });
    }
    if (sheetClear && clearButton) {
      sheetClear.addEventListener("click", function () {
        clearButton.click();
        if (sheetIsOpen()) sheetTitle.focus();
      });
    }
    document.addEventListener("keydown", function (event) {
      if (event.key === "Escape" && sheetIsOpen() && !wide.matches) {
        event.preventDefault();
        closeSheet(true);
      }
    });
    // A tap on the shade around the sheet closes it.
    document.addEventListener("click", function (event) {
      if (sheetIsOpen() && !wide.matches && !sheet.contains(event.target) && !toggle.contains(event.target)) closeSheet(true);
    });
    var onWidth = function () {
      if (wide.matches && sheetIsOpen()) closeSheet(false);
    };
    if (wide.addEventListener) wide.addEventListener("change", onWidth);
  }

  // ---------- 5. Facets folded to their names on a desktop ----------

  var facetFolds = Array.prototype.map.call(panel.querySelectorAll("fieldset.facet[data-facet]"), function (fieldset, index) {
    var legend = fieldset.querySelector("legend");
    var values = fieldset.querySelector(".facet-values, .facet-range");
    if (!legend || !values) return null;
    var name = legend.textContent.trim();
    // The name alone where the facets are not folded (the phone's sheet), the button beside it.
    var label = document.createElement("span");
    label.className = "facet-name";
    label.textContent = name;
    var button = document.createElement("button");
    button.type = "button";
    button.className = "facet-fold";
    button.textContent = name;
    button.setAttribute("aria-expanded", "false");
    if (!values.id) values.id = "facet-values-" + index;
    button.setAttribute("aria-controls", values.id);
    legend.replaceChildren(label, button);
    function unfold(open) {
      fieldset.classList.toggle("is-unfolded", open);
      button.setAttribute("aria-expanded", String(open));
    }
    button.addEventListener("click", function () { unfold(!fieldset.classList.contains("is-unfolded")); });
    return {
      // Opened when one of its values is chosen (from the address, Back, a chip's undo); a
      // facet the reader opened stays open.
      follow: function () {
        var chosen = Array.prototype.some.call(fieldset.querySelectorAll("input"), function (field) {
          return field.type === "checkbox" ? field.checked : field.value.trim() !== "";
        });
        if (chosen && !fieldset.classList.contains("is-unfolded")) unfold(true);
      }
    };
  }).filter(Boolean);

  function followFacets() {
    facetFolds.forEach(function (facet) { facet.follow(); });
  }

  // ---------- The live count ----------

  var heardResults = false;

  function countOfStatus() {
    var found = status ? /\d[\d,.\u00a0\u202f ]*/.exec(status.textContent) : null;
    return found ? parseInt(found[0].replace(/\D/g, ""), 10) : null;
  }

  function showCount(shown) {
    if (!showButton || shown === null || isNaN(shown)) return;
    var noun = shown === 1 ? showButton.getAttribute("data-item-name") : showButton.getAttribute("data-item-name-plural");
    var text = "Show " + shown + " " + noun;
    if (showButton.textContent !== text) showButton.textContent = text;
  }

  window.addEventListener("catalog:results", function (event) {
    if (!event.detail || typeof event.detail.shown !== "number") return;
    heardResults = true;
    showCount(event.detail.shown);
    drawChips();
  });

  // ---------- 2. The chips ----------

  var chipList = document.querySelector(".filter-chips");
  var drawnChips = "";

  function tell(element, type) {
    element.dispatchEvent(new Event(type, { bubbles: true }));
  }

  // What is chosen, in the panel's order: the text, then each facet's values or range.
  function chosenFilters() {
    var chosen = [];
    if (input && input.value.trim()) {
      chosen.push({
        label: "\u201c" + input.value.trim() + "\u201d",
        remove: function () { input.value = ""; tell(input, "input"); }
      });
    }
    Array.prototype.forEach.call(panel.querySelectorAll("fieldset[data-facet]"), function (fieldset) {
      var legend = fieldset.querySelector("legend .facet-name, legend");
      var name = legend ? legend.textContent.trim() : fieldset.getAttribute("data-facet");
      Array.prototype.forEach.call(fieldset.querySelectorAll("input[type=checkbox]"), function (box) {
        if (!box.checked) return;
        var value = box.parentNode.querySelector(".facet-value");
        value = value ? value.textContent.trim() : box.value;
        // A value says what it is ("Cat"), a yes or no does not without its facet.
        chosen.push({
          facet: fieldset.classList.contains("facet-boolean") ? "" : name + ": ",
          label: fieldset.classList.contains("facet-boolean") ? name + ": " + value : value,
          remove: function () { box.checked = false; tell(box, "change"); }
        });
      });
      var low = fieldset.querySelector('input[name$="-min"]');
      var high = fieldset.querySelector('input[name$="-max"]');
      if (low && high && (low.value.trim() || high.value.trim())) {
        var from = low.value.trim(), to = high.value.trim();
        chosen.push({
          label: name + ": " + (from && to ? from + "\u2013" + to : from ? "from " + from : "up to " + to),
          remove: function () { low.value = ""; high.value = ""; tell(low, "input"); }
        });
      }
    });
    return chosen;
  }

  function drawChips() {
    followFacets();
    if (!heardResults) showCount(countOfStatus());
    if (sheetClear) sheetClear.hidden = !clearButton || clearButton.hidden;
    if (!chipList) return;
    var chosen = chosenFilters();
    var drawn = chosen.map(function (filter) { return filter.label; }).join("\n");
    if (drawn === drawnChips) return;
    drawnChips = drawn;
    var items = chosen.map(function (filter, index) {
      var item = document.createElement("li");
      var button = document.createElement("button");
      button.type = "button";
      button.className = "filter-chip";
      var hidden = document.createElement("span");
      hidden.className = "visually-hidden";
      hidden.textContent = "Remove filter " + (filter.facet || "");
      button.append(hidden, filter.label);
      button.addEventListener("click", function () {
        filter.remove();
        drawChips();
        // The focus stays among the chips, or goes to the filter box when none is left.
        var left = chipList.querySelectorAll(".filter-chip");
        var next = left[Math.min(index, left.length - 1)];
        if (next) next.focus();
        else if (input) input.focus();
      });
      item.append(button);
      return item;
    });
    if (chosen.length > 1 && clearButton) {
      var item = document.createElement("li");
      var clear = document.createElement("button");
      clear.type = "button";
      clear.className = "filter-chip is-clear";
      clear.textContent = "Clear all";
      clear.addEventListener("click", function () { clearButton.click(); });
      item.append(clear);
      items.push(item);
    }
    chipList.replaceChildren.apply(chipList, items);
    chipList.hidden = chosen.length === 0;
  }

  // catalog.js writes its status line each time the filters change (and after the address is
  // read on arrival, or Back): the chips and the count follow it.
  if (status && window.MutationObserver) {
    new MutationObserver(drawChips).observe(status, { childList: true, characterData: true, subtree: true });
  }
  drawChips();
})();
