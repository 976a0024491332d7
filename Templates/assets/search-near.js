/*
  Foldout site search, near words: when nothing is found, the word of the index or of a
  title nearest to each word typed, for the "Did you mean" button under the list.
  Defines `foldoutSearch.knows(shards, term)` and `foldoutSearch.nearestWord(shards, term)`
  with search-index.js's parts, loaded before it; nothing runs here before search-box.js
  calls them. A plain script: no modules, so it works from file:// too.
*/
(function () {
  "use strict";

  var foldoutSearch = (window.foldoutSearch = window.foldoutSearch || {});
  var decode = foldoutSearch.decode, firstWith = foldoutSearch.firstWith, inWords = foldoutSearch.inWords;

  // Whether any word of the index, a title or a trail starts with `term`.
  function knows(shards, term) {
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
  function nearestWord(shards, term) {
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

  foldoutSearch.knows = knows;
  foldoutSearch.nearestWord = nearestWord;
})();
