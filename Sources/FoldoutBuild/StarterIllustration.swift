import FoldoutImages

/// A pet of the starter site drawn as a flat illustration: an SVG of a few shapes, turned
/// into an ordinary JPEG by libvips. `foldout init` so needs no network and carries no
/// photos in the binary, and the same pet is always drawn the same, byte for byte.
package struct StarterIllustration: Sendable, Equatable {
    package enum Animal: Sendable, Equatable { case cat, dog, rabbit }

    /// Marks on the face that tell pets of one kind apart.
    package enum Markings: Sendable, Equatable {
        case none
        /// Tabby stripes on the forehead.
        case stripes
        /// A darker mask around the eyes and nose (a Siamese's points, a shepherd's saddle).
        case mask
        /// A patch around one eye.
        case patch
        /// A white stripe down the middle of the face.
        case blaze
    }

    package var animal: Animal
    /// Colours as `#rrggbb`.
    package var fur: String
    /// Inner ears, markings and a dog's ears.
    package var accent: String
    package var background: String
    package var markings: Markings = .none
    /// A rabbit's ears hang down (a lop), a cat's or dog's ears stand up.
    package var earsDown = false

    package static let width = 800
    package static let height = 600

    package init(
        _ animal: Animal, fur: String, accent: String, background: String,
        markings: Markings = .none, earsDown: Bool = false
    ) {
        self.animal = animal
        self.fur = fur
        self.accent = accent
        self.background = background
        self.markings = markings
        self.earsDown = earsDown
    }

    /// The drawing as a JPEG of `width` x `height`; nil when libvips cannot be opened or
    /// cannot draw SVG.
    package func jpeg() -> [UInt8]? {
        let operation = ImageOperation(shape: .fit(width: Self.width, height: Self.height), format: .jpeg, quality: 86)
        guard case .success(let bytes) = ImageCodec.drawing(operation, fromSVG: svg) else { return nil }
        return bytes
    }

    /// The drawing as SVG, on a canvas of `width` x `height`.
    package var svg: String {
        var shapes: [String] = []
        // A soft halo behind the animal, confetti dots, and its shadow on the floor.
        shapes.append(#"<circle cx="400" cy="300" r="250" fill="\#(Self.white)" fill-opacity="0.35"/>"#)
        for (x, y, r) in [(110, 120, 14), (690, 150, 10), (140, 470, 9), (660, 460, 16), (230, 70, 7), (590, 60, 8)] {
            shapes.append(#"<circle cx="\#(x)" cy="\#(y)" r="\#(r)" fill="\#(accent)" fill-opacity="0.45"/>"#)
        }
        shapes.append(#"<ellipse cx="400" cy="585" rx="230" ry="30" fill="\#(Self.black)" fill-opacity="0.08"/>"#)
        // The body, under the head.
        shapes.append(#"<ellipse cx="400" cy="560" rx="175" ry="125" fill="\#(fur)"/>"#)
        switch animal {
        case .cat: shapes += cat
        case .dog: shapes += dog
        case .rabbit: shapes += rabbit
        }
        return #"<svg xmlns="http://www.w3.org/2000/svg" width="\#(Self.width)" height="\#(Self.height)" viewBox="0 0 800 600">"#
            + #"<rect width="800" height="600" fill="\#(background)"/>"# + shapes.joined() + "</svg>"
    }

    private static let ink = "#2b2622"
    private static let pink = "#f2a7b5"
    private static let white = "#ffffff"
    private static let black = "#000000"
    private static let cream = "#fbf7f0"
    private static let tongue = "#e8768a"

    /// Two eyes with a glint, at `y`, `spread` from the middle; on dark fur, ringed in cream
    /// so that they still show.
    private func eyes(y: Int, spread: Int, radius: Int) -> [String] {
        let ring = Self.isDark(fur) || (Self.isDark(accent) && markings == .mask)
        return [400 - spread, 400 + spread].flatMap { x in
            (ring ? [#"<ellipse cx="\#(x)" cy="\#(y)" rx="\#(radius + 6)" ry="\#(radius + 10)" fill="\#(Self.cream)"/>"#] : [])
                + [
                    #"<ellipse cx="\#(x)" cy="\#(y)" rx="\#(radius)" ry="\#(radius + 4)" fill="\#(Self.ink)"/>"#,
                    #"<circle cx="\#(x + radius / 3)" cy="\#(y - radius / 2)" r="\#(max(3, radius / 3))" fill="\#(Self.white)"/>"#,
                ]
        }
    }

    /// Whether `colour` (`#rrggbb`) is dark: its luminance below a third.
    private static func isDark(_ colour: String) -> Bool {
        let value = Int(colour.dropFirst(), radix: 16) ?? 0xFFFFFF
        let (red, green, blue) = (Double(value >> 16 & 0xFF), Double(value >> 8 & 0xFF), Double(value & 0xFF))
        return (0.2126 * red + 0.7152 * green + 0.0722 * blue) / 255 < 0.33
    }

    /// A smile under the nose at `y`.
    private func mouth(y: Int) -> String {
        #"<path d="M400 \#(y) q -14 20 -32 8 M400 \#(y) q 14 20 32 8" fill="none" stroke="\#(Self.ink)" stroke-width="5" stroke-linecap="round"/>"#
    }

    private func cheeks(y: Int, spread: Int) -> [String] {
        [400 - spread, 400 + spread].map { #"<circle cx="\#($0)" cy="\#(y)" r="20" fill="\#(Self.pink)" fill-opacity="0.45"/>"# }
    }

    private func whiskers(y: Int) -> [String] {
        [(-1, 300), (1, 500)].flatMap { side, x in
            [-12, 6].map { dy in
                #"<line x1="\#(400 + side * 45)" y1="\#(y)" x2="\#(x + side * 60)" y2="\#(y + dy)" stroke="\#(Self.ink)" stroke-opacity="0.55" stroke-width="3" stroke-linecap="round"/>"#
            }
        }
    }

    private var faceMarkings: [String] {
        switch markings {
        case .none: []
        case .stripes:
            [-30, 0, 30].map { #"<rect x="\#(392 + $0)" y="178" width="16" height="\#($0 == 0 ? 58 : 42)" rx="8" fill="\#(accent)"/>"# }
        case .mask:
            [#"<ellipse cx="400" cy="310" rx="95" ry="70" fill="\#(accent)" fill-opacity="0.85"/>"#]
        case .patch:
            [#"<ellipse cx="452" cy="268" rx="44" ry="40" fill="\#(accent)"/>"#]
        case .blaze:
            [#"<path d="M385 170 h30 l14 170 h-58 z" fill="\#(Self.cream)"/>"#]
        }
    }

    private var cat: [String] {
        var shapes = [
            #"<polygon points="270,250 285,95 385,185" fill="\#(fur)"/>"#,
            #"<polygon points="530,250 515,95 415,185" fill="\#(fur)"/>"#,
            #"<polygon points="290,215 298,130 355,185" fill="\#(accent)"/>"#,
            #"<polygon points="510,215 502,130 445,185" fill="\#(accent)"/>"#,
            #"<ellipse cx="400" cy="290" rx="155" ry="132" fill="\#(fur)"/>"#,
        ]
        shapes += faceMarkings
        shapes += cheeks(y: 330, spread: 95)
        shapes += eyes(y: 280, spread: 58, radius: 15)
        shapes.append(#"<polygon points="384,326 416,326 400,344" fill="\#(Self.pink)"/>"#)
        shapes.append(mouth(y: 344))
        shapes += whiskers(y: 335)
        return shapes
    }

    private var dog: [String] {
        var shapes = [
            #"<ellipse cx="400" cy="285" rx="140" ry="135" fill="\#(fur)"/>"#
        ]
        shapes += faceMarkings
        shapes += [
            #"<ellipse cx="270" cy="280" rx="48" ry="105" transform="rotate(18 270 280)" fill="\#(accent)"/>"#,
            #"<ellipse cx="530" cy="280" rx="48" ry="105" transform="rotate(-18 530 280)" fill="\#(accent)"/>"#,
            #"<ellipse cx="400" cy="345" rx="72" ry="52" fill="\#(Self.cream)"/>"#,
            #"<path d="M386 372 h28 v18 a14 14 0 0 1 -28 0 z" fill="\#(Self.tongue)"/>"#,
        ]
        shapes += eyes(y: 262, spread: 55, radius: 15)
        shapes.append(#"<ellipse cx="400" cy="322" rx="27" ry="19" fill="\#(Self.ink)"/>"#)
        shapes.append(mouth(y: 340))
        return shapes
    }

    private var rabbit: [String] {
        var shapes: [String]
        if earsDown {
            shapes = [
                #"<ellipse cx="400" cy="310" rx="132" ry="118" fill="\#(fur)"/>"#,
                #"<ellipse cx="285" cy="300" rx="42" ry="115" transform="rotate(14 285 300)" fill="\#(fur)"/>"#,
                #"<ellipse cx="515" cy="300" rx="42" ry="115" transform="rotate(-14 515 300)" fill="\#(fur)"/>"#,
                #"<ellipse cx="290" cy="305" rx="22" ry="88" transform="rotate(14 290 305)" fill="\#(accent)"/>"#,
                #"<ellipse cx="510" cy="305" rx="22" ry="88" transform="rotate(-14 510 305)" fill="\#(accent)"/>"#,
            ]
        } else {
            shapes = [
                #"<ellipse cx="350" cy="140" rx="38" ry="118" transform="rotate(-8 350 140)" fill="\#(fur)"/>"#,
                #"<ellipse cx="450" cy="140" rx="38" ry="118" transform="rotate(8 450 140)" fill="\#(fur)"/>"#,
                #"<ellipse cx="350" cy="145" rx="18" ry="90" transform="rotate(-8 350 145)" fill="\#(accent)"/>"#,
                #"<ellipse cx="450" cy="145" rx="18" ry="90" transform="rotate(8 450 145)" fill="\#(accent)"/>"#,
                #"<ellipse cx="400" cy="310" rx="132" ry="118" fill="\#(fur)"/>"#,
            ]
        }
        shapes += faceMarkings
        shapes += cheeks(y: 345, spread: 80)
        shapes += eyes(y: 295, spread: 52, radius: 14)
        shapes.append(#"<rect x="390" y="352" width="20" height="18" rx="4" fill="\#(Self.white)" stroke="\#(Self.ink)" stroke-opacity="0.3" stroke-width="2"/>"#)
        shapes.append(#"<polygon points="387,330 413,330 400,346" fill="\#(Self.pink)"/>"#)
        shapes.append(mouth(y: 346))
        shapes += whiskers(y: 340)
        return shapes
    }
}
