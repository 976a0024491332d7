/*
  Foldout catalog page script. Adds to a page that is complete without it:
  1. Arriving at catalog.html#some/row opens the groups around that row (browsers that
     open <details> for a fragment do it themselves; this covers the others).
  2. A filter box above the sections. Rows that do not match the title, secondary text,
     badges or tags hide; a section or group whose own title matches keeps its rows;
     groups with matches open; clearing restores the open/closed state from before.
     The query lives in ?q= so a filtered view can be linked.
  A plain script: no modules, no fetch, so it works from file:// too.
*/
(function () {
  "use strict";

  var catalog = document.querySelector(".catalog");
  if (!catalog) return;

  // ---------- 1. Open the groups around the fragment's target ----------

  function revealTarget() {
    var id;
    try {
      id = decodeURIComponent(location.hash.slice(1));
    } catch (error) {
      return;
    }
    if (!id) return;
    var target = document.getElementById(id);
    if (!target) return;
    var opened = false;
    for (var node = target; node && node !== catalog; node = node.parentElement) {
      if (node.tagName === "DETAILS" && !node.open) {
        node.open = true;
        opened = true;
      }
    }
    if (opened) target.scrollIntoView();
  }

  revealTarget();
  window.addEventListener("hashchange", revealTarget);

  // ---------- 2. Filter ----------

  var rows = Array.prototype.slice.call(catalog.querySelectorAll(".row"));
  if (rows.length === 0) return;
  var groups = Array.prototype.slice.call(catalog.querySelectorAll("details"));
  var sections = Array.prototype.slice.call(catalog.querySelectorAll(".section"));

  function fold(text) {
    return (text || "")
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/\s+/g, " ")
      .trim();
  }

  function textOf(element, selector) {
    var found = element.querySelector(selector);
    return found ? found.textContent : "";
  }

  // What each row and each heading can be found by, folded once.
  var rowText = rows.map(function (row) {
    return fold(
      [
        // The row's own link: a row that discloses sub-pages holds their rows too.
        textOf(row, ":scope > .row-link .row-title"),
        textOf(row, ":scope > .row-link .row-secondary"),
        textOf(row, ":scope > .row-link .badges"),
        row.getAttribute("data-tags") || ""
      ].join(" ")
    );
  });

  function headingText(element) {
    if (element.tagName === "DETAILS") return fold(textOf(element, ".group-title"));
    return fold(textOf(element, ".section-header .anchor"));
  }

  // Titles of the sections and groups around each row, nearest last.
  var rowContainers = rows.map(function (row) {
    var containers = [];
    for (var node = row.parentElement; node && node !== catalog; node = node.parentElement) {
      if (node.tagName === "DETAILS" || node.classList.contains("section")) containers.unshift(node);
    }
    return containers;
  });
  var containerTitles = new Map();
  groups.concat(sections).forEach(function (element) {
    containerTitles.set(element, headingText(element));
  });

  // The box, the status line and the "no matches" line.
  var form = document.createElement("div");
  form.className = "filter";
  form.setAttribute("role", "search");
  var label = document.createElement("label");
  label.className = "visually-hidden";
  label.htmlFor = "filter-query";
  label.textContent = catalog.getAttribute("data-filter-label") || "Filter";
  var input = document.createElement("input");
  input.type = "search";
  input.id = "filter-query";
  input.autocomplete = "off";
  input.spellcheck = false;
  input.placeholder = (catalog.getAttribute("data-filter-label") || "Filter") + "…";
  var status = document.createElement("p");
  status.className = "filter-status visually-hidden";
  status.setAttribute("aria-live", "polite");
  form.appendChild(label);
  form.appendChild(input);
  form.appendChild(status);
  var empty = document.createElement("p");
  empty.className = "filter-empty";
  empty.hidden = true;
  catalog.insertBefore(empty, catalog.firstChild);
  catalog.insertBefore(form, catalog.firstChild);

  // Open state and accordion names from before filtering, restored when the box is cleared.
  var saved = null;

  function save() {
    saved = groups.map(function (details) {
      return { open: details.open, name: details.getAttribute("name") };
    });
    // Exclusive groups would close each other when several hold matches.
    groups.forEach(function (details) {
      details.removeAttribute("name");
    });
  }

  function restore() {
    if (!saved) return;
    groups.forEach(function (details, index) {
      details.open = saved[index].open;
    });
    groups.forEach(function (details, index) {
      if (saved[index].name !== null) details.setAttribute("name", saved[index].name);
    });
    saved = null;
  }

  function show(element, visible) {
    element.hidden = !visible;
  }

  function apply(query) {
    var words = fold(query).split(" ").filter(Boolean);
    if (words.length === 0) {
      rows.forEach(function (row) { show(row, true); });
      groups.forEach(function (details) { show(details.parentElement, true); });
      sections.forEach(function (section) { show(section, true); });
      restore();
      empty.hidden = true;
      status.textContent = "";
      return;
    }
    if (!saved) save();
    var visibleIn = new Map();
    var matches = 0;
    rows.forEach(function (row, index) {
      var containers = rowContainers[index];
      var titles = containers.map(function (element) { return containerTitles.get(element); }).join(" ");
      var text = rowText[index];
      var hit = words.every(function (word) {
        return text.indexOf(word) !== -1 || titles.indexOf(word) !== -1;
      });
      show(row, hit);
      if (hit) {
        matches += 1;
        containers.forEach(function (element) {
          visibleIn.set(element, true);
        });
      }
    });
    groups.forEach(function (details) {
      var has = visibleIn.has(details);
      details.open = has;
      // A row's own disclosure of sub-pages: the row shows when it matches (shown above) or
      // when one of its sub-pages does.
      if (details.classList.contains("row-children")) {
        if (has) show(details.parentElement, true);
        return;
      }
      show(details.parentElement, has);
    });
    sections.forEach(function (section) {
      show(section, visibleIn.has(section));
    });
    empty.hidden = matches !== 0;
    empty.textContent = matches === 0 ? "No matches for “" + query.trim() + "”." : "";
    status.textContent = matches === 0 ? "No matches" : matches === 1 ? "1 match" : matches + " matches";
  }

  function remember(query) {
    try {
      var url = new URL(location.href);
      if (query.trim()) url.searchParams.set("q", query);
      else url.searchParams.delete("q");
      history.replaceState(history.state, "", url.href);
    } catch (error) {
      // Some browsers refuse to change a file:// address; filtering still works.
    }
  }

  input.addEventListener("input", function () {
    apply(input.value);
    remember(input.value);
  });

  input.addEventListener("keydown", function (event) {
    if (event.key === "Escape" && input.value) {
      input.value = "";
      apply("");
      remember("");
    }
  });

  var initial = new URLSearchParams(location.search).get("q");
  if (initial) {
    input.value = initial;
    apply(initial);
  }
})();
