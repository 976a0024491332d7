/*
  Foldout site search: the box in the header of every page (partials/site-search.html).
  Searches every catalog from any page, also from file://: the index is one classic script
  per catalog (search/<catalog-id>.js, see Sources/FoldoutRendering/SearchShard.swift).
  No fetch, modules or workers, which file:// refuses.

  This script only finds the site's root and loads the search's parts from its own folder,
  in this order: search-index.js (words, shards, postings), search-rank.js (what is found
  and in which order), search-marks.js (marked words, where else a result was found),
  search-near.js (near words when nothing is found) and search-box.js (the box, the list
  and the buttons under it), which puts them together. They are loaded from here, not by
  the template, because only this script's own address is right on every page: the 404
  page is served at any depth, where the template's relative `root` is not.
*/
(function () {
  "use strict";

  var form = document.querySelector(".site-search");
  if (!form || !document.getElementById("site-search") || !document.getElementById("site-search-results")) return;
  var foldoutSearch = (window.foldoutSearch = window.foldoutSearch || {});

  // The site's root: where this script was loaded from, less assets/search.js (right on
  // every page, the 404 page at any depth too); else the page's own relative prefix.
  var root = form.getAttribute("data-root") || "";
  var script = document.currentScript;
  if (script && script.src && /assets\/search\.js(\?.*)?$/.test(script.src)) {
    root = script.src.replace(/assets\/search\.js(\?.*)?$/, "");
  }
  foldoutSearch.root = root;

  ["search-index.js", "search-rank.js", "search-marks.js", "search-near.js", "search-box.js"].forEach(function (name) {
    var element = document.createElement("script");
    element.src = root + "assets/" + name;
    // Run in the order given (each uses the ones before it), not as each arrives.
    element.async = false;
    document.head.appendChild(element);
  });
})();
