/*
  Foldout catalog outline: groups opened for a reason. Arriving at catalog.html#some/row, a
  link to a row on the page, or a search result there opens the groups around that row
  (browsers that open <details> for a fragment do it themselves; this covers the others and
  rows the filter has not written yet); each section's "Expand all" and "Collapse all"; and
  printing, which prints every row and every group open.
  catalog.js (loaded after this) fills in the hooks of `window.foldoutOutline` for rows the
  filter hides or has moved into sorted results, and calls `arrive()` once the view from the
  address is drawn. A plain script: no modules, so it works from file:// too.
*/
(function () {
  "use strict";

  var catalog = document.querySelector(".catalog");
  if (!catalog) return;

  // What the panel's code (catalog.js) replaces; without a panel they do nothing.
  var hooks = {
    // Brings every row's `hidden` up to what the filter decided (rows in closed groups are
    // written late, see catalog.js's writeRows), before a group is opened from here.
    writePendingRows: function () {},
    // Shows a row that the filter hides, when it is what a link leads to.
    showRow: function () {},
    // Brings a row into the sorted results when a link leads to one that is further down.
    placeRow: function () {},
    // Puts every sorted result on the page, for printing.
    printAllResults: function () {}
  };

  // Opens the groups around `target` (and the target, when it is a group), shows what the
  // filter hides around it, and scrolls it into view if that moved it (or `scroll` says so).
  function reveal(target, scroll) {
    if (!target || !catalog.contains(target)) return;
    hooks.writePendingRows();
    hooks.placeRow(target);
    var moved = false;
    for (var node = target; node && node !== catalog; node = node.parentElement) {
      if (node.tagName === "DETAILS" && !node.open) {
        node.open = true;
        moved = true;
      }
      if (node.hidden) {
        if (node.classList.contains("row")) hooks.showRow(node);
        node.hidden = false;
        moved = true;
      }
    }
    // The browser may have opened the groups itself (and fired their toggle, which writes the
    // rows) before this runs, but scrolled while the row was still hidden: what is out of view
    // is scrolled to either way.
    if (moved || scroll || !inView(target)) target.scrollIntoView();
  }

  function inView(element) {
    var box = element.getBoundingClientRect();
    return box.height > 0 && box.bottom > 0 && box.top < window.innerHeight;
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
    if (expand) hooks.writePendingRows();
    var groups = section.getElementsByTagName("details");
    for (var k = 0; k < groups.length; k++) {
      if (groups[k].open !== expand && !(expand && groups[k].hasAttribute("name"))) groups[k].open = expand;
    }
  });

  // Printing: every row written and every group open; the groups opened for it close after.
  var openedForPrint = null;
  window.addEventListener("beforeprint", function () {
    hooks.writePendingRows();
    hooks.printAllResults();
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

  // Where the page starts: after the filter from the address is applied (catalog.js), which
  // may hide rows and close groups.
  function arrive() {
    reveal(elementOfHash(location.hash));
  }

  hooks.arrive = arrive;
  window.foldoutOutline = hooks;
})();
