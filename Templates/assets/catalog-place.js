/*
  Foldout: coming back to a catalog keeps the place. The browser's Back button does it
  already; this does it for an item page's own link back (".back a", index.html#row):
  - on the catalog page, the view is remembered when the page is left: its filters and sort
    (the address catalog.js keeps, ?species=cat&sort=age) and the row followed to the item;
  - on an item page, the link back is pointed at that view and at the item's row in it
    (the row followed, when it was this item's: a query section shows an item twice).
  Remembered in sessionStorage, per tab and per catalog page, which works from file:// as
  over HTTP (file:// pages have no referrer). Without JavaScript, or with nothing
  remembered, the link goes to the item's row as written.
*/
(function () {
  "use strict";

  var store;
  try {
    store = window.sessionStorage;
    store.getItem("foldout:place");
  } catch (error) {
    return; // storage turned off: the links stay as written
  }

  // One place per catalog page, whatever the address says after it.
  function placeKey(url) {
    return "foldout:place:" + url.split("#")[0].split("?")[0].replace(/index\.html$/, "");
  }

  function withoutQueryAndFragment(url) {
    return url.split("#")[0].split("?")[0];
  }

  var catalog = document.querySelector(".catalog");
  if (catalog) {
    var followed = null;
    catalog.addEventListener("click", function (event) {
      var link = event.target.closest && event.target.closest(".row-link");
      if (link) followed = link.closest(".row");
    }, true);
    var remember = function () {
      var link = followed && followed.querySelector(".row-link");
      var place = {
        search: location.search,
        row: followed ? followed.id : "",
        item: link ? withoutQueryAndFragment(link.href) : ""
      };
      try {
        store.setItem(placeKey(location.href), JSON.stringify(place));
      } catch (error) {
        // Storage full or refused: the link back goes to the row as written.
      }
    };
    // pagehide is not sent to a page leaving for one of the same tab in every browser (iOS
    // Safari); visibilitychange is.
    window.addEventListener("pagehide", remember);
    document.addEventListener("visibilitychange", function () {
      if (document.visibilityState === "hidden") remember();
    });
    return;
  }

  var back = document.querySelector(".back a[href]");
  if (!back) return;
  var place = null;
  try {
    place = JSON.parse(store.getItem(placeKey(back.href)) || "null");
  } catch (error) {
    return;
  }
  if (!place || typeof place.search !== "string" || !/^(\?[^#]*)?$/.test(place.search)) return;
  var written = back.getAttribute("href");
  var hash = written.indexOf("#");
  var fragment = hash === -1 ? "" : written.slice(hash);
  if (place.row && place.item === withoutQueryAndFragment(location.href)) fragment = "#" + place.row;
  back.setAttribute("href", withoutQueryAndFragment(written) + place.search + fragment);
})();
