/*
  Foldout site search, marking: the words a query matched are marked (<mark>, made with DOM
  calls: no content is ever parsed as HTML) in a result's title, trail and secondary line,
  and a line says where else the result was found ("Tag: calm").
  Defines `foldoutSearch.markedElement(tag, className, text, query)` and
  `foldoutSearch.foundElsewhere(result, query)` with the parts of search-index.js and
  search-rank.js, loaded before it; nothing runs here before search-box.js calls them.
  A plain script: no modules, so it works from file:// too.
*/
(function () {
  "use strict";

  var foldoutSearch = (window.foldoutSearch = window.foldoutSearch || {});
  var fold = foldoutSearch.fold, words = foldoutSearch.words, foundBy = foldoutSearch.foundBy;
  var rawWordPattern = foldoutSearch.rawWordPattern;

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

  function markedElement(tag, className, text, query) {
    var element = document.createElement(tag);
    element.className = className;
    return appendMarked(element, text, query);
  }

  // Where a result was found besides what it shows: "Tag: calm", "kitten: species cat".
  function foundElsewhere(result, query) {
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
      appendMarked(element, word, query);
      var synonyms = result.match.shard.synonyms;
      var meaning = Object.prototype.hasOwnProperty.call(synonyms, word) ? synonyms[word] : "";
      if (meaning) element.appendChild(document.createTextNode(": " + meaning));
    });
    return element;
  }

  foldoutSearch.markedElement = markedElement;
  foldoutSearch.foundElsewhere = foundElsewhere;
})();
