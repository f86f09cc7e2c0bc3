/// Every dimension and colour of the tag's look, in one place.
///
/// Lengths are fractions of the tag height `h`, measured from the original artwork
/// (`reference/original-tag-*.png`), with the origin at the centre of the anchor dot and x
/// growing toward the bubble (a left-side tag mirrors x). The tag height itself is a fraction of
/// the picture's shorter side, so a tag looks the same on a thumbnail and on a 12 MP photo.
public enum TagStyle {
    /// Tag height (top of the bubble to the bottom of the dot) as a fraction of the shorter side.
    public static let heightOfShorterSide = 0.067
    /// Text size (em) as a fraction of the shorter side.
    public static let fontSizeOfShorterSide = 0.032

    /// Outer radius of the dot's translucent ring (diameter 0.44 h).
    public static let ringRadius = 0.22
    /// Radius of the white disc inside the ring.
    public static let discRadius = 0.122
    /// Top of the bubble, above the dot centre.
    public static let bubbleTop = -0.76
    /// Bottom of the bubble body.
    public static let bubbleBottom = 0.157
    /// Where the bubble's rectangular body begins (its edge nearest the dot).
    public static let bodyStart = 0.67
    /// Corner radius of the bubble body.
    public static let cornerRadius = 0.16
    /// Horizontal padding between the body's edges and the text.
    public static let textPadding = 0.30
    /// The narrowest body, so a one-digit price still reads as a bubble.
    public static let minimumBodyWidth = 0.9
    /// The tail: its upper edge leaves the body at `tailTop`, sweeps concavely down to the tip
    /// beside the dot, and its lower edge runs back along the body's bottom.
    public static let tailTop = -0.50
    public static let tailTip = (x: 0.307, y: 0.06)
    public static let tailTipThickness = 0.03

    /// The bubble: black at 60% opacity.
    public static let bubbleColor = RGBA(0, 0, 0, 0.60)
    /// The ring around the disc: black at 50% opacity.
    public static let ringColor = RGBA(0, 0, 0, 0.50)
    /// The disc's top-to-bottom shade.
    public static let discTopColor = RGBA(0xFD, 0xFD, 0xFD, 1)
    public static let discBottomColor = RGBA(0xDB, 0xDB, 0xDB, 1)
    /// The text colour.
    public static let textColor = RGBA(0xFF, 0xFF, 0xFF, 1)

    /// The extent of the whole tag around its dot, in h, for a body `bodyWidth` wide.
    /// (The dot's bottom is the tag's lowest point; the bubble's top its highest.)
    static func extent(bodyWidth: Double) -> (near: Double, far: Double, top: Double, bottom: Double) {
        (near: -ringRadius, far: bodyStart + bodyWidth, top: bubbleTop, bottom: ringRadius)
    }
}

/// An sRGB colour with 8-bit channels and a straight (not premultiplied) alpha in 0…1.
public struct RGBA: Equatable, Sendable {
    public var r: UInt8, g: UInt8, b: UInt8
    public var alpha: Double
    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ alpha: Double) {
        self.r = r; self.g = g; self.b = b; self.alpha = alpha
    }
}
