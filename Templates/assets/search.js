/*
  Foldout site search: the box in the header of every page (partials/site-search.html).
  Searches every catalog from any page, also from file://: the index is one classic script
  per catalog (search/<catalog-id>.js, see Sources/FoldoutRendering/SearchShard.swift),
  loaded with <script src> the first time the box is focused or typed in; each calls
  foldoutSearchShard(data). No fetch, modules or workers, which file:// refuses.

  A result is an item whose title, trail (catalog, section, groups), fields, tags or summary
  hold a word starting with each word typed, case and accents aside. Items with the query
  at the start of their title come first, then those with every word in the title, then
  those with some, then the rest, each in catalog order.

  The box is an ARIA 1.2 combobox with a listbox popup: ArrowDown and ArrowUp move through
  the results, Enter opens one (the first when none is chosen), Escape closes the list, and
  clears the box when the list is closed already.
*/
(function () {
  "use strict";

  var form = document.querySelector(".site-search");
  var input = document.getElementById("site-search");
  var list = document.getElementById("site-search-results");
  if (!form || !input || !list) return;
  var status = form.querySelector(".site-search-status");

  var LIMIT = 20;
  // The site's root: where this script was loaded from, less assets/search.js (right on
  // every page, the 404 page at any depth too); else the page's own relative prefix.
  var root = form.getAttribute("data-root") || "";
  var script = document.currentScript;
  if (script && script.src && /assets\/search\.js(\?.*)?$/.test(script.src)) {
    root = script.src.replace(/assets\/search\.js(\?.*)?$/, "");
  }
  var paths = (form.getAttribute("data-shards") || "").split(" ").filter(Boolean);
  var shards = new Array(paths.length);
  var remaining = paths.length;
  var requested = false;
  var results = [];
  var active = -1;

  form.hidden = false;

  // ---------- Words, as SearchIndex.words makes them ----------

  var marks, wordPattern;
  try {
    marks = new RegExp("\\p{M}", "gu");
    wordPattern = new RegExp("[\\p{L}\\p{N}]+", "gu");
  } catch (error) {
    marks = /[\u0300-\u036f]/g;
    wordPattern = /[A-Za-z0-9\u00aa-\uffff]+/g;
  }

  function fold(text) {
    return (text || "").normalize("NFD").replace(marks, "").toLowerCase();
  }

  function words(text) {
    return fold(text).match(wordPattern) || [];
  }

  function slug(title) {
    return title.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "");
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

  function field(value, strings, folder) {
    if (!value) return "";
    if (value.charAt(0) === ":") return value.slice(1);
    if (value.charAt(0) === ".") return folder + value.slice(1);
    return strings[parseInt(value, 36)] || "";
  }

  function prepare(data) {
    var trails = data.trails.map(function (line) {
      var parts = line.split("\t");
      var folder = parts.pop();
      return { titles: parts, label: parts.join(" \u203a "), folder: folder, words: words(parts.join(" ")) };
    });
    var items = data.items.map(function (line) {
      var parts = line.split("\t");
      var title = parts[0];
      var trail = trails[parseInt(parts[1] || "0", 36)];
      var page = parts[2] || "";
      var path;
      if (page === "") path = trail.folder + slug(title) + ".html";
      else if (page.charAt(0) === "/") path = page.slice(1);
      else path = trail.folder + page + ".html";
      var folded = words(title);
      return {
        title: title,
        folded: folded.join(" "),
        titleWords: folded,
        trail: trail,
        path: path,
        secondary: field(parts[3], data.strings),
        thumbnail: field(parts[4], data.strings, trail.folder)
      };
    });
    return {
      items: items,
      words: data.words ? data.words.split(" ") : [],
      postings: data.postings ? data.postings.split(" ") : [],
      decoded: []
    };
  }

  var MORE = "wxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_";
  var LAST = "0123456789abcdefghijklmnopqrstuv";

  function decode(text) {
    var numbers = [];
    var value = 0;
    var previous = -1;
    for (var i = 0; i < text.length; i++) {
      var c = text.charAt(i);
      var digit = LAST.indexOf(c);
      if (digit >= 0) {
        previous += value * 32 + digit + 1;
        numbers.push(previous);
        value = 0;
      } else {
        value = value * 32 + MORE.indexOf(c);
      }
    }
    return numbers;
  }

  // Marks (in `marks`, one byte per item) the items holding a word starting with `prefix`.
  function markPostings(shard, prefix, marksOut) {
    var wordsList = shard.words;
    var low = 0;
    var high = wordsList.length;
    while (low < high) {
      var middle = (low + high) >> 1;
      if (wordsList[middle] < prefix) low = middle + 1;
      else high = middle;
    }
    for (var i = low; i < wordsList.length && wordsList[i].lastIndexOf(prefix, 0) === 0; i++) {
      var numbers = shard.decoded[i] || (shard.decoded[i] = decode(shard.postings[i]));
      for (var n = 0; n < numbers.length; n++) marksOut[numbers[n]] = 1;
    }
  }

  function startsAWord(wordsList, prefix) {
    for (var i = 0; i < wordsList.length; i++) {
      if (wordsList[i].lastIndexOf(prefix, 0) === 0) return true;
    }
    return false;
  }

  // ---------- Searching ----------

  function search(query) {
    var terms = words(query);
    if (terms.length === 0) return null;
    var phrase = terms.join(" ");
    var found = [];
    shards.forEach(function (shard, shardNumber) {
      if (!shard) return;
      var items = shard.items;
      var others = terms.map(function (term) {
        var marked = new Uint8Array(items.length);
        markPostings(shard, term, marked);
        return marked;
      });
      for (var i = 0; i < items.length; i++) {
        var item = items[i];
        var inTitle = 0;
        var matches = true;
        for (var t = 0; t < terms.length; t++) {
          var term = terms[t];
          if (startsAWord(item.titleWords, term)) inTitle += 1;
          else if (!others[t][i] && !startsAWord(item.trail.words, term)) {
            matches = false;
            break;
          }
        }
        if (!matches) continue;
        var rank = item.folded.lastIndexOf(phrase, 0) === 0 ? 0 : inTitle === terms.length ? 1 : inTitle > 0 ? 2 : 3;
        found.push({ item: item, rank: rank, shard: shardNumber, index: i });
      }
    });
    found.sort(function (a, b) {
      return a.rank - b.rank || a.shard - b.shard || a.index - b.index;
    });
    return found;
  }

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
    if (results.length === 0) return;
    list.hidden = false;
    input.setAttribute("aria-expanded", "true");
  }

  function textElement(tag, className, text) {
    var element = document.createElement(tag);
    element.className = className;
    element.textContent = text;
    return element;
  }

  function render(found) {
    results = found.slice(0, LIMIT);
    active = -1;
    input.removeAttribute("aria-activedescendant");
    var fragment = document.createDocumentFragment();
    results.forEach(function (result, index) {
      var item = result.item;
      var option = document.createElement("li");
      option.id = "site-search-option-" + index;
      option.setAttribute("role", "option");
      option.setAttribute("aria-selected", "false");
      option.className = "site-search-option";
      // The link is inert: an option is a single control to assistive technology (a focusable
      // link inside it is a nested control), so the option carries the name, and a click on
      // it follows the link (see the list's click handler).
      option.setAttribute("aria-label", [item.title, item.trail.label, item.secondary].filter(Boolean).join(", "));
      var link = document.createElement("a");
      link.href = root + item.path;
      link.tabIndex = -1;
      link.setAttribute("inert", "");
      if (item.thumbnail) {
        var image = document.createElement("img");
        image.src = root + item.thumbnail;
        image.alt = "";
        image.width = 40;
        image.height = 40;
        image.className = "site-search-thumbnail";
        link.appendChild(image);
      }
      var text = document.createElement("span");
      text.className = "site-search-text";
      text.appendChild(textElement("span", "site-search-title", item.title));
      text.appendChild(textElement("span", "site-search-trail", item.trail.label));
      if (item.secondary) text.appendChild(textElement("span", "site-search-secondary", item.secondary));
      link.appendChild(text);
      option.appendChild(link);
      fragment.appendChild(option);
    });
    list.textContent = "";
    list.appendChild(fragment);
    var count = found.length;
    var label = count === 1 ? "1 result" : count + " results";
    if (count > LIMIT) label += ", first " + LIMIT + " shown";
    if (remaining > 0) label += " (still loading)";
    status.textContent = label;
    if (document.activeElement === input) {
      close();
      open();
    } else {
      close();
    }
  }

  function update() {
    var found = search(input.value);
    if (found === null) {
      results = [];
      list.textContent = "";
      status.textContent = "";
      close();
      return;
    }
    render(found);
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
      if (results.length === 0) return;
      event.preventDefault();
      if (list.hidden) {
        open();
        setActive(key === "ArrowDown" ? 0 : results.length - 1);
        return;
      }
      // Round from the last result to the first, and back.
      var count = results.length;
      setActive(key === "ArrowDown" ? (active + 1) % count : (active - 1 + count) % count);
    } else if (key === "Enter") {
      event.preventDefault();
      if (!list.hidden && results.length > 0) go(active >= 0 ? active : 0);
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

  form.addEventListener("submit", function (event) {
    event.preventDefault();
  });

  // A click on a result follows its link; focus stays in the box until then.
  list.addEventListener("mousedown", function (event) {
    event.preventDefault();
  });

  list.addEventListener("click", function (event) {
    var option = event.target.closest ? event.target.closest("[role=option]") : null;
    if (!option) return;
    event.preventDefault();
    go(Array.prototype.indexOf.call(list.children, option));
  });

  input.addEventListener("blur", function () {
    close();
  });

  input.addEventListener("click", function () {
    if (list.hidden && input.value) open();
  });
})();
