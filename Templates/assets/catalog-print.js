/*
  Foldout catalog print note: on paper, in place of the panel, which filters and order the
  printed list has: "Filtered by “rex”; Species: Cat or Dog; Age: 2 to 8. 12 of 86 items.
  Sorted by Age." Empty for the whole catalog in its own order. (Opening every group and
  showing every sorted result for printing is catalog-outline.js's.)
  Defines `foldoutCatalog.printNote(panel)`, which catalog.js (loaded after this) calls and
  updates after each change; nothing runs here before that. A plain script: no modules, so
  it works from file:// too.
*/
(function () {
  "use strict";

  var parts = (window.foldoutCatalog = window.foldoutCatalog || {});

  parts.printNote = function (panel) {
    var note = document.createElement("p");
    note.className = "print-note";
    panel.parentNode.insertBefore(note, panel.nextSibling);

    // query: the filter box's text; chosen: each facet described ("Age: 2 to 8"); count: the
    // status line; sort: the chosen sort's label, or "".
    return function describe(query, chosen, count, sort) {
      var parts = [];
      if (query) parts.push("\u201c" + query + "\u201d");
      parts = parts.concat(chosen);
      var text = parts.length ? "Filtered by " + parts.join("; ") + "." + (count ? " " + count + "." : "") : "";
      if (sort) text += (text ? " " : "") + "Sorted by " + sort + ".";
      if (note.textContent !== text) note.textContent = text;
    };
  };
})();
