import FoldoutBase
import FoldoutImages
import Testing

/// `PictureMarkup(_:)` writes its markup as bytes into one buffer; it must write what the
/// string interpolation it replaced wrote, for every combination of parts and for values
/// with characters to escape.
@Suite struct PictureMarkupTests {
    /// The former writer, kept as the reference.
    static func interpolated(_ picture: PictureMarkup.Description) -> (beforeAlt: String, afterAlt: String) {
        func attribute(_ name: String, _ value: String?) -> String {
            value.map { " \(name)=\"\(MarkupEscaping.html($0))\"" } ?? ""
        }
        var html = ""
        if picture.isPicture {
            html += "<picture\(attribute("class", picture.pictureClass))>"
            for source in picture.sources {
                html += "<source\(attribute("type", source.type))\(attribute("srcset", source.srcset))\(attribute("sizes", picture.sizes))>"
            }
        }
        html += "<img\(attribute("class", picture.imageClass))\(attribute("src", picture.src))"
        if let srcset = picture.srcset { html += attribute("srcset", srcset) + attribute("sizes", picture.sizes) }
        if let width = picture.width, let height = picture.height { html += " width=\"\(width)\" height=\"\(height)\"" }
        if picture.isLazy { html += " loading=\"lazy\"" }
        html += " decoding=\"async\""
        let style = [picture.maxWidth.map { "max-width:\($0)px" }, picture.placeholder.map { "background-image:url(\($0))" }]
            .compactMap { $0 }
        html += attribute("style", style.isEmpty ? nil : style.joined(separator: ";"))
        return (html + " alt=\"", picture.isPicture ? "\"></picture>" : "\">")
    }

    @Test func writesWhatInterpolationWrote() {
        let texts: [String?] = [nil, "", "a.webp 1x, b.webp 2x", "x\"onerror=\"y", "<&'>", "é\u{301}\"", "data:image/png;base64,AAAA+/=="]
        var generator = SystemRandomNumberGenerator()
        var checked = 0
        for _ in 0..<600 {
            func text() -> String? { texts.randomElement(using: &generator)! }
            var picture = PictureMarkup.Description(src: text() ?? "rex.jpg")
            picture.isPicture = Bool.random(using: &generator)
            picture.pictureClass = text()
            picture.imageClass = text()
            picture.sources = (0..<Int.random(in: 0...2, using: &generator)).map { _ in .init(type: text() ?? "image/webp", srcset: text() ?? "") }
            picture.srcset = text()
            picture.sizes = text()
            picture.width = Bool.random(using: &generator) ? Int.random(in: -5...5000, using: &generator) : nil
            picture.height = Bool.random(using: &generator) ? Int.random(in: 0...5000, using: &generator) : nil
            picture.isLazy = Bool.random(using: &generator)
            picture.placeholder = text()
            picture.maxWidth = Bool.random(using: &generator) ? Int.random(in: -5...2000, using: &generator) : nil
            picture.fallbackURL = text()
            let markup = PictureMarkup(picture)
            let reference = Self.interpolated(picture)
            #expect(markup.beforeAlt == reference.beforeAlt)
            #expect(markup.afterAlt == reference.afterAlt)
            #expect(markup.fallbackURL == picture.fallbackURL ?? picture.src)
            checked += 1
        }
        #expect(checked == 600)
    }
}
