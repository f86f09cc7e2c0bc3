import CHarfBuzz

/// Identifies a font face inside the ``FontSystem`` that shaped a line. Meaningless to any other.
public struct FontID: Hashable, Sendable {
    let index: Int
}

/// One glyph of a ``ShapedLine``, placed relative to the line's origin (the left end of its baseline).
public struct PositionedGlyph: Hashable, Sendable {
    /// The face that draws it.
    public let font: FontID
    /// The glyph index inside that face (not a code point).
    public let glyphID: UInt32
    /// Horizontal position of the glyph's origin, in pixels right of the line origin (fractional).
    public let x: Double
    /// Vertical offset of the glyph's origin, in pixels above the baseline (usually 0).
    public let y: Double
    /// How far the pen moves after this glyph, in pixels.
    public let advance: Double
    /// Which grapheme cluster of the text (0-based, in `Character`s) the glyph belongs to.
    public let cluster: Int
    /// Whether the glyph comes from a colour font and is drawn as a colour bitmap.
    public let isColor: Bool
}

/// One line of text shaped with HarfBuzz and laid out at a size: what a renderer needs to draw it.
///
/// All lengths are in pixels at ``pixelSize``. The origin is the left end of the baseline; `x`
/// grows to the right and glyph `y` offsets grow upward, as in typography.
public struct ShapedLine: Hashable, Sendable {
    /// The glyphs in drawing order, left to right.
    public let glyphs: [PositionedGlyph]
    /// Width of the line: where the pen stands after the last glyph.
    public let advance: Double
    /// Height above the baseline of the tallest ascender line among the faces used.
    public let ascent: Double
    /// Depth below the baseline of the deepest descender line among the faces used (positive).
    public let descent: Double
    /// Top of the ink (the drawn glyphs) above the baseline; 0 for an invisible line.
    public let inkAscent: Double
    /// Bottom of the ink below the baseline (positive when ink goes below); 0 for an invisible line.
    public let inkDescent: Double
    /// Pixels per em the line was laid out at.
    public let pixelSize: Double

    /// The same line at another size. Exact, because shaping is unhinted and so linear in size.
    public func scaled(toPixelSize size: Double) -> ShapedLine {
        let k = size / pixelSize
        return ShapedLine(
            glyphs: glyphs.map {
                PositionedGlyph(font: $0.font, glyphID: $0.glyphID, x: $0.x * k, y: $0.y * k,
                                advance: $0.advance * k, cluster: $0.cluster, isColor: $0.isColor)
            },
            advance: advance * k, ascent: ascent * k, descent: descent * k,
            inkAscent: inkAscent * k, inkDescent: inkDescent * k, pixelSize: size)
    }
}

/// A stretch of text drawn with one face in one script: what HarfBuzz shapes at once.
struct TextRun: Equatable {
    /// The face, an index into the ``FontSystem``'s faces.
    var face: Int
    /// The byte range in the UTF-8 text.
    var bytes: Range<Int>
}

/// Shapes runs of a text with HarfBuzz and lays them end to end, in em (1 em = 1 pixel).
///
/// Each run is handed to HarfBuzz with the whole text as context, so shaping sees its neighbours
/// (Arabic letters join across a run's edge), in the direction and script its bidi piece gives
/// (``BidiLine``). Kerning and ligatures come from the fonts' GPOS/GSUB/kern tables.
struct TextShaper {
    let faces: [FontFace]
    /// The text's language, given to HarfBuzz (`TextLanguage.harfBuzzTag(han:)`).
    let language: TextLanguage

    /// Shapes `text` split into `runs`; `clusters` are the UTF-8 start offsets of its characters.
    /// The line's ascent and descent cover the faces used and the family's first face (`strut`),
    /// so lines of one family share a line box however few of its faces they use.
    ///
    /// Throws ``TextError/missingGlyph(_:)`` if a face maps a visible character to glyph 0
    /// (`.notdef`, the empty box), which happens only if its character map lied to fontconfig.
    ///
    /// The text is laid out by the bidirectional algorithm first (``BidiLine``): the runs are cut
    /// where the direction changes, each piece is shaped in its own direction and script, and
    /// the pieces are placed in visual order.
    func shape(_ text: String, clusters: [Int], runs: [TextRun], strut: Int) throws -> ShapedLine {
        try shape(text, clusters: clusters, runs: runs, strut: strut, bidi: try BidiLine(text))
    }

    /// `shape(_:clusters:runs:strut:)` with the levels `bidi` gives.
    func shape(_ text: String, clusters: [Int], runs: [TextRun], strut: Int, bidi: BidiLine) throws -> ShapedLine {
        let utf8 = Array(text.utf8)
        let buffer = hb_buffer_create()
        defer { hb_buffer_destroy(buffer) }
        // The project's language, never the user's locale, so a project shapes the same on every
        // machine: the fonts' `locl` features give Han characters that language's forms (骨 in
        // its Chinese form for zh-Hans, whichever CJK face draws it, its Japanese one for ja).
        let (language, hanLanguage) = (hb_language_from_string(self.language.harfBuzzTag(han: false), -1),
                                       hb_language_from_string(self.language.harfBuzzTag(han: true), -1))
        var glyphs: [PositionedGlyph] = []
        var pen = 0.0
        var ascent = faces[strut].ascender, descent = faces[strut].descender
        var inkTop = -Double.infinity, inkBottom = -Double.infinity
        let funcs = hb_unicode_funcs_get_default()
        let scripts = text.map { character in
            character.unicodeScalars.lazy.map { hb_unicode_script(funcs, $0.value) }
                .first { $0 != HB_SCRIPT_COMMON && $0 != HB_SCRIPT_INHERITED && $0 != HB_SCRIPT_UNKNOWN }?.rawValue
        }
        for piece in bidi.pieces(of: runs, clusters: clusters, scripts: scripts) {
            let run = piece.run, face = faces[run.face]
            hb_buffer_clear_contents(buffer)
            utf8.withUnsafeBufferPointer { bytes in
                bytes.baseAddress!.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                    hb_buffer_add_utf8(buffer, $0, Int32(bytes.count), UInt32(run.bytes.lowerBound), Int32(run.bytes.count))
                }
            }
            hb_buffer_set_direction(buffer, piece.isRightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
            if let script = piece.script { hb_buffer_set_script(buffer, hb_script_t(rawValue: script)) }
            hb_buffer_set_language(buffer, piece.script == HB_SCRIPT_HAN.rawValue ? hanLanguage : language)
            hb_buffer_guess_segment_properties(buffer)
            hb_shape(face.hbFont, buffer, nil, 0)
            var count: UInt32 = 0
            let infos = hb_buffer_get_glyph_infos(buffer, &count)
            let positions = hb_buffer_get_glyph_positions(buffer, &count)
            guard let infos, let positions else { continue }
            let unit = 1 / face.unitsPerEm
            ascent = max(ascent, face.ascender)
            descent = max(descent, face.descender)
            for i in 0..<Int(count) {
                let info = infos[i], position = positions[i]
                let cluster = Self.clusterIndex(ofByte: Int(info.cluster), in: clusters)
                if info.codepoint == 0 {
                    let character = Self.character(at: cluster, in: text)
                    if character.unicodeScalars.contains(where: { !$0.properties.isDefaultIgnorableCodePoint }) {
                        throw TextError.missingGlyph(character)
                    }
                }
                let x = pen + Double(position.x_offset) * unit
                let y = Double(position.y_offset) * unit
                if let ink = face.inkExtents(of: info.codepoint) {
                    inkTop = max(inkTop, y + ink.top)
                    inkBottom = max(inkBottom, ink.bottom - y)
                }
                let advance = Double(position.x_advance) * unit
                glyphs.append(PositionedGlyph(font: FontID(index: run.face), glyphID: info.codepoint, x: x, y: y,
                                              advance: advance, cluster: cluster, isColor: face.isColor))
                pen += advance
            }
        }
        let hasInk = inkTop > -Double.infinity
        return ShapedLine(glyphs: glyphs, advance: pen, ascent: ascent, descent: descent,
                          inkAscent: hasInk ? inkTop : 0, inkDescent: hasInk ? inkBottom : 0, pixelSize: 1)
    }

    /// The character whose UTF-8 bytes start at or before `byte`: the last start not after it.
    static func clusterIndex(ofByte byte: Int, in starts: [Int]) -> Int {
        var low = 0, high = starts.count
        while high - low > 1 {
            let mid = (low + high) / 2
            if starts[mid] <= byte { low = mid } else { high = mid }
        }
        return low
    }

    private static func character(at index: Int, in text: String) -> Character {
        text[text.index(text.startIndex, offsetBy: index)]
    }
}
