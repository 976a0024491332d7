import Foundation

/// How wide the photo of a grid or carousel card is drawn, worked out from the default
/// stylesheet's rules (`Templates/assets/style.css`: the page width and gutter, the facet
/// column a catalog with facets shows from 60rem, the grid's columns at each breakpoint, a
/// card's padding and border, a carousel's track): the `sizes` of the card's `<img>`, and the
/// widths its square variants are made at. The browser test `test_card_images.py` checks
/// these against the drawn size, so a change to those rules shows there.
package struct CardImageSize: Sendable, Equatable {
    /// Sides of the square variants, in pixels: the card's width on a wide screen at 1x and
    /// 2x, and twice the widest it is drawn at a narrower window (a fluid card is wider on a
    /// tablet than beside the facets) when that is more.
    package var sides: [Int]
    /// `sizes`: the drawn width at each breakpoint, as the page is with its script on.
    package var sizes: String
    /// The widest the image is drawn at any window width, script or not, in CSS pixels: a
    /// photo smaller than that is drawn no wider than it is.
    package var widest: Int

    /// Nil for a list, whose rows show square thumbnails of the catalog's `row.thumbnail`.
    package init?(layout: String, columns: Int?, hasFacets: Bool) {
        let ranges: [Range]
        switch layout {
        case "grid": ranges = Self.gridRanges(columns: columns ?? Self.defaultColumns, hasFacets: hasFacets)
        case "carousel": ranges = [Range(upTo: nil, width: Width(rem: Self.carouselTrack - Self.cardInset))]
        default: return nil
        }
        // Ranges are linear in the window width: each is widest at its upper end.
        let wide = ranges.last!.width.pixels(atWindow: 0)
        let widestWithScript = ranges.map { $0.width.pixels(atWindow: $0.upTo ?? 0) }.max()!
        let widestWithout =
            hasFacets && layout == "grid"
            ? Self.gridRanges(columns: columns ?? Self.defaultColumns, hasFacets: false).map { $0.width.pixels(atWindow: $0.upTo ?? 0) }.max()!
            : widestWithScript
        let widest = max(widestWithScript, widestWithout)
        let oneX = Int(wide.rounded(.up))
        var sides = [oneX, 2 * oneX]
        let twiceWidest = Int((2 * widest).rounded(.up))
        if Double(twiceWidest) > 1.1 * Double(2 * oneX) { sides.append(twiceWidest) }
        self.sides = sides
        self.widest = Int(widest.rounded(.up))
        var merged: [Range] = []
        for range in ranges {
            if let last = merged.last, last.width == range.width { merged[merged.count - 1].upTo = range.upTo } else { merged.append(range) }
        }
        sizes = merged.map { range in
            range.upTo.map { "(max-width: \(Self.number($0))rem) \(range.width.css)" } ?? range.width.css
        }.joined(separator: ", ")
    }

    // MARK: The stylesheet's numbers (rem of 16 pixels, as `sizes` and media queries count them)

    static let defaultColumns = 3
    static let pageWidth = 62.0
    /// `--gutter: clamp(1rem, 4vw, 2rem)`: 1rem up to a 25rem window, 2rem from 50rem.
    static let gutterLeast = 1.0, gutterMost = 2.0, gutterPerWindow = 0.04
    /// `.catalog.has-facets` from 60rem: a 15rem column and a 2rem gap.
    static let facetsFrom = 60.0, facetColumn = 17.0
    static let gridGap = 0.875
    /// Padding (0.6rem) on both sides of a card; its 1px borders are `borderPixels`.
    static let cardInset = 1.2, borderPixels = 2.0
    /// `grid-auto-columns: minmax(10rem, 11.5rem)`.
    static let carouselTrack = 11.5

    /// A width `perWindow` × window + `rem` rem − the borders.
    struct Width: Equatable {
        var perWindow = 0.0
        var rem: Double

        func pixels(atWindow window: Double) -> Double {
            (perWindow * window + rem) * 16 - CardImageSize.borderPixels
        }

        var css: String {
            guard perWindow != 0 else { return "\(CardImageSize.number(rem * 16 - CardImageSize.borderPixels))px" }
            let sign = rem < 0 ? "-" : "+"
            return "calc(\(CardImageSize.number(perWindow * 100))vw \(sign) \(CardImageSize.number(abs(rem)))rem - \(CardImageSize.number(CardImageSize.borderPixels))px)"
        }
    }

    /// Windows up to `upTo` rem wide (nil: any wider) draw the image `width` wide.
    struct Range: Equatable {
        var upTo: Double?
        var width: Width
    }

    /// The grid's breakpoints: 1 column to 22rem, 2 to 40rem, at most 3 to 56rem; the gutter's
    /// bends at 25rem and 50rem; the facet column from 60rem; the page's width from 66rem.
    static func gridRanges(columns: Int, hasFacets: Bool) -> [Range] {
        let facets = hasFacets ? facetColumn : 0
        // The outline's width: `perWindow` × window + `rem`.
        let spans: [(upTo: Double?, perWindow: Double, rem: Double, columns: Int)] = [
            (22, 1, -2 * gutterLeast, 1),
            (25, 1, -2 * gutterLeast, min(columns, 2)),
            (40, 1 - 2 * gutterPerWindow, 0, min(columns, 2)),
            (50, 1 - 2 * gutterPerWindow, 0, min(columns, 3)),
            (56, 1, -2 * gutterMost, min(columns, 3)),
            (59.99, 1, -2 * gutterMost, columns),
            (pageWidth + 2 * gutterMost, 1, -2 * gutterMost - facets, columns),
            (nil, 0, pageWidth - facets, columns),
        ]
        return spans.map { span in
            let count = Double(span.columns)
            return Range(
                upTo: span.upTo,
                width: Width(
                    perWindow: span.perWindow / count,
                    rem: (span.rem - (count - 1) * gridGap) / count - cardInset))
        }
    }

    /// Up to four decimals, no trailing zeros: `13.2187`, `46`.
    static func number(_ value: Double) -> String {
        var text = String(format: "%.4f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
