/*
  Foldout catalog page script: the panel (partials/catalog-panel.html). The page is complete
  without it; this adds:
  1. A text filter, facets (catalog-facets.js) and sort choices (catalog-sort.js). Rows that
     do not match hide, groups and sections say how many of their rows match and hide when
     none do, and the status line says "12 of 340 items". The state lives in the address
     (?q=…&species=cat&age=2..8&sort=age), so a view can be linked, reloaded and gone back to.
  2. Results people can trust (see "Results" below): while a filter or a sort is chosen,
     each item is one result: query sections, which repeat items, step aside; sub-pages go
     with their item; items the catalog does not list (`listed:`) stay out unless the reader
     includes them. A sort shows the results as one list across groups, each row with its
     section and group; clearing it brings the outline back as it was. After each update
     the catalog element gets a `catalog:results` event, detail {shown, total}.
  The scripts it uses, loaded before it: catalog-rows.js (what each row is, and writing its
  `hidden`), catalog-facets.js, catalog-sort.js and catalog-print.js (the note printed in
  place of the panel). Opening groups (links to rows, Expand all, printing) is
  catalog-outline.js, loaded first: this fills in its hooks and calls arrive() once the view
  from the address is drawn. What goes around the filtering (the phone's sheet, chips) is
  catalog-page.js, loaded after. Plain scripts: no modules, no fetch, so they work from
  file:// too.
*/
(function () {
  "use strict";

  var catalog = document.querySelector(".catalog");
  if (!catalog) return;
  var outline = window.foldoutOutline || { arrive: function () {} };
  var parts = window.foldoutCatalog;

  // ---------- The panel ----------

  var panel = document.getElementById("catalog-panel");
  var rowElements = catalog.getElementsByClassName("row");
  if (!panel || rowElements.length === 0 || !parts || !parts.rows) {
    outline.arrive();
    return;
  }
  var fold = parts.fold, textOf = parts.textOf;
  var input = document.getElementById("filter-query");
  var sortSelect = document.getElementById("catalog-sort");
  var status = document.getElementById("catalog-status");
  var clearButton = panel.querySelector(".facet-clear");
  var activeBadge = panel.querySelector(".facet-active");
  var totalLabel = status ? status.textContent : "";
  var empty = document.createElement("p");
  empty.className = "filter-empty";
  empty.hidden = true;
  panel.parentNode.insertBefore(empty, panel.nextSibling);
  var describePrinted = parts.printNote(panel);

  var data = { items: 0, rows: [], facets: [], sorts: [] };
  try {
    data = JSON.parse(document.getElementById("catalog-data").textContent);
  } catch (error) {
    // A page made by a template without the data filters by text alone.
  }
  var model = parts.rows(catalog, Array.prototype.slice.call(rowElements), data);
  data = model.data;
  var rows = model.rows;
  var itemCount = model.itemCount, entryCount = model.entryCount;
  var rowItem = model.rowItem, entryOf = model.entryOf;
  var unlistedItem = model.unlistedItem, rowRepeats = model.rowRepeats;
  var rowShown = model.rowShown;
  var facets = parts.facets(panel, data);
  var sorted = parts.sortedResults(catalog, panel, model, sortSelect);
  outline.writePendingRows = model.writePendingRows;
  outline.showRow = model.showRow;
  outline.placeRow = sorted.place;
  outline.printAllResults = sorted.showAll;

  var unlistedBox = document.getElementById("catalog-unlisted");
  var unlistedCount = unlistedBox ? unlistedBox.parentNode.querySelector(".facet-count") : null;
  var unlistedName = unlistedBox ? textOf(unlistedBox.parentNode, ".facet-value").trim() : "";

  // ---------- The state and the address ----------

  function readAddress() {
    var params = new URLSearchParams(location.search);
    input.value = params.get("q") || "";
    facets.readAddress(params);
    if (unlistedBox) unlistedBox.checked = params.getAll("include").map(parts.addressName).indexOf("unlisted") !== -1;
    if (sortSelect) {
      var sort = parts.addressName(params.get("sort") || "");
      var option = Array.prototype.filter.call(sortSelect.options, function (option) {
        return option.value && (parts.addressName(option.value) === sort || parts.addressName(option.textContent) === sort);
      })[0];
      sortSelect.value = option ? option.value : "";
    }
  }

  function writeAddress(push) {
    try {
      var url = new URL(location.href);
      var params = url.searchParams;
      params.delete("q");
      if (input.value.trim()) params.set("q", input.value);
      facets.writeAddress(params);
      params.delete("include");
      if (unlistedBox && unlistedBox.checked) params.set("include", "unlisted");
      params.delete("sort");
      if (sortSelect && sortSelect.value) params.set("sort", sortSelect.value);
      if (url.href === location.href) return;
      if (push) history.pushState(history.state, "", url.href);
      else history.replaceState(history.state, "", url.href);
    } catch (error) {
      // Some browsers refuse to change a file:// address; filtering still works.
    }
  }

  // ---------- Groups and sections while filtering ----------

  var saved = null; // groups' open state and accordion names from before filtering
  var groups = Array.prototype.slice.call(catalog.querySelectorAll("details"));
  var counted = null; // containers whose count label is showing "n of m"

  function save() {
    saved = groups.map(function (details) {
      return { open: details.open, name: details.getAttribute("name") };
    });
    // Exclusive groups would close each other when several hold matches.
    groups.forEach(function (details) { details.removeAttribute("name"); });
  }

  function restore() {
    if (!saved) return;
    groups.forEach(function (details, index) { details.open = saved[index].open; });
    groups.forEach(function (details, index) {
      if (saved[index].name !== null) details.setAttribute("name", saved[index].name);
    });
    saved = null;
  }

  function countElement(container) {
    var label = container.tagName === "DETAILS"
      ? container.querySelector(":scope > summary .count")
      : container.querySelector(":scope > .section-header .count");
    if (label && !label.hasAttribute("data-all")) label.setAttribute("data-all", label.textContent);
    return label;
  }

  // Rows to open the groups of when filtering: beyond this, opening them all would lay out
  // thousands of rows, and the counts already say where the matches are.
  var openLimit = 200;

  // ---------- Filtering ----------

  // Which entries the text and facets let through, and each facet value's count (written to
  // the panel): worked out again only when the filters change, not for a sort.
  var lastMatch = null;
  function matchFilters(key, words, active, including) {
    if (words.length > 0) model.readRowText();
    var rowText = model.rowText, rowTitles = model.rowTitles;

    // Which rows pass the text, and which items have a row that does (query sections aside).
    var textItem = new Uint8Array(itemCount);
    var rowPassesText = new Uint8Array(rows.length);
    for (var r = 0; r < rows.length; r++) {
      var hit = 1;
      if (words.length > 0) {
        var own = rowText[r], around = rowTitles[r];
        for (var w = 0; w < words.length; w++) {
          if (own.indexOf(words[w]) === -1 && around.indexOf(words[w]) === -1) { hit = 0; break; }
        }
      }
      rowPassesText[r] = hit;
      if (hit && !rowRepeats[r]) textItem[rowItem[r]] = 1;
    }
    // An entry matches the text when it or one of its pages does.
    for (var p = 0; p < itemCount; p++) {
      if (textItem[p] && entryOf[p] !== p) textItem[entryOf[p]] = 1;
    }

    // Each entry's failing facet: 0 none, f + 1 only facet f, -1 more than one.
    var fail = new Int32Array(itemCount);
    var passCount = 0;
    var unlistedMatches = 0;
    for (var i = 0; i < itemCount; i++) {
      if (entryOf[i] !== i) continue;
      var failed = 0;
      for (var a = 0; a < active.length; a++) {
        if (!facets.passes(active[a], i)) {
          failed = failed === 0 ? facets.list.indexOf(active[a]) + 1 : -1;
          if (failed === -1) break;
        }
      }
      fail[i] = failed;
      if (failed === 0 && textItem[i]) {
        if (unlistedItem[i]) unlistedMatches += 1;
        if (!unlistedItem[i] || including) passCount += 1;
      }
    }

    // Counts: what checking each value would give with the other facets and the text, over
    // the entries that results list.
    facets.writeCounts(itemCount, function (i, f) {
      return entryOf[i] === i && textItem[i] && (fail[i] === 0 || fail[i] === f + 1) && !(unlistedItem[i] && !including);
    });
    if (unlistedCount && unlistedCount.textContent !== String(unlistedMatches)) unlistedCount.textContent = unlistedMatches;

    return { key: key, textItem: textItem, rowPassesText: rowPassesText, fail: fail, passCount: passCount,
             unlistedMatches: unlistedMatches };
  }

  function apply() {
    facets.readControls();
    var words = fold(input.value).split(" ").filter(Boolean);
    var active = facets.active();
    var filtering = words.length > 0 || active.length > 0;
    var sorting = !!(sortSelect && sortSelect.value);
    // Results: each item once, listed items only unless included (see the top of this file).
    var results = filtering || sorting;
    var including = !!(unlistedBox && unlistedBox.checked);
    // The same filters as last time (only the sort changed): their matches and counts stand.
    var filterKey = JSON.stringify([words, including, active.map(function (facet) { return [facet.key, facet.selected]; })]);
    var matched = lastMatch && lastMatch.key === filterKey ? lastMatch : matchFilters(filterKey, words, active, including);
    lastMatch = matched;
    var textItem = matched.textItem, rowPassesText = matched.rowPassesText, fail = matched.fail;
    var passCount = matched.passCount, unlistedMatches = matched.unlistedMatches;
    var shownItems = results ? passCount : entryCount;

    // Rows, and the groups and sections around them: what each row should show is decided
    // here and written below, once the groups around it are opened or closed.
    if (results && !saved) save();
    var shownRows = 0;
    for (var r2 = 0; r2 < rows.length; r2++) {
      var show = 1;
      if (results) {
        var item = rowItem[r2], entry = entryOf[item];
        show = rowRepeats[r2] || fail[entry] !== 0 || (unlistedItem[entry] && !including) ? 0
          // An entry shows when it or one of its pages matches the text; a page when it does.
          : item === entry ? textItem[entry] : rowPassesText[r2];
      }
      shownRows += show;
      rowShown[r2] = show;
    }
    if (results || counted) {
      model.containersOf(0);
      var containers = model.containers, containerList = model.containerList, containerPages = model.containerPages;
      // Groups and sections count the entries they show; an entry's disclosure its pages.
      var shownIn = new Int32Array(containerList.length);
      var allIn = new Int32Array(containerList.length);
      for (var r3 = 0; r3 < rows.length; r3++) {
        var around = containers[r3];
        var page = entryOf[rowItem[r3]] !== rowItem[r3];
        for (var c = 0; c < around.length; c++) {
          if (containerPages[around[c]] !== page) continue;
          allIn[around[c]] += 1;
          if (rowShown[r3]) shownIn[around[c]] += 1;
        }
      }
      var openMatches = filtering && shownRows <= openLimit;
      containerList.forEach(function (element, slot) {
        var has = !results || shownIn[slot] > 0;
        var label = countElement(element);
        if (label) {
          var count = results && shownIn[slot] !== allIn[slot]
            ? shownIn[slot] + " of " + label.getAttribute("data-all")
            : label.getAttribute("data-all");
          if (label.textContent !== count) label.textContent = count;
        }
        if (element.tagName === "DETAILS") {
          // An entry's pages open only for words that found them, not for every facet match.
          if (openMatches && (words.length > 0 || !containerPages[slot])) element.open = shownIn[slot] > 0;
          // A row's own disclosure of sub-pages: it shows with its row, as "0 of 2 pages".
          if (!element.classList.contains("row-children") && element.parentElement.hidden === has) element.parentElement.hidden = !has;
        } else if (element.hidden === has) {
          element.hidden = !has;
        }
      });
      counted = results;
    }
    if (!results) restore();
    model.writeRows();
    sorted.show();

    if (status) {
      status.textContent = filtering || shownItems !== entryCount ? shownItems + " of " + totalLabel : totalLabel;
    }
    var nothing = results && shownRows === 0;
    empty.hidden = !nothing;
    empty.textContent = !nothing ? ""
      : unlistedMatches > 0 && !including
        ? "Nothing listed matches these filters; " + unlistedMatches + " with \u201c" + unlistedName + "\u201d."
        : "Nothing matches these filters.";
    if (clearButton) clearButton.hidden = !filtering && !including;
    if (activeBadge) activeBadge.textContent = active.length ? "(" + active.length + ")" : "";
    catalog.classList.toggle("is-filtered", filtering);
    describeView();
    var event;
    try {
      event = new CustomEvent("catalog:results", { detail: { shown: shownItems, total: entryCount } });
    } catch (error) {
      event = null;
    }
    if (event) catalog.dispatchEvent(event);
  }

  // The print note: the text, each chosen facet, the count and the sort.
  function describeView() {
    describePrinted(input.value.trim(), facets.describe(), status ? status.textContent : "",
      sortSelect && sortSelect.value ? sortSelect.options[sortSelect.selectedIndex].textContent : "");
  }

  // ---------- Wiring ----------

  // The address is written after the view is drawn: Chromium takes tens of milliseconds over
  // a history change on a large page, which would come between a key and its result. While
  // someone types, only the pause after the last key writes it.
  var addressTimer = null;
  var addressPush = false;
  function writeAddressLater(push) {
    addressPush = addressPush || push;
    clearTimeout(addressTimer);
    var write = function () {
      addressTimer = null;
      var pushing = addressPush;
      addressPush = false;
      writeAddress(pushing);
    };
    if (push) {
      requestAnimationFrame(function () { addressTimer = setTimeout(write, 0); });
    } else {
      addressTimer = setTimeout(write, 400);
    }
  }

  function update(push) {
    apply();
    writeAddressLater(push);
  }

  panel.addEventListener("submit", function (event) { event.preventDefault(); });
  input.addEventListener("input", function () { update(false); });
  input.addEventListener("keydown", function (event) {
    if (event.key === "Escape" && input.value) {
      input.value = "";
      update(false);
    }
  });
  facets.listen(update);
  if (sortSelect) {
    sortSelect.addEventListener("change", function () {
      sorted.restart();
      update(true);
    });
  }
  if (unlistedBox) unlistedBox.addEventListener("change", function () { update(true); });
  if (clearButton) {
    clearButton.addEventListener("click", function () {
      input.value = "";
      facets.clear();
      if (unlistedBox) unlistedBox.checked = false;
      update(true);
      input.focus();
    });
  }
  // The Filters button and its sheet: catalog-page.js.
  window.addEventListener("popstate", function () {
    clearTimeout(addressTimer);
    addressPush = false;
    readAddress();
    apply();
  });

  // A view from the address: a link, a reload, or the back button after leaving the page.
  readAddress();
  facets.readControls();
  if (input.value.trim() || facets.active().length > 0 ||
      (sortSelect && sortSelect.value) || (unlistedBox && unlistedBox.checked)) {
    apply();
  }
  outline.arrive();
  if (window.performance && performance.mark) performance.mark("foldout:catalog-ready");
  // Read what the rows can be found by while the reader looks at the page, so the first key
  // typed does not wait for it; and each sort's order, so that choosing one only moves rows.
  parts.whenIdle(function () {
    model.containersOf(0);
    model.readRowText();
    sorted.prepare();
  });
})();
