/// Where labels get their fonts: shaping a text into positioned glyphs and drawing them.
///
/// ``FontSystem`` is the installed fonts found through fontconfig; a project's embedded font
/// subsets can stand in for it. Layout takes any provider, so it does not know where the fonts
/// come from; export draws with a `FontSystem` given the subsets of the state it draws.
public protocol FontProvider: LabelMeasurer {
    /// Shapes `text` as one line at `pixelSize` pixels per em in fontconfig family `family`
    /// (`""`: the default sans-serif), as text in `language` (which picks fonts and glyph forms).
    /// - Throws: a ``TextError``, e.g. `.missingGlyph` naming a character no font can draw.
    func shape(_ text: String, family: String, language: TextLanguage, pixelSize: Double) throws -> ShapedLine
    /// Draws every glyph of `line` (shaped by this provider) with the line's baseline starting at
    /// (`originX`, `baselineY`) in the target's pixel grid; glyphs without ink are left out.
    func rasterize(_ line: ShapedLine, originX: Double, baselineY: Double) throws -> [GlyphBitmap]
}

extension FontSystem: FontProvider {}
