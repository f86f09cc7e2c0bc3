/// Measures how wide a label is drawn, so placement knows the tag's size without rendering.
///
/// `Text.FontSystem` is the real one (FreeType + HarfBuzz with fontconfig fallback); tests may use a
/// fixed-width stand-in.
public protocol LabelMeasurer {
    /// The advance width of `label` on one line, in em, set in fontconfig family `font`
    /// (empty: the default sans-serif) as text in `language` (which picks the fonts). Throws when
    /// no installed font can draw a character.
    func labelEm(_ label: String, font: String, language: TextLanguage) throws -> Double
}

extension LabelMeasurer {
    /// The advance width in em of `tag`'s label as drawn with `settings`: its text, and for a
    /// dish carrying a price the gap and the price (`TagStyle.priceGapEm`), so that placement,
    /// free space, overlaps and the tag scale treat name and price as the one bubble they are.
    public func labelEm(of tag: Tag, settings: ProjectSettings) throws -> Double {
        let parts = tag.labelParts(settings)
        let text = try labelEm(parts.text, font: settings.font, language: settings.language)
        guard let price = parts.price else { return text }
        return text + TagStyle.priceGapEm + (try labelEm(price, font: settings.font, language: settings.language))
    }
}
