/*
  Foldout site search, what is found and in which order (docs/content.md, "Site search"):
  every word typed must start a word of the item's own title, fields, tags or text (a
  catalog's synonyms count as words of the items they stand for); the titles of the catalog,
  section and groups around an item only narrow ("dogs calm"), they never find an item
  alone. Catalogs, sections and groups are results of their own, found by their titles.
  Ranked, each step breaking the ties of the one before:
    1. the title starts with what was typed;
    2. where the weakest word was found: the title, then fields, then tags, then text, then
       only the titles around the item;
    3. fewer words matched only as the start of a longer word ("cat" in "catalog");
    4. more words in the title;
    5. catalogs, sections and groups before items, then the site's order.
  Defines `foldoutSearch.search(shards, query)` and `foldoutSearch.foundBy(result)` with
  search-index.js's parts, loaded before it; nothing runs here before search-box.js calls
  them. A plain script: no modules, so it works from file:// too.
*/
(function () {
  "use strict";

  var foldoutSearch = (window.foldoutSearch = window.foldoutSearch || {});
  var inWords = foldoutSearch.inWords, markPostings = foldoutSearch.markPostings;

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

  function search(shards, query) {
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

  foldoutSearch.search = search;
  foldoutSearch.foundBy = foundBy;
})();
