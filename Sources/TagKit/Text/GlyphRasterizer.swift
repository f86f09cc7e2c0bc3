import CFreeType
import Glibc

/// A glyph drawn into pixels, placed on the target's pixel grid.
///
/// Pixels are row-major, top row first, `width * bytesPerPixel` bytes per row, no padding.
/// A coverage glyph (`isColor == false`) has one byte per pixel: how much of the pixel the glyph
/// covers, 0 to 255, to be used as the alpha of the text colour. A colour glyph has four bytes per
/// pixel, B, G, R, A, with colour premultiplied by alpha.
public struct GlyphBitmap: Hashable, Sendable {
    /// Columns.
    public let width: Int
    /// Rows.
    public let height: Int
    /// The target column of the bitmap's left column (may be negative or past the target).
    public let left: Int
    /// The target row of the bitmap's top row (y grows downward).
    public let top: Int
    /// The pixels, laid out as described above.
    public let pixels: [UInt8]
    /// Whether the pixels are premultiplied BGRA (colour emoji) rather than 8-bit coverage.
    public let isColor: Bool

    /// Bytes per pixel: 4 for colour, 1 for coverage.
    public var bytesPerPixel: Int { isColor ? 4 : 1 }
}

/// Draws glyphs of one FreeType face: outlines at the exact size, colour bitmap strikes resampled.
struct GlyphRasterizer {
    /// The face, owned by its ``FontFace``.
    let face: FT_Face
    /// The font file, for error messages.
    let path: String

    /// Draws `glyph` at `pixelSize` pixels per em with its origin at (`penX`, `baselineY`) in the
    /// target grid (y down). The fractional part of the position is kept in the drawing.
    func render(_ glyph: UInt32, pixelSize: Double, penX: Double, baselineY: Double) throws -> GlyphBitmap {
        guard penX.isFinite, baselineY.isFinite, abs(penX) < 1e9, abs(baselineY) < 1e9 else {
            throw TextError.invalidPosition(x: penX, y: baselineY)
        }
        let flags = face.pointee.face_flags
        if face.pointee.num_fixed_sizes > 0 && flags & FT_Long(FT_FACE_FLAG_SCALABLE) == 0 {
            return try renderStrike(glyph, pixelSize: pixelSize, penX: penX, baselineY: baselineY)
        }
        return try renderOutline(glyph, pixelSize: pixelSize, penX: penX, baselineY: baselineY)
    }

    /// Renders an outline glyph unhinted and antialiased, shifted by the position's fraction.
    private func renderOutline(_ glyph: UInt32, pixelSize: Double, penX: Double, baselineY: Double) throws -> GlyphBitmap {
        try check(FT_Set_Char_Size(face, 0, FT_F26Dot6((pixelSize * 64).rounded()), 72, 72), "FT_Set_Char_Size")
        let x0 = penX.rounded(.down), y0 = baselineY.rounded(.down)
        // FreeType's y axis points up; a baseline lower on the target is a negative shift.
        var shift = FT_Vector(x: FT_Pos(((penX - x0) * 64).rounded()), y: FT_Pos(-((baselineY - y0) * 64).rounded()))
        FT_Set_Transform(face, nil, &shift)
        defer { FT_Set_Transform(face, nil, nil) }
        var loadFlags = FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP
        if face.pointee.face_flags & FT_Long(FT_FACE_FLAG_COLOR) != 0 { loadFlags |= FT_LOAD_COLOR }
        try check(FT_Load_Glyph(face, glyph, FT_Int32(loadFlags)), "FT_Load_Glyph")
        let slot = face.pointee.glyph!
        try check(FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL), "FT_Render_Glyph")
        let (pixels, isColor) = try copy(slot.pointee.bitmap)
        return GlyphBitmap(width: Int(slot.pointee.bitmap.width), height: Int(slot.pointee.bitmap.rows),
                           left: Int(x0) + Int(slot.pointee.bitmap_left), top: Int(y0) - Int(slot.pointee.bitmap_top),
                           pixels: pixels, isColor: isColor)
    }

    /// Loads a glyph from the bitmap strike nearest above `pixelSize` (or the largest) and
    /// resamples it to the size: area averaging when shrinking, linear when enlarging.
    private func renderStrike(_ glyph: UInt32, pixelSize: Double, penX: Double, baselineY: Double) throws -> GlyphBitmap {
        let sizes = UnsafeBufferPointer(start: face.pointee.available_sizes, count: Int(face.pointee.num_fixed_sizes))
        let ppems = sizes.map { Double($0.y_ppem) / 64 }
        let strike = ppems.indices.filter { ppems[$0] >= pixelSize }.min { ppems[$0] < ppems[$1] }
            ?? ppems.indices.max { ppems[$0] < ppems[$1] }!
        try check(FT_Select_Size(face, FT_Int(strike)), "FT_Select_Size")
        try check(FT_Load_Glyph(face, glyph, FT_Int32(FT_LOAD_COLOR)), "FT_Load_Glyph")
        let slot = face.pointee.glyph!
        if slot.pointee.format != FT_GLYPH_FORMAT_BITMAP {
            try check(FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL), "FT_Render_Glyph")
        }
        let bitmap = slot.pointee.bitmap
        let (pixels, isColor) = try copy(bitmap)
        let scale = pixelSize / ppems[strike]
        let left = penX + Double(slot.pointee.bitmap_left) * scale
        let top = baselineY - Double(slot.pointee.bitmap_top) * scale
        let x0 = left.rounded(.down), y0 = top.rounded(.down)
        let resampled = BitmapResampler(scale: scale, offsetX: left - x0, offsetY: top - y0)
            .resample(pixels, width: Int(bitmap.width), height: Int(bitmap.rows), channels: isColor ? 4 : 1)
        return GlyphBitmap(width: resampled.width, height: resampled.height, left: Int(x0), top: Int(y0),
                           pixels: resampled.pixels, isColor: isColor)
    }

    /// Copies a FreeType bitmap into a tight top-down buffer: 8-bit grey (1-bit bitmaps widened to
    /// 0 or 255) or premultiplied BGRA.
    private func copy(_ bitmap: FT_Bitmap) throws -> (pixels: [UInt8], isColor: Bool) {
        let mode = UInt32(bitmap.pixel_mode)
        guard [FT_PIXEL_MODE_GRAY, FT_PIXEL_MODE_BGRA, FT_PIXEL_MODE_MONO].map(\.rawValue).contains(mode) else {
            throw TextError.freeType(operation: "rendering (pixel mode \(mode) is not grey, 1-bit or BGRA)",
                                     code: 0, path: path)
        }
        let isColor = mode == FT_PIXEL_MODE_BGRA.rawValue, isMono = mode == FT_PIXEL_MODE_MONO.rawValue
        let rows = Int(bitmap.rows), width = Int(bitmap.width), rowBytes = width * (isColor ? 4 : 1)
        guard rows > 0, rowBytes > 0, let buffer = bitmap.buffer else { return ([], isColor) }
        let pitch = Int(bitmap.pitch)
        var pixels = [UInt8](repeating: 0, count: rows * rowBytes)
        pixels.withUnsafeMutableBufferPointer { out in
            for row in 0..<rows {
                // A negative pitch means the rows are stored bottom-up from `buffer`.
                let source = buffer + (pitch >= 0 ? row * pitch : (rows - 1 - row) * -pitch)
                let target = out.baseAddress! + row * rowBytes
                if isMono {
                    for x in 0..<width { target[x] = source[x >> 3] & (0x80 >> UInt8(x & 7)) != 0 ? 255 : 0 }
                } else {
                    target.update(from: source, count: rowBytes)
                }
            }
        }
        return (pixels, isColor)
    }

    private func check(_ error: FT_Error, _ operation: String) throws {
        if error != 0 { throw TextError.freeType(operation: operation, code: error, path: path) }
    }
}
