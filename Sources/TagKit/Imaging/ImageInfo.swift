/// What a probe learns from an image's headers, without decoding any pixels.
///
/// `storedWidth × storedHeight` is the size of the pixel grid in the file. The EXIF orientation
/// says how that grid must be turned to be seen upright; orientations 5–8 swap width and height,
/// so `uprightWidth × uprightHeight` is the picture as the user sees it (before any crop).
public struct ImageInfo: Sendable, Equatable {
    /// The format found from the file's first bytes.
    public var format: ImageFormat
    /// Width of the pixel grid as stored in the file.
    public var storedWidth: Int
    /// Height of the pixel grid as stored in the file.
    public var storedHeight: Int
    /// EXIF orientation (TIFF tag 0x0112); `upright` when the file has none or an invalid value.
    public var orientation: Orientation
    /// Whether the file carries an ICC colour profile (JPEG APP2 `ICC_PROFILE`, PNG `iCCP`).
    ///
    /// This describes the file. A decoder keeps only RGB profiles, because it always produces RGB
    /// pixels (see `DecodedImage.iccProfile`).
    public var hasICC: Bool

    /// Creates an info value.
    public init(format: ImageFormat, storedWidth: Int, storedHeight: Int, orientation: Orientation = .upright, hasICC: Bool = false) {
        self.format = format
        self.storedWidth = storedWidth
        self.storedHeight = storedHeight
        self.orientation = orientation
        self.hasICC = hasICC
    }

    /// Whether showing the picture upright swaps width and height (orientations 5–8).
    public var swapsAxes: Bool { orientation.swapsAxes }
    /// Width of the picture as the user sees it (orientation applied).
    public var uprightWidth: Int { swapsAxes ? storedHeight : storedWidth }
    /// Height of the picture as the user sees it (orientation applied).
    public var uprightHeight: Int { swapsAxes ? storedWidth : storedHeight }
    /// Number of pixels in the file (stored width × height).
    public var pixelCount: Int { storedWidth * storedHeight }
}
