import FoldoutImages
import Testing

/// What a page will name, planned from a header alone: the widths, names and exact sizes of
/// every variant, which `ImageCodec` then makes (checked at the end against real files).
@Suite struct ImagePlanTests {
    static let phone = ImageHeader(format: .jpeg, storedWidth: 4032, storedHeight: 3024)

    @Test func aPhotoGetsEveryWidthInWebPAndItsOwnFormat() {
        let plan = ImagePlan.responsive("pets/dogs/rex.jpg", header: Self.phone, options: .init())
        #expect(plan.sources.map(\.format) == [.webp, .jpeg])
        #expect(
            plan.fallback.variants.map(\.path) == [
                "pets/dogs/rex-480w.jpg", "pets/dogs/rex-960w.jpg",
                "pets/dogs/rex-1600w.jpg", "pets/dogs/rex-2400w.jpg",
            ])
        #expect(plan.sources[0].variants.map(\.path).first == "pets/dogs/rex-480w.webp")
        #expect(plan.sources[0].variants.map { [$0.width, $0.height] } == [[480, 360], [960, 720], [1600, 1200], [2400, 1800]])
        #expect((plan.width, plan.height) == (2400, 1800))
    }

    @Test func noVariantIsWiderThanItsSource() {
        let small = ImageHeader(format: .png, storedWidth: 800, storedHeight: 533)
        let plan = ImagePlan.responsive("a/b.png", header: small, options: .init())
        #expect(plan.fallback.variants.map(\.width) == [480, 800])
        #expect(plan.fallback.variants.map(\.height) == [320, 533])
        #expect(plan.fallback.format == .png)
        let tiny = ImagePlan.responsive("a/icon.png", header: ImageHeader(format: .png, storedWidth: 64, storedHeight: 64), options: .init())
        #expect(tiny.fallback.variants.map(\.width) == [64])
    }

    @Test func aRotatedPhotoIsPlannedUpright() {
        let turned = ImageHeader(format: .jpeg, storedWidth: 4032, storedHeight: 3024, orientation: 6)
        let plan = ImagePlan.responsive("rex.jpg", header: turned, options: .init(widths: [600]))
        #expect(plan.fallback.variants.map { [$0.width, $0.height] } == [[600, 800]])
    }

    @Test func squaresComeAtOneAndTwiceTheirSideAndNameTheirFocus() {
        let plan = ImagePlan.square("rex.jpg", header: Self.phone, side: 48, focus: nil, options: .init())
        #expect(plan.sources.flatMap { $0.variants.map(\.path) } == ["rex-sq48.webp", "rex-sq96.webp", "rex-sq48.jpg", "rex-sq96.jpg"])
        let focused = ImagePlan.square("rex.jpg", header: Self.phone, side: 48, focus: .init(x: 0.3, y: 0.2), options: .init())
        #expect(focused.fallback.variants.first?.path == "rex-sq48-f30-20.jpg")
        let small = ImagePlan.square(
            "s.png", header: ImageHeader(format: .png, storedWidth: 70, storedHeight: 50), side: 48,
            focus: nil, options: .init())
        #expect(small.fallback.variants.map(\.width) == [48])
    }

    @Test func cardsComeAtTheirSidesAndNeverLargerThanTheSource() {
        let plan = ImagePlan.card("cats/olive.jpg", header: Self.phone, sides: [210, 420, 601], focus: nil, options: .init())
        #expect(plan.fallback.variants.map(\.path) == ["cats/olive-sq210.jpg", "cats/olive-sq420.jpg", "cats/olive-sq601.jpg"])
        #expect(plan.sources[0].variants.map(\.path).first == "cats/olive-sq210.webp")
        // The same crop as a row thumbnail of that side: one file for both.
        #expect(
            plan.fallback.variants[0]
                == ImagePlan.square(
                    "cats/olive.jpg", header: Self.phone, side: 210, focus: nil,
                    options: .init()
                ).fallback.variants[0])
        // A source narrower than a side gives its own side instead, once: never upscaled.
        let small = ImagePlan.card(
            "s.jpg", header: ImageHeader(format: .jpeg, storedWidth: 500, storedHeight: 300),
            sides: [210, 420, 601], focus: .init(x: 0.5, y: 0.5), options: .init())
        #expect(small.fallback.variants.map(\.width) == [210, 300])
        #expect(small.fallback.variants.map(\.path) == ["s-sq210-f50-50.jpg", "s-sq300-f50-50.jpg"])
        let tiny = ImagePlan.card(
            "t.jpg", header: ImageHeader(format: .jpeg, storedWidth: 90, storedHeight: 120),
            sides: [210, 420], focus: nil, options: .init())
        #expect(tiny.fallback.variants.map(\.width) == [90])
        #expect((tiny.width, tiny.height) == (90, 90))
    }

    @Test func aPictureNoWiderThanItsPixelsSaysSoBesideItsPlaceholder() {
        var picture = PictureMarkup.Description(src: "t-sq90.jpg")
        picture.imageClass = "thumbnail card-image"
        picture.srcset = "t-sq90.jpg 90w"
        picture.sizes = "163px"
        picture.width = 90
        picture.height = 90
        picture.maxWidth = 90
        #expect(
            PictureMarkup(picture).html(alt: "Tom")
                == #"<picture><img class="thumbnail card-image" src="t-sq90.jpg" srcset="t-sq90.jpg 90w" sizes="163px" width="90" height="90" loading="lazy" decoding="async" style="max-width:90px" alt="Tom"></picture>"#
        )
        picture.placeholder = "data:image/webp;base64,AAAA"
        #expect(PictureMarkup(picture).beforeAlt.hasSuffix(#" style="max-width:90px;background-image:url(data:image/webp;base64,AAAA)" alt=""#))
    }

    @Test func formatsFollowTheSourceAndTheSite() {
        let heic = ImagePlan.responsive(
            "p.heic", header: ImageHeader(format: .heif, storedWidth: 1000, storedHeight: 750),
            options: .init(widths: [500], avif: true))
        #expect(heic.sources.map(\.format) == [.avif, .webp, .jpeg])
        #expect(heic.fallback.variants.first?.path == "p-500w.jpg")
        let gif = ImagePlan.responsive(
            "a.gif", header: ImageHeader(format: .gif, storedWidth: 300, storedHeight: 200, frames: 4),
            options: .init())
        #expect(gif.fallback.format == .png)
    }

    @Test func thePlannedSizesAreTheSizesMade() throws {
        let source = try ImageCodecTests.fixture("rotated-6.jpg")
        let header = try ImageCodec.header(of: source).get()
        let plans = [
            ImagePlan.responsive("r.jpg", header: header, options: .init(widths: [17, 33, 50])),
            ImagePlan.square("r.jpg", header: header, side: 21, focus: .init(x: 0.9, y: 0.1), options: .init()),
        ]
        for variant in plans.flatMap(\.allVariants) {
            let made = try ImageCodec.make(variant.operation, from: source).get()
            let result = try ImageCodec.header(of: made).get()
            #expect((result.width, result.height) == (variant.width, variant.height), "\(variant.path)")
        }
    }
}
