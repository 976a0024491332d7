/// What an image file's header says, read without decoding its pixels.
package struct ImageHeader: Sendable, Equatable {
    package var format: ImageFormat
    /// The pixel size as stored, before the orientation tag is applied.
    package var storedWidth: Int
    package var storedHeight: Int
    /// EXIF orientation, 1 (upright) to 8; 5 to 8 turn the image a quarter.
    package var orientation: Int
    /// Frames of an animation; 1 for a still image.
    package var frames: Int
    /// Bits per sample: 8, or 16 for a 16-bit PNG.
    package var bitsPerSample: Int
    package var isCMYK: Bool
    /// Whether the file holds EXIF, XMP or text chunks (read for PNG, WebP and GIF, which may
    /// otherwise be published as they are; a JPEG is always made anew).
    package var carriesMetadata = false

    package init(
        format: ImageFormat, storedWidth: Int, storedHeight: Int, orientation: Int = 1, frames: Int = 1,
        bitsPerSample: Int = 8, isCMYK: Bool = false
    ) {
        self.format = format
        self.storedWidth = storedWidth
        self.storedHeight = storedHeight
        self.orientation = orientation
        self.frames = frames
        self.bitsPerSample = bitsPerSample
        self.isCMYK = isCMYK
    }

    var turnsQuarter: Bool { (5...8).contains(orientation) }

    /// The size as shown: what every variant and every `width`/`height` attribute uses.
    package var width: Int { turnsQuarter ? storedHeight : storedWidth }
    package var height: Int { turnsQuarter ? storedWidth : storedHeight }

    package var pixelCount: Int { storedWidth * storedHeight }
}
