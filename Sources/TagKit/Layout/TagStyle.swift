/// Every dimension and colour of the tag's look, in one place.
///
/// Lengths are fractions of the tag height `h`, measured from the original artwork
/// (`reference/original-tag-*.png`), with the origin at the centre of the anchor dot and x
/// growing toward the bubble (a left-side tag mirrors x). The tag height itself is a fraction of
/// the picture's shorter side, so a tag looks the same on a thumbnail and on a 12 MP photo, times
/// the project's tag scale (`ProjectSettings.tagScale`), which enlarges or shrinks every tag.
public enum TagStyle {
    /// Tag height (top of the bubble to the bottom of the dot) as a fraction of the shorter side.
    public static let heightOfShorterSide = 0.067
    /// Text size (em) as a fraction of the shorter side.
    public static let fontSizeOfShorterSide = 0.032

    /// The tag height in pixels on a `size` picture at tag scale `scale`.
    public static func height(on size: PictureSize, scale: Double) -> Double {
        heightOfShorterSide * scale * Double(size.shorterSide)
    }

    /// The label's font size (pixels per em) on a `size` picture at tag scale `scale`.
    public static func fontSize(on size: PictureSize, scale: Double) -> Double {
        fontSizeOfShorterSide * scale * Double(size.shorterSide)
    }

    /// Outer radius of the dot's translucent ring (diameter 0.44 h, as DESIGN.md states; the
    /// artwork itself measures 0.48 h: its ring spans 36 of its 75 rows).
    public static let ringRadius = 0.22
    /// Radius of the white disc inside the ring: 0.582 of the ring's, as in the artwork.
    public static let discRadius = 0.128
    /// Top of the bubble, above the dot centre.
    public static let bubbleTop = -0.76
    /// Bottom of the bubble body.
    public static let bubbleBottom = 0.16
    /// Where the bubble's body begins: the leftmost point of its near upper corner's circle.
    public static let bodyStart = 0.683
    /// Radius of the bubble body's two far corners (the tail takes the place of the near lower one).
    public static let cornerRadius = 0.20
    /// Radius of the body's near upper corner, into which the tail's upper edge runs.
    public static let nearCornerRadius = 0.225
    /// Horizontal padding between the body's edges and the text.
    public static let textPadding = 0.30
    /// Between a dish's name and the price it carries, where the bubble's colour changes from the
    /// dish's to the price's: twice `textPadding`, so each part sits in its colour as a tag's text
    /// sits in its bubble.
    public static let priceGap = 2 * textPadding
    /// `priceGap` in em of the label's font (the tag height and the font size scale together).
    public static var priceGapEm: Double { priceGap * heightOfShorterSide / fontSizeOfShorterSide }
    /// The narrowest body, so a one-digit price still reads as a bubble.
    public static let minimumBodyWidth = 0.9
    /// The tail, fitted to the artwork. Its lower edge leaves the body's bottom at x = `tailBase`
    /// and curves up to the rounded `tailTip` beside the dot (vertical there); its upper edge rises
    /// concavely through `tailWaist`, where it runs at 45°, and meets the near upper corner
    /// tangentially `tailJoinAngle` radians round from the corner's top.
    public static let tailBase = 0.855
    /// The tail's rounded tip beside the dot, in tag heights from the dot (see `tailBase`).
    public static let tailTip = (x: 0.306, y: 0.062)
    /// Where the tail's upper edge runs at 45°, in tag heights from the dot (see `tailBase`).
    public static let tailWaist = (x: 0.471, y: -0.079)
    /// How far round the near upper corner, in radians from its top, the tail's upper edge joins it.
    public static let tailJoinAngle = 1.437
    /// Lengths of the tail's Bézier handles, in h: along the bottom, below and above the tip,
    /// before and after the waist, and into the corner.
    public static let tailHandles = (base: 0.25, belowTip: 0.063, aboveTip: 0.027,
                                     beforeWaist: 0.086, afterWaist: 0.115, corner: 0.199)

    /// The bubble of a dish tag: black at 60% opacity, as in the artwork.
    public static let bubbleColor = RGBA(0, 0, 0, 0.60)
    /// The bubble of a price tag: a deep chilli red at 85% opacity, so prices stand out from the
    /// dish names at a glance on any photo (white text on it keeps a contrast above 5:1).
    public static let priceBubbleColor = RGBA(0xA8, 0x1C, 0x14, 0.85)

    /// The bubble's colour for a tag of `kind`.
    public static func bubbleColor(for kind: Kind) -> RGBA {
        kind == .price ? priceBubbleColor : bubbleColor
    }
    /// The ring around the disc: black at 50% opacity.
    public static let ringColor = RGBA(0, 0, 0, 0.50)
    /// The disc's top-to-bottom shade.
    public static let discTopColor = RGBA(0xFD, 0xFD, 0xFD, 1)
    /// The disc's colour at its bottom (the shade runs from `discTopColor`).
    public static let discBottomColor = RGBA(0xDB, 0xDB, 0xDB, 1)
    /// The text colour.
    public static let textColor = RGBA(0xFF, 0xFF, 0xFF, 1)

    /// How far a tag reaches from its dot, in h: behind it (`near`, negative), toward the bubble
    /// (`far`), up (`top`, negative) and down (`bottom`).
    typealias Extent = (near: Double, far: Double, top: Double, bottom: Double)

    /// The extent of the whole tag around its dot, in h, for a body `bodyWidth` wide.
    /// (The dot's bottom is the tag's lowest point; the bubble's top its highest.)
    static func extent(bodyWidth: Double) -> Extent {
        (near: -ringRadius, far: bodyStart + bodyWidth, top: bubbleTop, bottom: ringRadius)
    }
}

/// An sRGB colour with 8-bit channels and a straight (not premultiplied) alpha in 0…1.
public struct RGBA: Equatable, Sendable {
    /// The colour's red, green and blue, 0–255 (sRGB).
    public var r: UInt8, g: UInt8, b: UInt8
    /// Opacity, 0 (transparent) to 1 (opaque).
    public var alpha: Double
    /// The colour (`r`, `g`, `b`) at opacity `alpha`.
    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ alpha: Double) {
        self.r = r; self.g = g; self.b = b; self.alpha = alpha
    }
}
