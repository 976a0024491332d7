/*
  Foldout catalog page script. The page is complete without it; this adds:
  1. Groups opened for a reason: arriving at catalog.html#some/row, a link to a row on the
     page, or a search result there opens the groups around that row (browsers that open
     <details> for a fragment do it themselves; this covers the others and rows the filter
     has not written yet); each section's "Expand all" and "Collapse all"; and printing,
     which prints every row and every group open.
  2. The panel (partials/catalog-panel.html): a text filter, facets and sort choices.
     Facets are OR within one and AND across them; their counts show what each value would
     give with the other filters. Rows that do not match hide, groups and sections say how
     many of their rows match and hide when none do, and the status line says "12 of 340
     items". The state lives in the address (?q=…&species=cat&age=2..8&sort=age), so a view
     can be linked, reloaded and gone back to.
  3. Results people can trust (see "Results" below): while a filter or a sort is chosen,
     each item is one result: query sections, which repeat items, step aside; sub-pages go
     with their item; items the catalog does not list (`listed:`) stay out unless the reader
     includes them. A sort shows the results as one list across groups, each row with its
     section and group; clearing it brings the outline back as it was. After each update
     the catalog element gets a `catalog:results` event, detail {shown, total}.
  The facets' values come from the page's #catalog-data, one column per facet in the order
  of the catalog's items, and "rows" maps the page's rows to items in document order.
  A plain script: no modules, no fetch, so it works from file:// too.
*/
(function () {
  "use strict";

  var catalog = document.querySelector(".catalog");
  if (!catalog) return;

  // ---------- 1. Opening groups ----------

  // Brings every row's `hidden` up to what the filter decided (the panel's code sets it: rows
  // in closed groups are written late, see writeRows), before a group is opened from here.
  var writePendingRows = function () {};
  // Shows a row that the filter hides, when it is what a link leads to.
  var showRow = function () {};
  // Brings a row into the sorted results when a link leads to one that is further down.
  var placeRow = function () {};
  // Puts every sorted result on the page, for printing.
  var printAllResults = function () {};

  // Opens the groups around `target` (and the target, when it is a group), shows what the
  // filter hides around it, and scrolls it into view if that moved it (or `scroll` says so).
  function reveal(target, scroll) {
    if (!target || !catalog.contains(target)) return;
    writePendingRows();
    placeRow(target);
    var moved = false;
    for (var node = target; node && node !== catalog; node = node.parentElement) {
      if (node.tagName === "DETAILS" && !node.open) {
        node.open = true;
        moved = true;
      }
      if (node.hidden) {
        if (node.classList.contains("row")) showRow(node);
        node.hidden = false;
        moved = true;
      }
    }
    if (moved || scroll) target.scrollIntoView();
  }

  function elementOfHash(hash) {
    var id;
    try {
      id = decodeURIComponent(hash.slice(1));
    } catch (error) {
      return null;
    }
    return id ? document.getElementById(id) : null;
  }

  // A hashchange the browser did not send (search.js, for a result at the address the page
  // has already) comes with no scrolling of the browser's own.
  window.addEventListener("hashchange", function (event) { reveal(elementOfHash(location.hash), !event.isTrusted); });
  // A link to a place on this page: opened before the browser scrolls there, also when the
  // address already has that fragment (no hashchange then).
  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("a[href*='#']");
    if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    if (link.href.split("#")[0] !== location.href.split("#")[0]) return;
    reveal(elementOfHash(link.hash));
  });

  // Expand all and Collapse all, per section. Groups the filter hides stay hidden; exclusive
  // ones (`name`) are left alone, since the browser would close all but one again. Rows are
  // written first, in one pass, rather than once per group as each opens.
  catalog.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest(".outline-expand, .outline-collapse");
    if (!button) return;
    var section = button.closest(".section");
    if (!section) return;
    var expand = button.classList.contains("outline-expand");
    if (expand) writePendingRows();
    var groups = section.getElementsByTagName("details");
    for (var k = 0; k < groups.length; k++) {
      if (groups[k].open !== expand && !(expand && groups[k].hasAttribute("name"))) groups[k].open = expand;
    }
  });

  // Printing: every row written and every group open; the groups opened for it close after.
  var openedForPrint = null;
  window.addEventListener("beforeprint", function () {
    writePendingRows();
    printAllResults();
    openedForPrint = [];
    var groups = catalog.getElementsByTagName("details");
    for (var k = 0; k < groups.length; k++) {
      var details = groups[k];
      if (details.open) continue;
      var name = details.getAttribute("name");
      // An exclusive group would close the one already open.
      if (name !== null) details.removeAttribute("name");
      details.open = true;
      openedForPrint.push({ details: details, name: name });
    }
  });
  window.addEventListener("afterprint", function () {
    if (!openedForPrint) return;
    openedForPrint.forEach(function (opened) {
      opened.details.open = false;
      if (opened.name !== null) opened.details.setAttribute("name", opened.name);
    });
    openedForPrint = null;
  });

  // Where the page starts: after the filter from the address is applied (below), which may
  // hide rows and close groups.
  function arrive() {
    reveal(elementOfHash(location.hash));
  }

  // ---------- 2. The panel ----------

  var panel = document.getElementById("catalog-panel");
  var rows = catalog.getElementsByClassName("row");
  if (!panel || rows.length === 0) {
    arrive();
    return;
  }
  rows = Array.prototype.slice.call(rows);
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
  // On paper, in place of the panel: which filters and order the printed list has.
  var printNote = document.createElement("p");
  printNote.className = "print-note";
  panel.parentNode.insertBefore(printNote, empty);

  var data = { items: 0, rows: [], facets: [], sorts: [] };
  try {
    data = JSON.parse(document.getElementById("catalog-data").textContent);
  } catch (error) {
    // A page made by a template without the data filters by text alone.
  }
  var itemCount = data.items;
  // The item each row shows, from runs of consecutive items.
  var rowItem = new Int32Array(rows.length);
  // Each item's entry: itself, or for a sub-page the item whose page it is.
  var entryOf = null;
  // Entries the catalog does not list (`listed:`), and rows of query sections (repeats).
  var unlistedItem = null;
  var rowRepeats = new Uint8Array(rows.length);
  var entryCount = 0;
  (function () {
    var index = 0;
    data.rows.forEach(function (run) {
      for (var k = 0; k < run[1] && index < rows.length; k++) rowItem[index++] = run[0] + k;
    });
    if (index !== rows.length) {
      // The page's rows are not the data's: facets would filter the wrong rows.
      data = { items: rows.length, rows: [], facets: [], sorts: [] };
      itemCount = rows.length;
      for (var r = 0; r < rows.length; r++) rowItem[r] = r;
    }
    entryOf = new Int32Array(itemCount);
    for (var i = 0; i < itemCount; i++) entryOf[i] = i;
    (data.pages || []).forEach(function (run) {
      for (var k = 1; k <= run[1] && run[0] + k < itemCount; k++) entryOf[run[0] + k] = run[0];
    });
    unlistedItem = new Uint8Array(itemCount);
    (data.unlisted || []).forEach(function (item) { if (item < itemCount) unlistedItem[item] = 1; });
    (data.repeatedRows || []).forEach(function (run) {
      for (var k = 0; k < run[1] && run[0] + k < rows.length; k++) rowRepeats[run[0] + k] = 1;
    });
    for (var e = 0; e < itemCount; e++) if (entryOf[e] === e) entryCount += 1;
  })();
  var unlistedBox = document.getElementById("catalog-unlisted");
  var unlistedCount = unlistedBox ? unlistedBox.parentNode.querySelector(".facet-count") : null;
  var unlistedName = unlistedBox ? textOf(unlistedBox.parentNode, ".facet-value").trim() : "";

  var facets = data.facets.map(function (facet) {
    var fieldset = panel.querySelector('fieldset[data-facet="' + facet.key + '"]');
    var list = facet.kind === "values" || facet.kind === "boolean";
    var boxes = fieldset && list ? Array.prototype.slice.call(fieldset.querySelectorAll("input[type=checkbox]")) : [];
    var slot = {};
    (facet.values || []).forEach(function (value, index) { slot[value] = index; });
    return {
      key: facet.key,
      list: list,
      numeric: facet.kind === "range",
      cells: facet.cells,
      values: facet.values || [],
      boxes: boxes,
      boxSlots: boxes.map(function (box) { return slot[box.value]; }),
      counts: boxes.map(function (box) { return box.parentNode.querySelector(".facet-count"); }),
      low: fieldset ? fieldset.querySelector('input[name="' + facet.key + '-min"]') : null,
      high: fieldset ? fieldset.querySelector('input[name="' + facet.key + '-max"]') : null,
      selected: null, // a list facet's chosen value slots, as an object; a range's [low, high]
      shownCounts: []
    };
  });

  var whenIdle = window.requestIdleCallback || function (callback) { return setTimeout(callback, 300); };

  // ---------- What each row can be found by, read when the box is first used ----------

  function fold(text) {
    return (text || "")
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/\s+/g, " ")
      .trim();
  }

  var rowText = null;
  var rowTitles = null;

  function textOf(element, selector) {
    var found = element.querySelector(selector);
    return found ? found.textContent : "";
  }

  function readRowText() {
    if (rowText) return;
    var headingOf = new Map();
    rowText = [];
    rowTitles = [];
    rows.forEach(function (row, index) {
      var link = row.firstElementChild;
      var own = link && link.classList.contains("row-link") ? link.textContent : textOf(row, ".row-link");
      // A row shown among sorted results carries its section and group, which are not its own text.
      var trail = row.querySelector(".row-trail");
      if (trail) own = own.replace(trail.textContent, "");
      rowText[index] = fold(own + " " + (row.getAttribute("data-tags") || ""));
      var titles = "";
      containersOf(index).forEach(function (element) {
        if (!headingOf.has(element)) {
          // A sub-page's disclosure is titled by the row it belongs to.
          headingOf.set(element, element.tagName === "DETAILS"
            ? fold(element.classList.contains("row-children") ? textOf(element.parentElement, ".row-title") : textOf(element, ".group-title"))
            : fold(textOf(element, ".section-header .anchor")));
        }
        titles += " " + headingOf.get(element);
      });
      rowTitles[index] = titles;
    });
  }

  // The sections and groups around each row, outermost first.
  var containers = null;
  var containerList = null;
  var containerSlot = null; // container element → its place in containerList
  var containerPages = null; // for each container: whether it counts pages (an entry's disclosure) rather than entries
  var rowGroup = null; // each row's nearest <details>, as a place in containerList, or -1
  var rowSlot = new Map(); // row element → its index
  rows.forEach(function (row, index) { rowSlot.set(row, index); });
  function containersOf(index) {
    if (!containers) {
      containers = [];
      containerList = [];
      rowGroup = new Int32Array(rows.length).fill(-1);
      containerPages = [];
      var seen = containerSlot = new Map();
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
    }
    return containers[index].map(function (slot) { return containerList[slot]; });
  }

  // ---------- The state and the address ----------

  // A value in the address as a person may write it: the value's slug or its label, in any
  // case (`?track=SwiftUI` for the value `swiftui`).
  function addressName(text) {
    return fold(text).replace(/[^\p{L}\p{N}]+/gu, "-").replace(/^-+|-+$/g, "");
  }

  function readAddress() {
    var params = new URLSearchParams(location.search);
    input.value = params.get("q") || "";
    facets.forEach(function (facet) {
      if (facet.list) {
        var chosen = params.getAll(facet.key).map(addressName);
        facet.boxes.forEach(function (box) {
          box.checked = chosen.indexOf(addressName(box.value)) !== -1 ||
            chosen.indexOf(addressName(textOf(box.parentNode, ".facet-value"))) !== -1;
        });
      } else if (facet.low && facet.high) {
        var range = (params.get(facet.key) || "").split("..");
        facet.low.value = range.length === 2 ? range[0] : "";
        facet.high.value = range.length === 2 ? range[1] : "";
      }
    });
    if (unlistedBox) unlistedBox.checked = params.getAll("include").map(addressName).indexOf("unlisted") !== -1;
    if (sortSelect) {
      var sort = addressName(params.get("sort") || "");
      var option = Array.prototype.filter.call(sortSelect.options, function (option) {
        return option.value && (addressName(option.value) === sort || addressName(option.textContent) === sort);
      })[0];
      sortSelect.value = option ? option.value : "";
    }
  }

  function readControls() {
    facets.forEach(function (facet) {
      if (facet.list) {
        var chosen = null;
        facet.boxes.forEach(function (box, index) {
          if (box.checked && facet.boxSlots[index] !== undefined) {
            chosen = chosen || {};
            chosen[facet.boxSlots[index]] = true;
          }
        });
        facet.selected = chosen;
      } else if (facet.low && facet.high) {
        var low = facet.low.value.trim(), high = facet.high.value.trim();
        if (facet.numeric) {
          low = low === "" || isNaN(+low) ? null : +low;
          high = high === "" || isNaN(+high) ? null : +high;
        } else {
          low = low || null;
          high = high || null;
        }
        facet.selected = low === null && high === null ? null : [low, high];
      }
    });
  }

  function writeAddress(push) {
    try {
      var url = new URL(location.href);
      var params = url.searchParams;
      params.delete("q");
      if (input.value.trim()) params.set("q", input.value);
      facets.forEach(function (facet) {
        params.delete(facet.key);
        if (facet.list) {
          facet.boxes.forEach(function (box) { if (box.checked) params.append(facet.key, box.value); });
        } else if (facet.selected) {
          params.set(facet.key, (facet.selected[0] === null ? "" : facet.selected[0]) + ".." +
                                (facet.selected[1] === null ? "" : facet.selected[1]));
        }
      });
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

  // ---------- Filtering ----------

  function passes(facet, item) {
    var cell = facet.cells[item];
    if (facet.list) {
      if (cell === null || cell === undefined) return false;
      if (typeof cell === "number") return facet.selected[cell] === true;
      for (var k = 0; k < cell.length; k++) if (facet.selected[cell[k]] === true) return true;
      return false;
    }
    if (cell === null || cell === undefined) return false;
    var low = facet.selected[0], high = facet.selected[1];
    return (low === null || cell >= low) && (high === null || cell <= high);
  }

  var rowShown = new Uint8Array(rows.length).fill(1); // what each row should show
  var rowWritten = new Uint8Array(rows.length).fill(1); // what its `hidden` says now

  // A row in a closed group is not drawn, so it is written when its group opens (or when
  // the browser is idle): a filter over thousands of rows in closed groups then changes
  // almost nothing in the page, and is drawn at once. Until then find-in-page does not see
  // a row that is to show, so the idle writing starts soon after the filter changes.
  var flushing = false;
  var flushFrom = 0; // the next row the idle writing looks at
  var pending = false; // whether a row's `hidden` may differ from rowShown
  function writeRows() {
    containersOf(0);
    pending = false;
    flushFrom = 0;
    for (var r = 0; r < rows.length; r++) {
      if (rowShown[r] === rowWritten[r]) continue;
      var group = rowGroup[r];
      if (group !== -1 && !containerList[group].open) { pending = true; continue; }
      rowWritten[r] = rowShown[r];
      rows[r].hidden = !rowShown[r];
    }
    if (pending && !flushing) {
      // Not right after the change: the frame that shows it, and the next key, come first.
      flushing = true;
      setTimeout(function () { whenIdle(flushAll); }, 300);
    }
  }

  // Every row at once (Expand all, printing, a link to a row): one pass over the rows.
  writePendingRows = function () {
    if (!pending) return;
    for (var r = 0; r < rows.length; r++) {
      if (rowShown[r] !== rowWritten[r]) {
        rowWritten[r] = rowShown[r];
        rows[r].hidden = !rowShown[r];
      }
    }
    pending = false;
  };

  showRow = function (row) {
    var index = rowSlot.get(row);
    if (index !== undefined) rowShown[index] = rowWritten[index] = 1;
  };

  function writeGroup(details) {
    if (!pending || !containers || !containerSlot.has(details)) return;
    var slot = containerSlot.get(details);
    for (var r = 0; r < rows.length; r++) {
      if (rowGroup[r] === slot && rowShown[r] !== rowWritten[r]) {
        rowWritten[r] = rowShown[r];
        rows[r].hidden = !rowShown[r];
      }
    }
  }

  function flushAll(deadline) {
    (function slice(deadline) {
      // A few milliseconds at a time, so no frame waits long behind a slice. A filter
      // changed meanwhile starts it over (writeRows).
      var until = Date.now() + (deadline && deadline.timeRemaining ? Math.min(4, Math.max(1, deadline.timeRemaining())) : 4);
      for (; pending && flushFrom < rows.length; flushFrom++) {
        if ((flushFrom & 127) === 0 && Date.now() > until) { whenIdle(slice); return; }
        if (rowShown[flushFrom] !== rowWritten[flushFrom]) {
          rowWritten[flushFrom] = rowShown[flushFrom];
          rows[flushFrom].hidden = !rowShown[flushFrom];
        }
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

  function apply() {
    readControls();
    var words = fold(input.value).split(" ").filter(Boolean);
    var active = facets.filter(function (facet) { return facet.selected; });
    var filtering = words.length > 0 || active.length > 0;
    var sorting = !!(sortSelect && sortSelect.value);
    // Results: each item once, listed items only unless included (see the top of this file).
    var results = filtering || sorting;
    var including = !!(unlistedBox && unlistedBox.checked);
    if (words.length > 0) readRowText();

    // Which rows pass the text, and which items have a row that does (query sections aside).
    var textItem = new Uint8Array(itemCount);
    var rowText_ = new Uint8Array(rows.length);
    for (var r = 0; r < rows.length; r++) {
      var hit = 1;
      if (words.length > 0) {
        var own = rowText[r], around = rowTitles[r];
        for (var w = 0; w < words.length; w++) {
          if (own.indexOf(words[w]) === -1 && around.indexOf(words[w]) === -1) { hit = 0; break; }
        }
      }
      rowText_[r] = hit;
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
        if (!passes(active[a], i)) {
          failed = failed === 0 ? facets.indexOf(active[a]) + 1 : -1;
          if (failed === -1) break;
        }
      }
      fail[i] = failed;
      if (failed === 0 && textItem[i]) {
        if (unlistedItem[i]) unlistedMatches += 1;
        if (!unlistedItem[i] || including) passCount += 1;
      }
    }
    var shownItems = results ? passCount : entryCount;

    // Counts: what checking each value would give with the other facets and the text, over
    // the entries that results list.
    facets.forEach(function (facet, f) {
      if (!facet.list) return;
      var counts = new Int32Array(facet.values.length);
      for (var i = 0; i < itemCount; i++) {
        if (entryOf[i] !== i || !textItem[i] || (fail[i] !== 0 && fail[i] !== f + 1) || (unlistedItem[i] && !including)) continue;
        var cell = facet.cells[i];
        if (cell === null || cell === undefined) continue;
        if (typeof cell === "number") counts[cell] += 1;
        else for (var k = 0; k < cell.length; k++) counts[cell[k]] += 1;
      }
      facet.boxes.forEach(function (box, index) {
        var count = counts[facet.boxSlots[index]] || 0;
        if (facet.shownCounts[index] === count) return;
        facet.shownCounts[index] = count;
        if (facet.counts[index]) facet.counts[index].textContent = count;
        box.parentNode.classList.toggle("is-empty", count === 0 && !box.checked);
      });
    });
    if (unlistedCount && unlistedCount.textContent !== String(unlistedMatches)) unlistedCount.textContent = unlistedMatches;

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
          : item === entry ? textItem[entry] : rowText_[r2];
      }
      shownRows += show;
      rowShown[r2] = show;
    }
    if (results || counted) {
      containersOf(0);
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
          label.textContent = results && shownIn[slot] !== allIn[slot]
            ? shownIn[slot] + " of " + label.getAttribute("data-all")
            : label.getAttribute("data-all");
        }
        if (element.tagName === "DETAILS") {
          // An entry's pages open only for words that found them, not for every facet match.
          if (openMatches && (words.length > 0 || !containerPages[slot])) element.open = shownIn[slot] > 0;
          // A row's own disclosure of sub-pages: it shows with its row, as "0 of 2 pages".
          if (!element.classList.contains("row-children")) element.parentElement.hidden = !has;
        } else {
          element.hidden = !has;
        }
      });
      counted = results;
    }
    if (!results) restore();
    writeRows();
    showResults();

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

  // The print note: "Filtered by “rex”; Species: Cat or Dog; Age: 2 to 8. 12 of 86 items.
  // Sorted by Age." Empty for the whole catalog in its own order.
  function describeView() {
    var parts = [];
    if (input.value.trim()) parts.push("\u201c" + input.value.trim() + "\u201d");
    facets.forEach(function (facet) {
      if (!facet.selected) return;
      var fieldset = facet.boxes.length ? facet.boxes[0].closest("fieldset") : facet.low && facet.low.closest("fieldset");
      var legend = fieldset && fieldset.querySelector("legend");
      var name = legend ? legend.textContent.trim() : facet.key;
      var value;
      if (facet.list) {
        value = facet.boxes.filter(function (box) { return box.checked; }).map(function (box) {
          return textOf(box.parentNode, ".facet-value").trim();
        }).join(" or ");
      } else {
        var low = facet.selected[0], high = facet.selected[1];
        value = low !== null && high !== null ? low + " to " + high : low !== null ? "from " + low : "up to " + high;
      }
      parts.push(name + ": " + value);
    });
    var text = parts.length ? "Filtered by " + parts.join("; ") + "." + (status ? " " + status.textContent + "." : "") : "";
    if (sortSelect && sortSelect.value) {
      text += (text ? " " : "") + "Sorted by " + sortSelect.options[sortSelect.selectedIndex].textContent + ".";
    }
    if (printNote.textContent !== text) printNote.textContent = text;
  }

  // ---------- Results in one list, while a sort is chosen ----------

  // The sorted results are the matching entries' rows, moved out of the outline into one
  // list in front of it (which hides), each row showing its section and groups; they go back
  // to where they came from when the sort is cleared. A page of rows at a time: a catalog of
  // 10,000 items sorts without laying out 10,000 rows, and "Show more" adds the next page.
  var resultsPage = 200;
  var resultsLimit = resultsPage;
  var resultsBox = null;
  var resultsList = null;
  var moreButton = null;
  var movedRows = []; // row indices now in the results list, in its order
  var homeOf = {}; // row index → [list, next sibling] it came from
  var sortedRows = {}; // sort key → the rows of entries (outside query sections) in its order
  var collator = typeof Intl !== "undefined" ? new Intl.Collator(undefined, { numeric: true, sensitivity: "base" }) : null;

  function sortedOrder(key) {
    if (sortedRows[key]) return sortedRows[key];
    var sort = null;
    data.sorts.forEach(function (candidate) { if (candidate.key === key) sort = candidate; });
    var keyed = [];
    for (var r = 0; r < rows.length; r++) {
      var item = rowItem[r];
      if (rowRepeats[r] || entryOf[item] !== item) continue;
      var value = !sort ? null : sort.cells ? sort.cells[item] : fold(textOf(rows[r], ".row-title"));
      keyed.push({ row: r, value: value === undefined ? null : value });
    }
    keyed.sort(function (x, y) {
      if (x.value === null && y.value === null) return x.row - y.row;
      if (x.value === null) return 1;
      if (y.value === null) return -1;
      var result = sort.numeric ? x.value - y.value
        : collator ? collator.compare(String(x.value), String(y.value)) : String(x.value) < String(y.value) ? -1 : 1;
      if (sort.descending) result = -result;
      return result || x.row - y.row;
    });
    var order = new Int32Array(keyed.length);
    for (var k = 0; k < keyed.length; k++) order[k] = keyed[k].row;
    return (sortedRows[key] = order);
  }

  // "Cats › Maine Coon": the section and groups around a row, shown beside it in the results.
  function addTrail(r) {
    var row = rows[r];
    var titles = containersOf(r).filter(function (element) { return !containerPages[containerSlot.get(element)]; })
      .map(function (element) {
        return (element.tagName === "DETAILS" ? textOf(element, ".group-title") : textOf(element, ".section-header .anchor")).trim();
      }).filter(Boolean);
    if (!titles.length) return;
    var trail = document.createElement("span");
    trail.className = "row-trail";
    trail.textContent = titles.join(" \u203a ");
    var text = row.querySelector(".row-text") || row.querySelector(".row-link");
    if (text) text.appendChild(trail);
  }

  // Each row back in its place as it was, without its trail.
  function putRowsBack() {
    movedRows.slice().sort(function (x, y) { return y - x; }).forEach(function (r) {
      // Later rows first, so that each row's next sibling is home before it.
      var trail = rows[r].querySelector(".row-trail");
      if (trail) trail.remove();
      homeOf[r][0].insertBefore(rows[r], homeOf[r][1]);
    });
    movedRows = [];
  }

  function showResults() {
    var key = sortSelect ? sortSelect.value : "";
    if (!key) {
      if (resultsBox && !resultsBox.hidden) {
        putRowsBack();
        resultsBox.hidden = true;
        catalog.classList.remove("is-sorted");
        moveResultsTarget(catalog.querySelector(".catalog-sections"));
      }
      resultsLimit = resultsPage;
      return;
    }
    if (!resultsBox) {
      resultsBox = document.createElement("div");
      resultsBox.className = "catalog-results layout-list";
      resultsList = document.createElement("ul");
      resultsList.className = "outline results-list";
      moreButton = document.createElement("button");
      moreButton.type = "button";
      moreButton.className = "results-more";
      moreButton.addEventListener("click", function () {
        resultsLimit += resultsPage;
        showResults();
      });
      resultsBox.appendChild(resultsList);
      resultsBox.appendChild(moreButton);
      var sections = catalog.querySelector(".catalog-sections");
      catalog.insertBefore(resultsBox, sections || panel.nextSibling);
    }
    containersOf(0);
    var order = sortedOrder(key);
    var wanted = [];
    var total = 0;
    for (var k = 0; k < order.length; k++) {
      if (!rowShown[order[k]]) continue;
      total += 1;
      if (wanted.length < resultsLimit) wanted.push(order[k]);
    }
    var same = wanted.length === movedRows.length;
    for (var m = 0; same && m < wanted.length; m++) same = wanted[m] === movedRows[m];
    if (!same) {
      putRowsBack();
      // Where each row is at home, noted while every row is there.
      wanted.forEach(function (r) {
        if (!homeOf[r]) homeOf[r] = [rows[r].parentNode, rows[r].nextElementSibling];
      });
      var fragment = document.createDocumentFragment();
      wanted.forEach(function (r) {
        var row = rows[r];
        addTrail(r);
        rowShown[r] = rowWritten[r] = 1;
        row.hidden = false;
        fragment.appendChild(row);
      });
      resultsList.appendChild(fragment);
      movedRows = wanted;
    }
    moreButton.hidden = total <= wanted.length;
    moreButton.textContent = "Show " + Math.min(resultsPage, total - wanted.length) + " more (" + (total - wanted.length) + " left)";
    resultsBox.hidden = false;
    catalog.classList.add("is-sorted");
    moveResultsTarget(resultsBox);
  }

  // "Skip to results" leads to #results: the sorted list while it shows, else the outline.
  function moveResultsTarget(to) {
    var from = document.getElementById("results");
    if (!to || from === to) return;
    if (from) from.removeAttribute("id");
    to.id = "results";
    to.tabIndex = -1;
  }

  // A row a link leads to, among sorted results: the results go as far as it.
  function placeInResults(target) {
    if (!resultsBox || resultsBox.hidden || !rowSlot.has(target) || resultsList.contains(target)) return;
    var index = rowSlot.get(target);
    if (!rowShown[index]) return;
    var order = sortedOrder(sortSelect.value);
    var position = 0;
    for (var k = 0; k < order.length && order[k] !== index; k++) if (rowShown[order[k]]) position += 1;
    if (k === order.length) return;
    resultsLimit = Math.ceil((position + 1) / resultsPage) * resultsPage;
    showResults();
  }
  placeRow = placeInResults;
  printAllResults = function () {
    if (!resultsBox || resultsBox.hidden) return;
    resultsLimit = Infinity;
    showResults();
  };

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
  facets.forEach(function (facet) {
    facet.boxes.forEach(function (box) {
      box.addEventListener("change", function () { update(true); });
    });
    [facet.low, facet.high].forEach(function (field) {
      if (field) field.addEventListener("input", function () { update(false); });
    });
  });
  if (sortSelect) {
    sortSelect.addEventListener("change", function () {
      resultsLimit = resultsPage;
      update(true);
    });
  }
  if (unlistedBox) unlistedBox.addEventListener("change", function () { update(true); });
  if (clearButton) {
    clearButton.addEventListener("click", function () {
      input.value = "";
      facets.forEach(function (facet) {
        facet.boxes.forEach(function (box) { box.checked = false; });
        if (facet.low) facet.low.value = "";
        if (facet.high) facet.high.value = "";
      });
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
  readControls();
  if (input.value.trim() || facets.some(function (facet) { return facet.selected; }) ||
      (sortSelect && sortSelect.value) || (unlistedBox && unlistedBox.checked)) {
    apply();
  }
  arrive();
  if (window.performance && performance.mark) performance.mark("foldout:catalog-ready");
  // Read what the rows can be found by while the reader looks at the page, so the first key
  // typed does not wait for it.
  whenIdle(function () {
    containersOf(0);
    readRowText();
    // And each sort's order, so that choosing one moves rows without first sorting them.
    data.sorts.forEach(function (sort) { sortedOrder(sort.key); });
  });
})();
