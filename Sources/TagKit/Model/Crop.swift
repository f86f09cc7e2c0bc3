/// The part of the upright picture a project uses, as fractions of its width and height.
///
/// The crop is stored in the project and applied when rendering; the source bytes stay untouched.
public struct Crop: Equatable, Sendable {
    /// The left and top edges, and the size, as fractions of the upright picture.
    public var x: Double, y: Double, width: Double, height: Double

    /// A crop as given, unchecked; see `validated(x:y:width:height:)`.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    /// The whole picture.
    public static let full = Crop(x: 0, y: 0, width: 1, height: 1)

    /// The centred square of a `width × height` picture: what the original photo picker chose.
    public static func centredSquare(width: Int, height: Int) -> Crop {
        if width >= height {
            let w = Double(height) / Double(width)
            return Crop(x: (1 - w) / 2, y: 0, width: w, height: 1)
        }
        let h = Double(width) / Double(height)
        return Crop(x: 0, y: (1 - h) / 2, width: 1, height: h)
    }

    /// A validated crop rectangle: inside the picture, non-empty.
    public static func validated(x: Double, y: Double, width: Double, height: Double) throws -> Crop {
        let values = [x, y, width, height]
        guard values.allSatisfy(\.isFinite), x >= 0, y >= 0, width > 0, height > 0,
              x + width <= 1 + 1e-9, y + height <= 1 + 1e-9
        else { throw CropError.outside }
        return Crop(x: x, y: y, width: min(width, 1 - x), height: min(height, 1 - y))
    }

    /// The cropped picture's size in pixels, for an upright picture of `width × height`: the pixel
    /// rectangle from `round(x·W)` to `round((x+w)·W)`, at least one pixel.
    public func pixelRect(width: Int, height: Int) -> (x: Int, y: Int, width: Int, height: Int) {
        // A start that rounds to the far edge keeps the last pixel, so the rectangle stays inside.
        let x0 = min(Int((x * Double(width)).rounded()), width - 1), y0 = min(Int((y * Double(height)).rounded()), height - 1)
        let x1 = max(x0 + 1, min(width, Int(((x + self.width) * Double(width)).rounded())))
        let y1 = max(y0 + 1, min(height, Int(((y + self.height) * Double(height)).rounded())))
        return (x0, y0, x1 - x0, y1 - y0)
    }
}

/// A crop that does not describe a part of the picture.
public enum CropError: TagProjError {
    /// Empty, or reaching outside the picture.
    case outside
    /// What a crop must be.
    public var message: String { "the crop must be a non-empty rectangle inside the picture (X,Y,W,H as fractions)" }
    /// The user asked for an impossible crop.
    public var meaning: ErrorMeaning { .invalidRequest }
}
