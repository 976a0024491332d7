/*
  Foldout site search, the index: words as SearchIndex.words makes them, and a catalog's
  shard (search/<catalog-id>.js, see Sources/FoldoutRendering/SearchShard.swift) read into
  the items and places that search-rank.js ranks, with each word's postings decoded on
  first use.
  Defines parts on `window.foldoutSearch` (fold, words, slug, rawWordPattern, prepare,
  decode, firstWith, markPostings, inWords) for the scripts search.js loads after it;
  nothing runs here before they call them. A plain script: no modules, so it works from
  file:// too.
*/
(function () {
  "use strict";

  var foldoutSearch = (window.foldoutSearch = window.foldoutSearch || {});

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

  foldoutSearch.fold = fold;
  foldoutSearch.words = words;
  foldoutSearch.slug = slug;
  foldoutSearch.rawWordPattern = rawWordPattern;
  foldoutSearch.prepare = prepare;
  foldoutSearch.decode = decode;
  foldoutSearch.firstWith = firstWith;
  foldoutSearch.markPostings = markPostings;
  foldoutSearch.inWords = inWords;
})();
