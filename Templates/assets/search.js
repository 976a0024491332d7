/*
  Foldout site search: the box in the header of every page (partials/site-search.html).
  Searches every catalog from any page, also from file://: the index is one classic script
  per catalog (search/<catalog-id>.js, see Sources/FoldoutRendering/SearchShard.swift),
  loaded with <script src> the first time the box is focused or typed in; each calls
  foldoutSearchShard(data). No fetch, modules or workers, which file:// refuses.

  What is found (docs/content.md, "Site search"): every word typed must start a word of the
  item's own title, fields, tags or text (a catalog's synonyms count as words of the items
  they stand for); the titles of the catalog, section and groups around an item only narrow
  ("dogs calm"), they never find an item alone. Catalogs, sections and groups are results of
  their own, found by their titles. Ranked, each step breaking the ties of the one before:
    1. the title starts with what was typed;
    2. where the weakest word was found: the title, then fields, then tags, then text, then
       only the titles around the item;
    3. fewer words matched only as the start of a longer word ("cat" in "catalog");
    4. more words in the title;
    5. catalogs, sections and groups before items, then the site's order.
  Matched words are marked (<mark>, made with DOM calls: no content is ever parsed as HTML)
  in titles, trails and secondary lines, and a line says where else a result was found.
  The first 20 results show; a button under the list shows the rest. Nothing found: the
  buttons offer a near word of the index, the query without a word, and the catalogs.

  The box is an ARIA 1.2 combobox with a listbox popup: ArrowDown and ArrowUp move through
  the results, Enter opens one (the first when none is chosen), Escape closes the list, and
  clears the box when the list is closed already. Tab reaches the buttons under the list.
*/
(function () {
  "use strict";

  var form = document.querySelector(".site-search");
  var input = document.getElementById("site-search");
  var list = document.getElementById("site-search-results");
  if (!form || !input || !list) return;
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
  var found = [];
  var shown = 0;
  var terms = [];
  var active = -1;

  form.hidden = false;

  // ---------- Words, as SearchIndex.words makes them ----------

  var marks, wordPattern, rawWordPattern;
  try {
    marks = new RegExp("\\p{M}", "gu");
    wordPattern = new RegExp("[\\p{L}\\p{N}]+", "gu");
    rawWordPattern = new RegExp("[\\p{L}\\p{N}\\p{M}]+", "gu");
  } catch (error) {
    marks = /[\u0300-\u036f]/g;
    wordPattern = /[A-Za-z0-9\u00aa-\uffff]+/g;
    rawWordPattern = /[A-Za-z0-9\u00aa-\uffff]+/g;
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
    // Catalogs, sections and groups: each with the titles around it, as an item's trail.
    var places = [];
    (data.places || []).forEach(function (line) {
      var parts = line.split("\t");
      var parent = parts[1] === "" ? null : places[parseInt(parts[1], 36)];
      var titles = parent ? parent.trail.titles.concat([parent.title]) : [];
      var folded = words(parts[0]);
      places.push({
        title: parts[0],
        folded: folded.join(" "),
        titleWords: folded,
        trail: { titles: titles, label: titles.join(" \u203a "), words: words(titles.join(" ")) },
        path: parts[2],
        // What it is, as the result's secondary line.
        secondary: titles.length === 0 ? "Catalog" : titles.length === 1 ? "Section" : "Group",
        thumbnail: "",
        isPlace: true
      });
    });
    var synonyms = {};
    (data.synonyms || []).forEach(function (line) {
      var parts = line.split("\t");
      synonyms[parts[0]] = parts[1];
    });
    return {
      title: data.title,
      items: items,
      places: places,
      synonyms: synonyms,
      words: data.words ? data.words.split(" ") : [],
      postings: data.postings ? data.postings.split(" ") : [],
      decoded: []
    };
  }

  var MORE = "wxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_";
  var LAST = "0123456789abcdefghijklmnopqrstuv";

  // A word's postings: the items holding it in a field, in a tag, in their text.
  function decode(text) {
    var tiers = [[]];
    var value = 0;
    var previous = -1;
    for (var i = 0; i < text.length; i++) {
      var c = text.charAt(i);
      if (c === ".") {
        tiers.push([]);
        previous = -1;
        continue;
      }
      var digit = LAST.indexOf(c);
      if (digit >= 0) {
        previous += value * 32 + digit + 1;
        tiers[tiers.length - 1].push(previous);
        value = 0;
      } else {
        value = value * 32 + MORE.indexOf(c);
      }
    }
    return tiers;
  }

  // The first of the sorted words starting with `prefix` (the shard's words' length if none).
  function firstWith(wordsList, prefix) {
    var low = 0;
    var high = wordsList.length;
    while (low < high) {
      var middle = (low + high) >> 1;
      if (wordsList[middle] < prefix) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  // For each item holding a word starting with `term`: its best hit in `codes` (field 1,
  // tag 2, text 3, each + 3 when the word only starts with the term) and that word's number.
  function markPostings(shard, term, codes, wordNumbers) {
    var wordsList = shard.words;
    for (var i = firstWith(wordsList, term); i < wordsList.length && wordsList[i].lastIndexOf(term, 0) === 0; i++) {
      var tiers = shard.decoded[i] || (shard.decoded[i] = decode(shard.postings[i]));
      var prefixOnly = wordsList[i].length > term.length ? 3 : 0;
      for (var t = 0; t < tiers.length; t++) {
        var code = t + 1 + prefixOnly;
        var numbers = tiers[t];
        for (var n = 0; n < numbers.length; n++) {
          var item = numbers[n];
          if (codes[item] === 0 || code < codes[item]) {
            codes[item] = code;
            wordNumbers[item] = i;
          }
        }
      }
    }
  }

  // 0: a word of `wordsList` is `term`; 1: one starts with it; -1: none.
  function inWords(wordsList, term) {
    var best = -1;
    for (var i = 0; i < wordsList.length; i++) {
      if (wordsList[i] === term) return 0;
      if (best < 0 && wordsList[i].lastIndexOf(term, 0) === 0) best = 1;
    }
    return best;
  }

  // ---------- Searching ----------

  var TITLE = 0, AROUND = 4;

  // How well `entry` (an item or a place) holds the query, as one number (smaller ranks
  // higher: the rules 1 to 4 of the comment at the top, in that order); -1 when it does not
  // hold it. Each word counts where it is best found: the title (0), a field (1), a tag (2),
  // the text (3), and only the titles around (4); the entry stands where its weakest word does.
  function standing(entry, query, phrase, codes, index) {
    var tier = TITLE, prefixes = 0, inTitle = 0, own = 0;
    for (var t = 0; t < query.length; t++) {
      var term = query[t];
      var title = inWords(entry.titleWords, term);
      var code = codes ? codes[t][index] : 0;
      var whole;
      if (title >= 0) {
        whole = title === 0;
        inTitle += 1;
        own += 1;
      } else if (code > 0) {
        var where = (code - 1) % 3 + 1;
        whole = code <= 3;
        if (where > tier) tier = where;
        own += 1;
      } else {
        var around = inWords(entry.trail.words, term);
        if (around < 0) return -1;
        whole = around === 0;
        tier = AROUND;
      }
      if (!whole) prefixes += 1;
    }
    if (own === 0) return -1;
    var start = entry.folded.lastIndexOf(phrase, 0) === 0 ? 0 : 1;
    return ((start * 5 + tier) * 64 + Math.min(prefixes, 63)) * 64 + (63 - Math.min(inTitle, 63));
  }

  // The index's words by which a result was found, where its title does not hold them.
  function foundBy(result) {
    var match = result.match;
    if (!match) return [];
    var found = [];
    for (var t = 0; t < match.query.length; t++) {
      if (match.codes[t][result.index] > 0 && inWords(result.entry.titleWords, match.query[t]) < 0) {
        found.push(match.shard.words[match.wordNumbers[t][result.index]]);
      }
    }
    return found;
  }

  function search(query) {
    if (query.length === 0) return null;
    var phrase = query.join(" ");
    var results = [];
    shards.forEach(function (shard, shardNumber) {
      if (!shard) return;
      var items = shard.items;
      var codes = [], wordNumbers = [];
      query.forEach(function (term) {
        var marked = new Uint8Array(items.length);
        var numbers = new Int32Array(items.length);
        markPostings(shard, term, marked, numbers);
        codes.push(marked);
        wordNumbers.push(numbers);
      });
      // What the shard's results were found by, for the line saying so (foundBy).
      var match = { query: query, codes: codes, wordNumbers: wordNumbers, shard: shard };
      shard.places.forEach(function (place, index) {
        var rank = standing(place, query, phrase, null, index);
        if (rank >= 0) results.push({ entry: place, rank: rank, shard: shardNumber, kind: 0, index: index, match: null });
      });
      for (var i = 0; i < items.length; i++) {
        // Cheap test first: each word must be in the index or start a word of the title or trail.
        var possible = true;
        for (var t = 0; t < query.length && possible; t++) {
          possible = codes[t][i] > 0 || inWords(items[i].titleWords, query[t]) >= 0 || inWords(items[i].trail.words, query[t]) >= 0;
        }
        if (!possible) continue;
        var rank = standing(items[i], query, phrase, codes, i);
        if (rank >= 0) results.push({ entry: items[i], rank: rank, shard: shardNumber, kind: 1, index: i, match: match });
      }
    });
    results.sort(function (a, b) {
      return a.rank - b.rank || a.shard - b.shard || a.kind - b.kind || a.index - b.index;
    });
    return results;
  }

  // ---------- Marking matched words ----------

  // `text` into `element` as text nodes, with each word's part that a term starts marked.
  function appendMarked(element, text, query) {
    var last = 0;
    var match;
    rawWordPattern.lastIndex = 0;
    while ((match = rawWordPattern.exec(text)) !== null) {
      var word = match[0];
      var folded = fold(word);
      var length = 0;
      query.forEach(function (term) {
        if (term.length > length && folded.lastIndexOf(term, 0) === 0) length = term.length;
      });
      if (length === 0) continue;
      // The raw characters that fold to the first `length` characters.
      var end = 0, count = 0;
      var characters = Array.from(word);
      while (end < characters.length && count < length) {
        count += fold(characters[end]).length;
        end += 1;
      }
      while (end < characters.length && fold(characters[end]).length === 0) end += 1;
      var markedText = characters.slice(0, end).join("");
      if (match.index > last) element.appendChild(document.createTextNode(text.slice(last, match.index)));
      var mark = document.createElement("mark");
      mark.textContent = markedText;
      element.appendChild(mark);
      last = match.index + markedText.length;
    }
    if (last < text.length) element.appendChild(document.createTextNode(text.slice(last)));
    return element;
  }

  function markedElement(tag, className, text) {
    var element = document.createElement(tag);
    element.className = className;
    return appendMarked(element, text, terms);
  }

  // Where a result was found besides what it shows: "Tag: calm", "kitten: species cat".
  function foundElsewhere(result) {
    var visible = words(result.entry.title + " " + result.entry.secondary);
    var notes = [];
    foundBy(result).forEach(function (word) {
      if (visible.indexOf(word) >= 0 || notes.indexOf(word) >= 0) return;
      notes.push(word);
    });
    if (notes.length === 0) return null;
    var element = document.createElement("span");
    element.className = "site-search-found";
    notes.forEach(function (word, index) {
      if (index > 0) element.appendChild(document.createTextNode(" \u00b7 "));
      appendMarked(element, word, terms);
      var synonyms = result.match.shard.synonyms;
      var meaning = Object.prototype.hasOwnProperty.call(synonyms, word) ? synonyms[word] : "";
      if (meaning) element.appendChild(document.createTextNode(": " + meaning));
    });
    return element;
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
    var elsewhere = foundElsewhere(result);
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
    } else if (found.length === 0 && remaining === 0) {
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
      var catalog = shard && shard.places.filter(function (place) { return place.trail.titles.length === 0; })[0];
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

  // Whether any word of the index, a title or a trail starts with `term`.
  function knows(term) {
    return shards.some(function (shard) {
      if (!shard) return false;
      var i = firstWith(shard.words, term);
      if (i < shard.words.length && shard.words[i].lastIndexOf(term, 0) === 0) return true;
      return shard.items.some(function (item) { return inWords(item.titleWords, term) >= 0; }) ||
        shard.places.some(function (place) { return inWords(place.titleWords, term) >= 0; });
    });
  }

  // The word of the index or a title nearest to `term`: at most one edit for a short word,
  // two for a longer one; of equals, the one most items hold, then the first alphabetically.
  function nearestWord(term) {
    var limit = term.length <= 4 ? 1 : 2;
    var best = null, bestDistance = limit + 1, bestCount = 0;
    // `count` gives how many items hold the word: asked only of a word as near as the best.
    function consider(word, count) {
      if (Math.abs(word.length - term.length) > limit) return;
      var distance = editDistance(term, word, bestDistance + 1);
      if (distance > bestDistance || distance > limit) return;
      var held = count();
      if (distance < bestDistance || held > bestCount || (held === bestCount && word < best)) {
        best = word;
        bestDistance = distance;
        bestCount = held;
      }
    }
    function one() { return 1; }
    shards.forEach(function (shard) {
      if (!shard) return;
      shard.words.forEach(function (word, index) {
        consider(word, function () {
          var tiers = shard.decoded[index] || (shard.decoded[index] = decode(shard.postings[index]));
          return tiers.reduce(function (sum, numbers) { return sum + numbers.length; }, 0);
        });
      });
      shard.items.concat(shard.places).forEach(function (entry) {
        entry.titleWords.forEach(function (word) { consider(word, one); });
      });
    });
    return bestDistance <= limit ? best : null;
  }

  // Levenshtein distance, with transpositions; `bound` once it is `bound` or more.
  function editDistance(a, b, bound) {
    var previous2 = null, previous = [], current;
    for (var j = 0; j <= b.length; j++) previous[j] = j;
    for (var i = 1; i <= a.length; i++) {
      current = [i];
      var smallest = i;
      for (j = 1; j <= b.length; j++) {
        var cost = a.charAt(i - 1) === b.charAt(j - 1) ? 0 : 1;
        var value = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
        if (previous2 && i > 1 && j > 1 && a.charAt(i - 1) === b.charAt(j - 2) && a.charAt(i - 2) === b.charAt(j - 1)) {
          value = Math.min(value, previous2[j - 2] + 1);
        }
        current[j] = value;
        if (value < smallest) smallest = value;
      }
      if (smallest >= bound) return bound;
      previous2 = previous;
      previous = current;
    }
    return previous[b.length];
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
