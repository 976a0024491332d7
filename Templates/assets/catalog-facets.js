/*
  Foldout catalog facets: the panel's checkboxes and ranges (partials/catalog-panel.html).
  Facets are OR within one and AND across them; each value's count shows what checking it
  would give with the other filters. A facet's values come from the page's #catalog-data, one
  column per facet in the order of the catalog's items. In the address a facet is
  `?species=cat&species=dog` or `?age=2..8`, a value by its slug or its label in any case.
  Defines `foldoutCatalog.facets(panel, data)`, which catalog.js (loaded after this) calls;
  nothing runs here before that. A plain script: no modules, so it works from file:// too.
*/
(function () {
  "use strict";

  var parts = (window.foldoutCatalog = window.foldoutCatalog || {});

  // A value in the address as a person may write it: the value's slug or its label, in any
  // case (`?track=SwiftUI` for the value `swiftui`).
  parts.addressName = function (text) {
    return parts.fold(text).replace(/[^\p{L}\p{N}]+/gu, "-").replace(/^-+|-+$/g, "");
  };

  parts.facets = function (panel, data) {
    var textOf = parts.textOf, addressName = parts.addressName;

    var list = data.facets.map(function (facet) {
      var fieldset = panel.querySelector('fieldset[data-facet="' + facet.key + '"]');
      var isList = facet.kind === "values" || facet.kind === "boolean";
      var boxes = fieldset && isList ? Array.prototype.slice.call(fieldset.querySelectorAll("input[type=checkbox]")) : [];
      var slot = {};
      (facet.values || []).forEach(function (value, index) { slot[value] = index; });
      // The legend's text, or its name beside the button that folds it (catalog-page.js).
      var legend = fieldset && fieldset.querySelector("legend .facet-name, legend");
      return {
        key: facet.key,
        name: legend ? legend.textContent.trim() : facet.key,
        list: isList,
        numeric: facet.kind === "range",
        cells: facet.cells,
        values: facet.values || [],
        boxes: boxes,
        boxSlots: boxes.map(function (box) { return slot[box.value]; }),
        counts: boxes.map(function (box) { return box.parentNode.querySelector(".facet-count"); }),
        low: fieldset ? fieldset.querySelector('input[name="' + facet.key + '-min"]') : null,
        high: fieldset ? fieldset.querySelector('input[name="' + facet.key + '-max"]') : null,
        selected: null, // a list facet's chosen value slots, as an object; a range's [low, high]
        shownCounts: []
      };
    });

    var facets = { list: list };

    // The controls as the address says: values checked, range bounds filled in.
    facets.readAddress = function (params) {
      list.forEach(function (facet) {
        if (facet.list) {
          var chosen = params.getAll(facet.key).map(addressName);
          facet.boxes.forEach(function (box) {
            box.checked = chosen.indexOf(addressName(box.value)) !== -1 ||
              chosen.indexOf(addressName(textOf(box.parentNode, ".facet-value"))) !== -1;
          });
        } else if (facet.low && facet.high) {
          var range = (params.get(facet.key) || "").split("..");
          facet.low.value = range.length === 2 ? range[0] : "";
          facet.high.value = range.length === 2 ? range[1] : "";
        }
      });
    };

    // Each facet's `selected`, from its controls.
    facets.readControls = function () {
      list.forEach(function (facet) {
        if (facet.list) {
          var chosen = null;
          facet.boxes.forEach(function (box, index) {
            if (box.checked && facet.boxSlots[index] !== undefined) {
              chosen = chosen || {};
              chosen[facet.boxSlots[index]] = true;
            }
          });
          facet.selected = chosen;
        } else if (facet.low && facet.high) {
          var low = facet.low.value.trim(), high = facet.high.value.trim();
          if (facet.numeric) {
            low = low === "" || isNaN(+low) ? null : +low;
            high = high === "" || isNaN(+high) ? null : +high;
          } else {
            low = low || null;
            high = high || null;
          }
          facet.selected = low === null && high === null ? null : [low, high];
        }
      });
    };

    facets.writeAddress = function (params) {
      list.forEach(function (facet) {
        params.delete(facet.key);
        if (facet.list) {
          facet.boxes.forEach(function (box) { if (box.checked) params.append(facet.key, box.value); });
        } else if (facet.selected) {
          params.set(facet.key, (facet.selected[0] === null ? "" : facet.selected[0]) + ".." +
                                (facet.selected[1] === null ? "" : facet.selected[1]));
        }
      });
    };

    facets.active = function () {
      return list.filter(function (facet) { return facet.selected; });
    };

    facets.passes = function (facet, item) {
      var cell = facet.cells[item];
      if (cell === null || cell === undefined) return false;
      if (facet.list) {
        if (typeof cell === "number") return facet.selected[cell] === true;
        for (var k = 0; k < cell.length; k++) if (facet.selected[cell[k]] === true) return true;
        return false;
      }
      var low = facet.selected[0], high = facet.selected[1];
      return (low === null || cell >= low) && (high === null || cell <= high);
    };

    // Each list facet's counts: what checking each value would give with the other facets
    // and the text, over the entries `counts(item, f)` says are in reach (f: the facet's place).
    facets.writeCounts = function (itemCount, inReach) {
      list.forEach(function (facet, f) {
        if (!facet.list) return;
        var counts = new Int32Array(facet.values.length);
        for (var i = 0; i < itemCount; i++) {
          if (!inReach(i, f)) continue;
          var cell = facet.cells[i];
          if (cell === null || cell === undefined) continue;
          if (typeof cell === "number") counts[cell] += 1;
          else for (var k = 0; k < cell.length; k++) counts[cell[k]] += 1;
        }
        facet.boxes.forEach(function (box, index) {
          var count = counts[facet.boxSlots[index]] || 0;
          if (facet.shownCounts[index] === count) return;
          facet.shownCounts[index] = count;
          if (facet.counts[index]) facet.counts[index].textContent = count;
          box.parentNode.classList.toggle("is-empty", count === 0 && !box.checked);
        });
      });
    };

    // "Species: Cat or Dog", "Age: 2 to 8": each chosen facet, for the print note.
    facets.describe = function () {
      return facets.active().map(function (facet) {
        var value;
        if (facet.list) {
          value = facet.boxes.filter(function (box) { return box.checked; }).map(function (box) {
            return textOf(box.parentNode, ".facet-value").trim();
          }).join(" or ");
        } else {
          var low = facet.selected[0], high = facet.selected[1];
          value = low !== null && high !== null ? low + " to " + high : low !== null ? "from " + low : "up to " + high;
        }
        return facet.name + ": " + value;
      });
    };

    facets.clear = function () {
      list.forEach(function (facet) {
        facet.boxes.forEach(function (box) { box.checked = false; });
        if (facet.low) facet.low.value = "";
        if (facet.high) facet.high.value = "";
      });
    };

    // A box changed is a step to go back to (`push`); a bound typed is not, until it settles.
    facets.listen = function (update) {
      list.forEach(function (facet) {
        facet.boxes.forEach(function (box) {
          box.addEventListener("change", function () { update(true); });
        });
        [facet.low, facet.high].forEach(function (field) {
          if (field) field.addEventListener("input", function () { update(false); });
        });
      });
    };

    return facets;
  };
})();
