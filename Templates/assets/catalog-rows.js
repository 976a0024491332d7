/*
  Foldout catalog rows: what catalog.js filters, read from the page. For each row, the item it
  shows (from #catalog-data's runs), the entry it belongs to (a sub-page's item), whether it
  repeats an item (a query section) or is unlisted; the sections and groups around it; its
  text for the filter box; and its `hidden`, written late for rows in closed groups.
  Defines `foldoutCatalog.rows(catalog, rows, data)`, which catalog.js (loaded after this)
  calls; nothing runs here before that. A plain script: no modules, so it works from file://.
*/
(function () {
  "use strict";

  var parts = (window.foldoutCatalog = window.foldoutCatalog || {});

  // Text as the filter compares it: no accents, lower case, single spaces.
  parts.fold = function (text) {
    return (text || "")
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/\s+/g, " ")
      .trim();
  };

  parts.textOf = function (element, selector) {
    var found = element.querySelector(selector);
    return found ? found.textContent : "";
  };

  // Called as a plain function: requestIdleCallback must not be called on another object.
  parts.whenIdle = function (callback) {
    return window.requestIdleCallback ? window.requestIdleCallback(callback) : setTimeout(callback, 300);
  };

  parts.rows = function (catalog, rows, data) {
    var fold = parts.fold, textOf = parts.textOf, whenIdle = parts.whenIdle;
    var model = { rows: rows, data: data };

    // ---------- Rows to items ----------

    var itemCount = data.items;
    // The item each row shows, from runs of consecutive items.
    var rowItem = new Int32Array(rows.length);
    var index = 0;
    data.rows.forEach(function (run) {
      for (var k = 0; k < run[1] && index < rows.length; k++) rowItem[index++] = run[0] + k;
    });
    if (index !== rows.length) {
      // The page's rows are not the data's: facets would filter the wrong rows.
      model.data = data = { items: rows.length, rows: [], facets: [], sorts: [] };
      itemCount = rows.length;
      for (var r = 0; r < rows.length; r++) rowItem[r] = r;
    }
    // Each item's entry: itself, or for a sub-page the item whose page it is.
    var entryOf = new Int32Array(itemCount);
    for (var i = 0; i < itemCount; i++) entryOf[i] = i;
    (data.pages || []).forEach(function (run) {
      for (var k = 1; k <= run[1] && run[0] + k < itemCount; k++) entryOf[run[0] + k] = run[0];
    });
    // Entries the catalog does not list (`listed:`), and rows of query sections (repeats).
    var unlistedItem = new Uint8Array(itemCount);
    (data.unlisted || []).forEach(function (item) { if (item < itemCount) unlistedItem[item] = 1; });
    var rowRepeats = new Uint8Array(rows.length);
    (data.repeatedRows || []).forEach(function (run) {
      for (var k = 0; k < run[1] && run[0] + k < rows.length; k++) rowRepeats[run[0] + k] = 1;
    });
    var entryCount = 0;
    for (var e = 0; e < itemCount; e++) if (entryOf[e] === e) entryCount += 1;
    var rowSlot = new Map(); // row element → its index
    rows.forEach(function (row, r) { rowSlot.set(row, r); });

    model.itemCount = itemCount;
    model.rowItem = rowItem;
    model.entryOf = entryOf;
    model.unlistedItem = unlistedItem;
    model.rowRepeats = rowRepeats;
    model.entryCount = entryCount;
    model.rowSlot = rowSlot;

    // ---------- The sections and groups around each row, outermost first ----------

    // Read once, on first use: model.containers (each row's, as places in containerList),
    // containerList, containerSlot (element → place), containerPages (whether a container
    // counts pages, an entry's disclosure, rather than entries) and rowGroup (each row's
    // nearest <details>, as a place, or -1).
    model.containersOf = function (r) {
      if (!model.containers) {
        var containers = [], containerList = [], containerPages = [];
        var rowGroup = new Int32Array(rows.length).fill(-1);
        var seen = new Map();
        rows.forEach(function (row, r) {
          var around = [];
          for (var node = row.parentElement; node && node !== catalog; node = node.parentElement) {
            if (node.tagName === "DETAILS" || node.classList.contains("section")) {
              around.unshift(node);
              if (!seen.has(node)) {
                seen.set(node, containerList.length);
                containerList.push(node);
                containerPages.push(node.classList.contains("row-children") || !!node.parentElement.closest(".row-children"));
              }
            }
          }
          containers[r] = around.map(function (element) { return seen.get(element); });
          for (var k = around.length - 1; k >= 0; k--) {
            if (around[k].tagName === "DETAILS") { rowGroup[r] = seen.get(around[k]); break; }
          }
        });
        model.containerList = containerList;
        model.containerSlot = seen;
        model.containerPages = containerPages;
        model.rowGroup = rowGroup;
        model.containers = containers;
      }
      return model.containers[r].map(function (slot) { return model.containerList[slot]; });
    };

    // ---------- What each row can be found by, read when the box is first used ----------

    // model.rowText: each row's own text and tags; model.rowTitles: the titles around it.
    model.readRowText = function () {
      if (model.rowText) return;
      var headingOf = new Map();
      var rowText = [], rowTitles = [];
      rows.forEach(function (row, r) {
        var link = row.firstElementChild;
        var own = link && link.classList.contains("row-link") ? link.textContent : textOf(row, ".row-link");
        // A row shown among sorted results carries its section and group, which are not its own text.
        var trail = row.querySelector(".row-trail");
        if (trail) own = own.replace(trail.textContent, "");
        rowText[r] = fold(own + " " + (row.getAttribute("data-tags") || ""));
        var titles = "";
        model.containersOf(r).forEach(function (element) {
          if (!headingOf.has(element)) {
            // A sub-page's disclosure is titled by the row it belongs to.
            headingOf.set(element, element.tagName === "DETAILS"
              ? fold(element.classList.contains("row-children") ? textOf(element.parentElement, ".row-title") : textOf(element, ".group-title"))
              : fold(textOf(element, ".section-header .anchor")));
          }
          titles += " " + headingOf.get(element);
        });
        rowTitles[r] = titles;
      });
      model.rowTitles = rowTitles;
      model.rowText = rowText;
    };

    // ---------- Each row's `hidden` ----------

    var rowShown = (model.rowShown = new Uint8Array(rows.length).fill(1)); // what each row should show
    var rowWritten = (model.rowWritten = new Uint8Array(rows.length).fill(1)); // what its `hidden` says now

    // A row in a closed group is not drawn, so it is written when its group opens (or when
    // the browser is idle): a filter over thousands of rows in closed groups then changes
    // almost nothing in the page, and is drawn at once. Until then find-in-page does not see
    // a row that is to show, so the idle writing starts soon after the filter changes.
    var flushing = false;
    var flushFrom = 0; // the next row the idle writing looks at
    var pending = false; // whether a row's `hidden` may differ from rowShown
    function writeRow(r) {
      rowWritten[r] = rowShown[r];
      rows[r].hidden = !rowShown[r];
    }

    model.writeRows = function () {
      model.containersOf(0);
      var rowGroup = model.rowGroup, containerList = model.containerList;
      pending = false;
      flushFrom = 0;
      for (var r = 0; r < rows.length; r++) {
        if (rowShown[r] === rowWritten[r]) continue;
        var group = rowGroup[r];
        if (group !== -1 && !containerList[group].open) { pending = true; continue; }
        writeRow(r);
      }
      if (pending && !flushing) {
        // Not right after the change: the frame that shows it, and the next key, come first.
        flushing = true;
        setTimeout(function () { whenIdle(flushAll); }, 300);
      }
    };

    // Every row at once (Expand all, printing, a link to a row): one pass over the rows.
    model.writePendingRows = function () {
      if (!pending) return;
      for (var r = 0; r < rows.length; r++) if (rowShown[r] !== rowWritten[r]) writeRow(r);
      pending = false;
    };

    model.showRow = function (row) {
      var r = rowSlot.get(row);
      if (r !== undefined) rowShown[r] = rowWritten[r] = 1;
    };

    function writeGroup(details) {
      if (!pending || !model.containers || !model.containerSlot.has(details)) return;
      var slot = model.containerSlot.get(details), rowGroup = model.rowGroup;
      for (var r = 0; r < rows.length; r++) {
        if (rowGroup[r] === slot && rowShown[r] !== rowWritten[r]) writeRow(r);
      }
    }

    function flushAll(deadline) {
      (function slice(deadline) {
        // A few milliseconds at a time, so no frame waits long behind a slice. A filter
        // changed meanwhile starts it over (writeRows).
        var until = Date.now() + (deadline && deadline.timeRemaining ? Math.min(4, Math.max(1, deadline.timeRemaining())) : 4);
        for (; pending && flushFrom < rows.length; flushFrom++) {
          if ((flushFrom & 127) === 0 && Date.now() > until) { whenIdle(slice); return; }
          if (rowShown[flushFrom] !== rowWritten[flushFrom]) writeRow(flushFrom);
        }
        pending = false;
        flushing = false;
      })(deadline);
    }

    // Before a group opens: a summary's click (mouse, Enter or Space) comes before the group
    // is drawn open; `toggle` covers the other ways (a link to a row, find in page).
    catalog.addEventListener("click", function (event) {
      var summary = event.target.closest && event.target.closest("summary");
      if (summary && summary.parentElement && !summary.parentElement.open) writeGroup(summary.parentElement);
    }, true);
    catalog.addEventListener("toggle", function (event) {
      if (event.target.open) writeGroup(event.target);
    }, true);

    return model;
  };
})();
