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
public enum CropError: TagProjError, Equatable {
    /// Empty, or reaching outside the picture.
    case outside
    /// Not `square`, `W:H`, `X,Y,W,H` or `none`.
    case notAChoice(String)
    /// What a crop must be.
    public var message: String {
        switch self {
        case .outside: tr("the crop must be a non-empty rectangle inside the picture (X,Y,W,H as fractions)")
        case .notAChoice(let text): tr("the crop '{text}' is none of 'square', W:H (such as 4:5), X,Y,W,H (fractions) or 'none'", ["text": text])
        }
    }
    /// The user asked for an impossible crop.
    public var meaning: ErrorMeaning { .invalidRequest }
}

/// A crop as a user asks for it: `square`, an aspect ratio `W:H`, a rectangle `X,Y,W,H` of
/// fractions, or `none`. Resolved against the upright picture's size (`crop(width:height:)`):
/// a square or a ratio is the largest such rectangle centred on the whole photo.
public enum CropChoice: Equatable, Sendable {
    /// The whole picture.
    case none
    /// The centred square, as the original photo picker did.
    case square
    /// The largest centred rectangle `width:height` wide and high (`4:5`, `16:9`).
    case ratio(width: Double, height: Double)
    /// A normalized rectangle of the upright picture.
    case rect(Crop)

    /// `square`, `4:5`, `0.1,0,0.8,1` or `none`, as the command line and `{"op":"set","crop":…}`
    /// write it. Throws `CropError` (`.notAChoice`, or `.outside` for a rectangle off the picture).
    public static func parse(_ text: String) throws(CropError) -> CropChoice {
        let t = text.trimmedSpaces.lowercased()
        if t == "none" { return .none }
        if t == "square" { return .square }
        func number(_ part: Substring) -> Double? {
            let s = String(part).trimmedSpaces
            let allowed = Set("0123456789.-+")
            guard !s.isEmpty, s.allSatisfy({ allowed.contains($0) }), let value = Double(s), value.isFinite else { return nil }
            return value
        }
        let ratio = t.split(separator: ":", omittingEmptySubsequences: false)
        if ratio.count == 2 {
            guard let w = number(ratio[0]), let h = number(ratio[1]), w > 0, h > 0, max(w / h, h / w) <= 1000
            else { throw .notAChoice(text) }
            return .ratio(width: w, height: h)
        }
        let parts = t.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 4 else { throw .notAChoice(text) }
        let v = parts.compactMap(number)
        guard v.count == 4 else { throw .notAChoice(text) }
        do { return .rect(try Crop.validated(x: v[0], y: v[1], width: v[2], height: v[3])) } catch { throw .outside }
    }

    /// The crop this choice makes of an upright picture of `width × height`.
    public func crop(width: Int, height: Int) throws(CropError) -> Crop {
        switch self {
        case .none: return .full
        case .square: return .centredSquare(width: width, height: height)
        case let .ratio(w, h):
            let wanted = w / h, actual = Double(width) / Double(height)
            if actual >= wanted {
                let fraction = wanted / actual
                return Crop(x: (1 - fraction) / 2, y: 0, width: fraction, height: 1)
            }
            let fraction = actual / wanted
            return Crop(x: 0, y: (1 - fraction) / 2, width: 1, height: fraction)
        case .rect(let c):
            do { return try Crop.validated(x: c.x, y: c.y, width: c.width, height: c.height) } catch { throw .outside }
        }
    }

    /// `square`, `4:5`, `0.1,0,0.8,1`, `none`: what `parse` reads back exactly (numbers in
    /// the shortest form that round-trips).
    public var text: String {
        func exact(_ v: Double) -> String { v == v.rounded() && abs(v) < 1e15 ? String(Int64(v)) : "\(v)" }
        switch self {
        case .none: return "none"
        case .square: return "square"
        case let .ratio(w, h): return "\(exact(w)):\(exact(h))"
        case .rect(let c): return [c.x, c.y, c.width, c.height].map(exact).joined(separator: ",")
        }
    }
}

extension Crop {
    /// `0.125,0,0.75,1` (three decimals at most), or `none` for the whole picture: history labels and `info`.
    public var text: String {
        self == .full ? "none" : [x, y, width, height].map { Decimal3($0).trimmed }.joined(separator: ",")
    }
}
