import Testing

@testable import FoldoutImages

/// The widths a card's photo is drawn at, as the default stylesheet lays cards out; the
/// browser test `test_card_images.py` measures the same in Chromium.
@Suite struct CardImageSizeTests {
    @Test func aListHasNoCards() {
        #expect(CardImageSize(layout: "list", columns: nil, hasFacets: true) == nil)
    }

    @Test func aGridOfThreeBesideTheFacetsIsAbout210PixelsOnADesktop() throws {
        let card = try #require(CardImageSize(layout: "grid", columns: nil, hasFacets: true))
        // (62rem − 17rem of facets − 2 gaps of 0.875rem) / 3 − 1.2rem of padding − 2px of border = 209.5px.
        #expect(card.sizes.hasSuffix(", 209.4667px"))
        // 1x and 2x of that, and twice the 300px a card is without the facet column.
        #expect(card.sides == [210, 420, 601])
        #expect(card.widest == 301)
        // A phone of 390px (24.375rem) is in the two-column range below 25rem.
        #expect(card.sizes.hasPrefix("(max-width: 22rem) calc(100vw - 3.2rem - 2px), (max-width: 25rem) calc(50vw - 2.6375rem - 2px), "))
    }

    @Test func breakpointsWithTheSameWidthAreOne() throws {
        let card = try #require(CardImageSize(layout: "grid", columns: 1, hasFacets: false))
        #expect(
            card.sizes == "(max-width: 25rem) calc(100vw - 3.2rem - 2px), (max-width: 50rem) calc(92vw - 1.2rem - 2px), "
                + "(max-width: 66rem) calc(100vw - 5.2rem - 2px), 970.8px")
        #expect(card.sides == [971, 1942])
    }

    @Test func aCarouselCardIsItsTrack() throws {
        let card = try #require(CardImageSize(layout: "carousel", columns: 4, hasFacets: true))
        #expect(card.sizes == "162.8px")
        #expect(card.sides == [163, 326])
    }
}
