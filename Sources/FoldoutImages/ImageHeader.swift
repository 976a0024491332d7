/// What an image file's header says, read without decoding its pixels.
public struct ImageHeader: Sendable, Equatable {
    public var format: ImageFormat
    /// The pixel size as stored, before the orientation tag is applied.
    public var storedWidth: Int
    public var storedHeight: Int
    /// EXIF orientation, 1 (upright) to 8; 5 to 8 turn the image a quarter.
    public var orientation: Int
    /// Frames of an animation; 1 for a still image.
    public var frames: Int
    /// Bits per sample: 8, or 16 for a 16-bit PNG.
    public var bitsPerSample: Int
    public var isCMYK: Bool
    /// Whether the file holds EXIF, XMP or text chunks (read for PNG, WebP and GIF, which may
    /// otherwise be published as they are; a JPEG is always made anew).
    public var carriesMetadata = false

    public init(format: ImageFormat, storedWidth: Int, storedHeight: Int, orientation: Int = 1, frames: Int = 1,
                bitsPerSample: Int = 8, isCMYK: Bool = false) {
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
    public var width: Int { turnsQuarter ? storedHeight : storedWidth }
    public var height: Int { turnsQuarter ? storedWidth : storedHeight }

    public var pixelCount: Int { storedWidth * storedHeight }
}
