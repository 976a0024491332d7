import FoldoutBase

/// The pixel size of an image, read from its file header, so pages can give `<img>` its
/// `width` and `height` and the browser reserves the space before the image arrives.
/// PNG, JPEG, GIF and WebP are read; anything else (SVG, AVIF, a damaged file) gives nil.
package struct ImageSize: Sendable, Equatable {
    package var width: Int
    package var height: Int

    package init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// Reads the size from the first bytes of an image file.
    package init?(header bytes: [UInt8]) {
        guard let size = Self.png(bytes) ?? Self.gif(bytes) ?? Self.webp(bytes) ?? Self.jpeg(bytes),
            size.width > 0, size.height > 0
        else { return nil }
        self = size
    }

    /// The largest size with the same proportions that fits in a `box`×`box` square;
    /// a smaller image keeps its own size.
    package func fitted(in box: Int) -> ImageSize {
        guard width > box || height > box else { return self }
        if width >= height {
            return ImageSize(width: box, height: max(1, (height * box + width / 2) / width))
        }
        return ImageSize(width: max(1, (width * box + height / 2) / height), height: box)
    }

    // MARK: Formats

    private static func png(_ b: [UInt8]) -> ImageSize? {
        // Signature, then the IHDR chunk: length, "IHDR", width and height big-endian.
        guard b.count >= 24, b.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]),
            b[12...15].elementsEqual(Array("IHDR".utf8))
        else { return nil }
        return ImageSize(width: bigEndian(b, 16, 4), height: bigEndian(b, 20, 4))
    }

    private static func gif(_ b: [UInt8]) -> ImageSize? {
        guard b.count >= 10, b.starts(with: Array("GIF87a".utf8)) || b.starts(with: Array("GIF89a".utf8)) else { return nil }
        return ImageSize(width: littleEndian(b, 6, 2), height: littleEndian(b, 8, 2))
    }

    private static func webp(_ b: [UInt8]) -> ImageSize? {
        guard b.count >= 30, b.starts(with: Array("RIFF".utf8)), b[8...11].elementsEqual(Array("WEBP".utf8)) else { return nil }
        switch String(decoding: b[12...15], as: UTF8.self) {
        case "VP8 ":
            // Lossy: a frame tag, the start code 9D 01 2A, then 14-bit width and height.
            guard b[23] == 0x9D, b[24] == 0x01, b[25] == 0x2A else { return nil }
            return ImageSize(width: littleEndian(b, 26, 2) & 0x3FFF, height: littleEndian(b, 28, 2) & 0x3FFF)
        case "VP8L":
            // Lossless: signature 0x2F, then width-1 and height-1 in 14 bits each.
            guard b[20] == 0x2F else { return nil }
            let bits = littleEndian(b, 21, 4)
            return ImageSize(width: (bits & 0x3FFF) + 1, height: ((bits >> 14) & 0x3FFF) + 1)
        case "VP8X":
            // Extended: flags and reserved bytes, then canvas width-1 and height-1 in 24 bits.
            return ImageSize(width: littleEndian(b, 24, 3) + 1, height: littleEndian(b, 27, 3) + 1)
        default:
            return nil
        }
    }

    private static func jpeg(_ b: [UInt8]) -> ImageSize? {
        guard b.count >= 4, b[0] == 0xFF, b[1] == 0xD8 else { return nil }
        var i = 2
        // A phone photo taken upright is stored sideways with an EXIF orientation of 5 to 8:
        // browsers show it turned, so its size is given turned too.
        var turned = false
        while i + 3 < b.count {
            guard b[i] == 0xFF else { return nil }
            let marker = b[i + 1]
            if marker == 0xFF { i += 1; continue }  // fill byte
            if marker == 0x01 || (0xD0...0xD8).contains(marker) { i += 2; continue }  // no length
            if marker == 0xD9 || marker == 0xDA { return nil }  // end of image, or scan data before any frame
            let length = bigEndian(b, i + 2, 2)
            // Start-of-frame markers carry the size; C4, C8 and CC are other tables.
            if (0xC0...0xCF).contains(marker), marker != 0xC4, marker != 0xC8, marker != 0xCC {
                guard i + 8 < b.count else { return nil }
                let (width, height) = (bigEndian(b, i + 7, 2), bigEndian(b, i + 5, 2))
                return turned ? ImageSize(width: height, height: width) : ImageSize(width: width, height: height)
            }
            guard length >= 2 else { return nil }
            if marker == 0xE1, let orientation = exifOrientation(b, segment: (i + 4)..<min(b.count, i + 2 + length)) {
                turned = (5...8).contains(orientation)
            }
            i += 2 + length
        }
        return nil
    }

    /// The orientation tag (0x0112) of the first directory of an APP1 segment's EXIF data:
    /// `Exif` and two zero bytes, then a TIFF header (byte order `II` or `MM`, 42, the
    /// directory's offset) and 12-byte entries (tag, type, count, value).
    private static func exifOrientation(_ b: [UInt8], segment: Range<Int>) -> Int? {
        let tiff = segment.lowerBound + 6
        guard segment.count >= 14, b[segment.lowerBound..<tiff].elementsEqual(Array("Exif".utf8) + [0, 0]) else { return nil }
        let little = b[tiff] == 0x49
        guard little || b[tiff] == 0x4D else { return nil }
        func number(_ offset: Int, _ count: Int) -> Int? {
            guard offset >= tiff, offset + count <= segment.upperBound else { return nil }
            return little ? littleEndian(b, offset, count) : bigEndian(b, offset, count)
        }
        guard let directory = number(tiff + 4, 4).map({ tiff + $0 }), let entries = number(directory, 2) else { return nil }
        for entry in 0..<min(entries, 256) {
            let start = directory + 2 + 12 * entry
            guard let tag = number(start, 2) else { return nil }
            if tag == 0x0112 { return number(start + 8, 2) }
        }
        return nil
    }

    private static func bigEndian(_ b: [UInt8], _ offset: Int, _ count: Int) -> Int {
        b[offset..<(offset + count)].reduce(0) { $0 << 8 | Int($1) }
    }

    private static func littleEndian(_ b: [UInt8], _ offset: Int, _ count: Int) -> Int {
        b[offset..<(offset + count)].reversed().reduce(0) { $0 << 8 | Int($1) }
    }
}

extension ImageSize {
    /// The pixel size of every file of `files` (by output path) that is an image Foldout can
    /// read, read once per build (many items name the same picture); nil for the others.
    /// `known` are sizes the image stage has already (its photos, whose files are not read again).
    package static func sizes(
        of files: [(path: String, absolutePath: String)], fileSystem: FileSystem, known: [String: ImageSize] = [:]
    ) -> [String: ImageSize?] {
        let unknown = files.filter { known[$0.path] == nil }
        let sizes = Parallel.map(unknown) { file -> ImageSize? in
            ImageSize(file: file.absolutePath, fileSystem: fileSystem)
        }
        var result: [String: ImageSize?] = known.mapValues(Optional.some)
        for (file, size) in zip(unknown, sizes) { result[file.path] = size }
        return result
    }

    /// Names of the files `header` can read a size from (any letter case).
    static let readableExtensions: Set<String> = ["png", "jpg", "jpeg", "jpe", "jfif", "gif", "webp"]

    /// The size of the image file `path`, reading only as much of its start as the header
    /// needs: PNG, GIF and WebP say it in their first bytes, a JPEG after its metadata
    /// (EXIF, colour profiles), which can be hundreds of kilobytes. Nil for a file of another
    /// kind by its name (a PDF, an archive), which is never opened, and for one that cannot
    /// be read.
    package init?(file path: String, fileSystem: FileSystem) {
        let name = path[(path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex)...]
        guard let dot = name.lastIndex(of: "."),
            Self.readableExtensions.contains(name[name.index(after: dot)...].lowercased()),
            let file = try? fileSystem.openFile(path)
        else { return nil }
        var length = min(file.size, 64 * 1024)
        while true {
            guard let bytes = file.bytes(at: 0, count: length) else { return nil }
            if let size = ImageSize(header: bytes) {
                self = size
                return
            }
            // Only a JPEG keeps its size further on; anything else has said all it will.
            guard length < file.size, bytes.starts(with: [0xFF, 0xD8]) else { return nil }
            length = min(file.size, length * 4)
        }
    }
}
