/// Measures how wide a label is drawn, so placement knows the tag's size without rendering.
///
/// `Text.FontSystem` is the real one (FreeType + HarfBuzz with fontconfig fallback); tests may use a
/// fixed-width stand-in.
public protocol LabelMeasurer {
    /// The advance width of `label` on one line, in em, set in fontconfig family `font`
    /// (empty: the default sans-serif). Throws when no installed font can draw a character.
    func labelEm(_ label: String, font: String) throws -> Double
}
