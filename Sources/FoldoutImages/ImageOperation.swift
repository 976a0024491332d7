import FoldoutBase

/// One image to make from a source image: its size, crop and format. Its `key`, with the
/// source's digest, names the result in the build cache.
package struct ImageOperation: Sendable, Hashable {
    package enum Shape: Sendable, Hashable {
        /// The whole image scaled to exactly `width` x `height` (the caller keeps the aspect).
        case fit(width: Int, height: Int)
        /// A square of `side` pixels, cropped where libvips' attention model looks, or
        /// around `focus` (x and y from 0 to 1) when one is given.
        case square(side: Int, focus: Focus?)
        /// A tiny blurred copy of `width` x `height`, shown while the real image loads.
        case placeholder(width: Int, height: Int)
    }

    package struct Focus: Sendable, Hashable {
        package var x: Double
        package var y: Double
        package init(x: Double, y: Double) {
            self.x = min(max(x, 0), 1)
            self.y = min(max(y, 0), 1)
        }
    }

    package var shape: Shape
    package var format: ImageFormat
    package var quality: Int
    /// Keep EXIF, XMP, IPTC and ICC data (GPS positions, camera serials, owners' names).
    package var keepsMetadata: Bool

    package init(shape: Shape, format: ImageFormat, quality: Int = 80, keepsMetadata: Bool = false) {
        self.shape = shape
        self.format = format
        self.quality = quality
        self.keepsMetadata = keepsMetadata
    }

    /// The pixel size of the result.
    package var size: (width: Int, height: Int) {
        switch shape {
        case let .fit(width, height), let .placeholder(width, height): (width, height)
        case let .square(side, _): (side, side)
        }
    }

    /// A digest of everything that decides the result's bytes but the source: with the
    /// source's digest, the name of the result in the cache.
    package func key(source digest: UInt64) -> UInt64 {
        var hash = ContentHash()
        hash.combine(digest)
        hash.combine(ImageCodec.version)
        switch shape {
        case let .fit(width, height):
            hash.combine("fit"); hash.combine(UInt64(width)); hash.combine(UInt64(height))
        case let .square(side, focus):
            hash.combine("square"); hash.combine(UInt64(side))
            if let focus { hash.combine("\(focus.x),\(focus.y)") }
        case let .placeholder(width, height):
            hash.combine("placeholder"); hash.combine(UInt64(width)); hash.combine(UInt64(height))
        }
        hash.combine(format.rawValue)
        hash.combine(UInt64(quality))
        hash.combine(keepsMetadata ? "keep" : "strip")
        return hash.finalize()
    }
}
