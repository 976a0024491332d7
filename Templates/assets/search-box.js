/*
  Foldout site search, the box in the header of every page (partials/site-search.html),
  loaded by search.js after search-index.js, search-rank.js, search-marks.js and
  search-near.js, whose parts on `window.foldoutSearch` it uses. The index is one classic
  script per catalog (search/<catalog-id>.js), loaded with <script src> the first time the
  box is focused or typed in; each calls foldoutSearchShard(data), defined here.

  The box is an ARIA 1.2 combobox with a listbox popup: ArrowDown and ArrowUp move through
  the results, Enter opens one (the first when none is chosen), Escape closes the list, and
  clears the box when the list is closed already. Tab reaches the buttons under the list.
  The first 20 results show; a button under the list shows the rest. Nothing found: the
  buttons offer a near word of the index, the query without a word, and the catalogs.
*/
(function () {
  "use strict";

  var foldoutSearch = window.foldoutSearch;
  var form = document.querySelector(".site-search");
  var input = document.getElementById("site-search");
  var list = document.getElementById("site-search-results");
  if (!form || !input || !list || !foldoutSearch || !foldoutSearch.nearestWord) return;
  var words = foldoutSearch.words, prepare = foldoutSearch.prepare, decode = foldoutSearch.decode;
  var foundElsewhere = foldoutSearch.foundElsewhere;
  var status = form.querySelector(".site-search-status");
  // The buttons under the list ("Show all", suggestions), made here: the popup's own markup
  // is the list and the status line.
  var actions = document.createElement("div");
  actions.className = "site-search-actions";
  actions.hidden = true;
  (status || list).parentNode.insertBefore(actions, status ? status.nextSibling : list.nextSibling);

  var LIMIT = 20;
  var PAGE = 200;
  var SUGGESTION_DELAY = 150;
  var suggesting = null;
  // The site's root, as search.js found it.
  var root = foldoutSearch.root || form.getAttribute("data-root") || "";
  var paths = (form.getAttribute("data-shards") || "").split(" ").filter(Boolean);
  var shards = new Array(paths.length);
  var remaining = paths.length;
  var requested = false;
  var found = [];
  var shown = 0;
  var terms = [];
  var active = -1;

  form.hidden = false;

  // The parts, with the shards loaded so far and the words typed.
  function search(query) {
    return foldoutSearch.search(shards, query);
  }

  function markedElement(tag, className, text) {
    return foldoutSearch.markedElement(tag, className, text, terms);
  }

  function knows(term) {
    return foldoutSearch.knows(shards, term);
  }

  function nearestWord(term) {
    return foldoutSearch.nearestWord(shards, term);
  }

  // ---------- Shards ----------

  function load() {
    if (requested) return;
    requested = true;
    if (paths.length === 0) ready();
    paths.forEach(function (path) {
      var element = document.createElement("script");
      element.src = root + path;
      element.async = true;
      element.onerror = function () {
        remaining -= 1;
        if (remaining === 0) ready();
      };
      document.head.appendChild(element);
    });
  }

  function ready() {
    if (window.performance && performance.mark) performance.mark("foldout:search-ready");
    if (input.value) update();
    // Postings are decoded on first use; the rest are decoded now, between keystrokes, so the
    // first short query (a letter or two: thousands of postings) does not pay for them.
    shards.forEach(function (shard) {
      if (!shard) return;
      setTimeout(function () {
        for (var i = 0; i < shard.postings.length; i++) {
          if (!shard.decoded[i]) shard.decoded[i] = decode(shard.postings[i]);
        }
      }, 0);
    });
  }

  window.foldoutSearchShard = function (data) {
    var place = paths.indexOf("search/" + data.id + ".js");
    if (place < 0 || shards[place]) return;
    shards[place] = prepare(data);
    remaining -= 1;
    if (remaining === 0) ready();
    else if (input.value) update();
  };

  // ---------- The list ----------

  function setActive(index) {
    var options = list.children;
    if (active >= 0 && options[active]) options[active].setAttribute("aria-selected", "false");
    active = index;
    if (active >= 0 && options[active]) {
      var option = options[active];
      option.setAttribute("aria-selected", "true");
      input.setAttribute("aria-activedescendant", option.id);
      if (option.scrollIntoView) option.scrollIntoView({ block: "nearest" });
    } else {
      input.removeAttribute("aria-activedescendant");
    }
  }

  function close() {
    setActive(-1);
    list.hidden = true;
    input.setAttribute("aria-expanded", "false");
    form.classList.remove("is-showing");
  }

  // Shows the count (and the list, when there are results).
  function open() {
    form.classList.add("is-showing");
    if (shown === 0) return;
    list.hidden = false;
    input.setAttribute("aria-expanded", "true");
  }

  function option(result, index) {
    var entry = result.entry;
    var element = document.createElement("li");
    element.id = "site-search-option-" + index;
    element.setAttribute("role", "option");
    element.setAttribute("aria-selected", "false");
    element.className = "site-search-option" + (entry.isPlace ? " is-place" : "");
    var elsewhere = foundElsewhere(result, terms);
    // The link is inert: an option is a single control to assistive technology (a focusable
    // link inside it is a nested control), so the option carries the name, and a click on
    // it follows the link (see the list's click handler).
    element.setAttribute("aria-label", [entry.title, entry.trail.label, entry.secondary, elsewhere ? elsewhere.textContent : ""]
      .filter(Boolean).join(", "));
    var link = document.createElement("a");
    link.href = root + entry.path;
    link.tabIndex = -1;
    link.setAttribute("inert", "");
    if (entry.thumbnail) {
      var image = document.createElement("img");
      image.src = root + entry.thumbnail;
      image.alt = "";
      image.width = 40;
      image.height = 40;
      image.className = "site-search-thumbnail";
      link.appendChild(image);
    }
    var text = document.createElement("span");
    text.className = "site-search-text";
    text.appendChild(markedElement("span", "site-search-title", entry.title));
    if (entry.trail.label) text.appendChild(markedElement("span", "site-search-trail", entry.trail.label));
    if (entry.isPlace) {
      var kind = document.createElement("span");
      kind.className = "site-search-secondary";
      kind.textContent = entry.secondary;
      text.appendChild(kind);
    } else if (entry.secondary) {
      text.appendChild(markedElement("span", "site-search-secondary", entry.secondary));
    }
    if (elsewhere) text.appendChild(elsewhere);
    link.appendChild(text);
    element.appendChild(link);
    return element;
  }

  function button(label, action) {
    var element = document.createElement("button");
    element.type = "button";
    element.className = "site-search-action";
    element.textContent = label;
    element.addEventListener("click", action);
    return element;
  }

  function number(count) {
    return count.toLocaleString ? count.toLocaleString("en") : String(count);
  }

  // Appends found[from..<to] to the list.
  function appendOptions(from, to) {
    var fragment = document.createDocumentFragment();
    for (var index = from; index < to; index++) fragment.appendChild(option(found[index], index));
    list.appendChild(fragment);
    shown = to;
  }

  function render(results) {
    found = results;
    active = -1;
    input.removeAttribute("aria-activedescendant");
    list.textContent = "";
    shown = 0;
    appendOptions(0, Math.min(LIMIT, found.length));
    writeStatus();
    writeActions();
    if (document.activeElement === input || form.contains(document.activeElement)) {
      close();
      open();
    } else {
      close();
    }
  }

  function writeStatus() {
    var count = found.length;
    var label = count === 1 ? "1 result" : number(count) + " results";
    if (count > shown) label += ", " + number(shown) + " shown";
    if (remaining > 0) label += " (still loading)";
    status.textContent = label;
  }

  // The buttons under the list: the rest of the results, or what to try when none.
  function writeActions() {
    clearTimeout(suggesting);
    actions.textContent = "";
    if (found.length > shown) {
      var next = Math.min(found.length, shown + PAGE);
      var label = next === found.length ? "Show all " + number(found.length) + " results"
        : "Show " + number(next - shown) + " more of " + number(found.length);
      actions.appendChild(button(label, function () { showMore(next); }));
    }
    if (found.length > 0) {
      filteredCatalogs().forEach(function (element) { actions.appendChild(element); });
    } else if (remaining === 0) {
      // Looking for near words reads the whole index: done once typing pauses.
      suggesting = setTimeout(function () {
        suggestions().forEach(function (element) { actions.appendChild(element); });
        actions.hidden = actions.children.length === 0;
      }, SUGGESTION_DELAY);
    }
    actions.hidden = actions.children.length === 0;
  }

  function showMore(next) {
    var first = shown;
    var focused = document.activeElement;
    appendOptions(shown, next);
    writeStatus();
    writeActions();
    // The button went away (or moved): the keyboard carries on from the first new result.
    if (focused !== input && !actions.contains(focused)) input.focus();
    if (document.activeElement === input) {
      open();
      setActive(first);
    }
  }

  // A link to each catalog the results have items of, filtered by the query there
  // (catalog.js reads `?q=` as its filter box): the whole list, with its facets and sorts.
  // The catalog matches the words within its rows, so it may list a different number.
  function filteredCatalogs() {
    var query = input.value.trim();
    var counts = {};
    found.forEach(function (result) {
      if (result.kind === 1) counts[result.shard] = (counts[result.shard] || 0) + 1;
    });
    var made = [];
    shards.forEach(function (shard, shardNumber) {
      var catalog = shard && counts[shardNumber] && catalogPlace(shard);
      if (!catalog) return;
      var link = document.createElement("a");
      link.className = "site-search-action";
      link.href = root + catalog.path + "?q=" + encodeURIComponent(query);
      link.textContent = "Filter " + catalog.title + " by \u201c" + query + "\u201d";
      made.push(link);
    });
    return made;
  }

  // A catalog's own place in its shard: the one with no section or group around it.
  function catalogPlace(shard) {
    return shard.places.filter(function (place) { return place.trail.titles.length === 0; })[0];
  }

  // ---------- When nothing is found ----------

  function setQuery(text) {
    input.value = text;
    input.focus();
    update();
  }

  // Near words of the index, the query without one of its words, the catalogs to browse.
  function suggestions() {
    var made = [];
    var corrected = terms.map(function (term) { return knows(term) ? term : nearestWord(term); });
    if (corrected.every(Boolean) && corrected.join(" ") !== terms.join(" ")) {
      var corrections = search(corrected);
      if (corrections && corrections.length) {
        var phrase = corrected.join(" ");
        made.push(button("Did you mean \u201c" + phrase + "\u201d? (" + plural(corrections.length) + ")", function () { setQuery(phrase); }));
      }
    }
    if (terms.length > 1) {
      var best = null;
      terms.forEach(function (term, index) {
        var rest = terms.slice(0, index).concat(terms.slice(index + 1));
        var results = search(rest);
        if (results && results.length && (!best || results.length > best.count)) best = { term: term, rest: rest.join(" "), count: results.length };
      });
      if (best) {
        var rest = best.rest;
        made.push(button("Without \u201c" + best.term + "\u201d: \u201c" + rest + "\u201d (" + plural(best.count) + ")", function () { setQuery(rest); }));
      }
    }
    shards.forEach(function (shard) {
      var catalog = shard && catalogPlace(shard);
      if (!catalog) return;
      var link = document.createElement("a");
      link.className = "site-search-action";
      link.href = root + catalog.path;
      link.textContent = "Browse " + catalog.title;
      made.push(link);
    });
    return made;
  }

  function plural(count) {
    return count === 1 ? "1 result" : number(count) + " results";
  }

  // ---------- Events ----------

  function update() {
    terms = words(input.value);
    var results = search(terms);
    if (results === null) {
      found = [];
      shown = 0;
      list.textContent = "";
      status.textContent = "";
      clearTimeout(suggesting);
      actions.textContent = "";
      actions.hidden = true;
      close();
      return;
    }
    render(results);
  }

  function go(index) {
    var option = list.children[index];
    var link = option && option.querySelector("a");
    if (!link) return;
    if (link.hash && link.href.split("#")[0] === location.href.split("#")[0]) {
      // A place on this page (a row's #anchor): going to the address it already has is no
      // navigation and no hashchange, so the page's script (catalog.js, which opens the
      // groups around the row) is told as if it were.
      close();
      if (link.hash === location.hash) {
        window.dispatchEvent(new HashChangeEvent("hashchange", { oldURL: location.href, newURL: link.href }));
        return;
      }
    }
    window.location.href = link.href;
  }

  input.addEventListener("focus", load);
  input.addEventListener("input", function () {
    load();
    update();
  });

  input.addEventListener("keydown", function (event) {
    var key = event.key;
    if (key === "ArrowDown" || key === "ArrowUp") {
      if (shown === 0) return;
      event.preventDefault();
      if (list.hidden) {
        open();
        setActive(key === "ArrowDown" ? 0 : shown - 1);
        return;
      }
      // Round from the last result to the first, and back.
      setActive(key === "ArrowDown" ? (active + 1) % shown : (active - 1 + shown) % shown);
    } else if (key === "Enter") {
      event.preventDefault();
      if (!list.hidden && shown > 0) go(active >= 0 ? active : 0);
    } else if (key === "Escape") {
      if (form.classList.contains("is-showing")) {
        event.preventDefault();
        close();
      } else if (input.value) {
        event.preventDefault();
        input.value = "";
        update();
      }
    }
  });

  actions.addEventListener("keydown", function (event) {
    if (event.key === "Escape") {
      event.preventDefault();
      input.focus();
      close();
    }
  });

  form.addEventListener("submit", function (event) {
    event.preventDefault();
  });

  // A click on a result or a button acts; focus stays in the box until then.
  list.addEventListener("mousedown", function (event) {
    event.preventDefault();
  });
  actions.addEventListener("mousedown", function (event) {
    if (event.target.closest && event.target.closest("button")) event.preventDefault();
  });

  list.addEventListener("click", function (event) {
    var option = event.target.closest ? event.target.closest("[role=option]") : null;
    if (!option) return;
    event.preventDefault();
    go(Array.prototype.indexOf.call(list.children, option));
  });

  // The popup stays while focus is in the box or on the buttons under the list.
  form.addEventListener("focusout", function (event) {
    if (event.relatedTarget && form.contains(event.relatedTarget)) return;
    close();
  });

  input.addEventListener("click", function () {
    if (list.hidden && input.value) open();
  });
})();
