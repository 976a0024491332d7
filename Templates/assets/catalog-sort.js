/*
  Foldout catalog sort: results in one list while a sort is chosen (#catalog-sort). The
  sorted results are the matching entries' rows, moved out of the outline into one list in
  front of it (which hides), each row showing its section and groups; they go back to where
  they came from when the sort is cleared. A page of rows at a time: a catalog of 10,000
  items sorts without laying out 10,000 rows, and "Show more" adds the next page.
  Defines `foldoutCatalog.sortedResults(catalog, panel, model, select)`, which catalog.js
  (loaded after this) calls with catalog-rows.js's model; nothing runs here before that.
  A plain script: no modules, so it works from file:// too.
*/
(function () {
  "use strict";

  var parts = (window.foldoutCatalog = window.foldoutCatalog || {});

  parts.sortedResults = function (catalog, panel, model, select) {
    var fold = parts.fold, textOf = parts.textOf;
    var rows = model.rows;
    // Rows a page: each row moved is styled, shaped and given its trail while the sort is
    // drawn, so this is most of a sort's time; a hundred fill several screens.
    var resultsPage = 100;
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
      model.data.sorts.forEach(function (candidate) { if (candidate.key === key) sort = candidate; });
      var keyed = [];
      for (var r = 0; r < rows.length; r++) {
        var item = model.rowItem[r];
        if (model.rowRepeats[r] || model.entryOf[item] !== item) continue;
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
      var titles = model.containersOf(r).filter(function (element) { return !model.containerPages[model.containerSlot.get(element)]; })
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
        rows[r].style.removeProperty("contain-intrinsic-size");
        homeOf[r][0].insertBefore(rows[r], homeOf[r][1]);
      });
      movedRows = [];
    }

    // "Skip to results" leads to #results: the sorted list while it shows, else the outline.
    function moveResultsTarget(to) {
      var from = document.getElementById("results");
      if (!to || from === to) return;
      if (from) from.removeAttribute("id");
      to.id = "results";
      to.tabIndex = -1;
    }

    function makeResultsBox() {
      resultsBox = document.createElement("div");
      resultsBox.className = "catalog-results layout-list";
      resultsList = document.createElement("ul");
      resultsList.className = "outline results-list";
      moreButton = document.createElement("button");
      moreButton.type = "button";
      moreButton.className = "control-button results-more";
      moreButton.addEventListener("click", function () {
        resultsLimit += resultsPage;
        show();
      });
      resultsBox.appendChild(resultsList);
      resultsBox.appendChild(moreButton);
      var sections = catalog.querySelector(".catalog-sections");
      catalog.insertBefore(resultsBox, sections || panel.nextSibling);
    }

    // The results as the sort and model.rowShown say: the sorted list, or the outline.
    function show() {
      var key = select ? select.value : "";
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
      if (!resultsBox) makeResultsBox();
      model.containersOf(0);
      var rowShown = model.rowShown;
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
          rowShown[r] = model.rowWritten[r] = 1;
          row.hidden = false;
          // The size a row out of view is taken to have (a one-line row with its trail), so
          // the list's height and scrollbar are about right before it is laid out (style.css).
          row.style.setProperty("contain-intrinsic-size", "auto 4rem");
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

    // A row a link leads to, among sorted results: the results go as far as it.
    function place(target) {
      if (!resultsBox || resultsBox.hidden || !model.rowSlot.has(target) || resultsList.contains(target)) return;
      var index = model.rowSlot.get(target);
      if (!model.rowShown[index]) return;
      var order = sortedOrder(select.value);
      var position = 0;
      for (var k = 0; k < order.length && order[k] !== index; k++) if (model.rowShown[order[k]]) position += 1;
      if (k === order.length) return;
      resultsLimit = Math.ceil((position + 1) / resultsPage) * resultsPage;
      show();
    }

    return {
      show: show,
      place: place,
      // Every sorted result on the page, for printing.
      showAll: function () {
        if (!resultsBox || resultsBox.hidden) return;
        resultsLimit = Infinity;
        show();
      },
      // A new sort starts at its first page.
      restart: function () { resultsLimit = resultsPage; },
      // Each sort's order, worked out ahead (when idle), so that choosing one only moves rows.
      prepare: function () {
        model.data.sorts.forEach(function (sort) { sortedOrder(sort.key); });
      }
    };
  };
})();
