import CFontconfig

/// One font in a family's fallback order: where it is and which characters it has.
struct FallbackFont {
    /// The font file.
    let file: String
    /// The face index inside the file (a `.ttc` collection holds several).
    let index: Int32
    /// Whether the font draws in colour (colour emoji), per fontconfig's `color` property.
    let isColor: Bool
    /// The code points of the font's character map, as fontconfig lists them.
    let coverage: CodepointSet
    /// For a subset a project embeds: its id in the project (and `file` is its name).
    var subset: Int64? = nil

    /// Whether the font's character map has `scalar`.
    func covers(_ scalar: Unicode.Scalar) -> Bool {
        coverage.contains(scalar.value)
    }
}

/// The fonts fontconfig would use for one family, best first, and the choice of a font for each
/// grapheme cluster of a text.
///
/// The list comes from [`FcFontSort`](https://www.freedesktop.org/software/fontconfig/fontconfig-devel/fcfontsort.html)
/// with trimming, so every font after the first adds characters the earlier ones lack. The pattern
/// names the project's language (`FC_LANG`, in fontconfig's form: `zh-cn` for `zh-Hans`), never the
/// user's locale, so the same project finds the same fonts for every user: `zh-cn` puts the
/// Simplified Chinese face of a collection first (`NotoSansCJK-Regular.ttc` face 2), `ja` the
/// Japanese one (face 0), and `und` leaves the order to the family alone.
final class FallbackList {
    /// The fonts, best first. Never empty.
    let fonts: [FallbackFont]
    /// The family names of the first font, to tell an installed family from a substitute.
    let primaryFamilies: [String]

    /// A list read back from the fallback memo.
    init(fonts: [FallbackFont], primaryFamilies: [String]) {
        self.fonts = fonts
        self.primaryFamilies = primaryFamilies
    }

    /// Asks fontconfig for the fallback order of `family` (`""` means the default sans-serif) for
    /// text in `language`.
    init(config: OpaquePointer, family: String, language: TextLanguage) throws {
        // `DejaVu Sans:bold` is a fontconfig name with a style; a plain family is added as it is
        // (fontconfig's name syntax would read `sans-serif` as a family and a size).
        guard let pattern = family.contains(":") ? FcNameParse(family) : FcPatternCreate() else { throw TextError.fontconfigUnavailable }
        defer { FcPatternDestroy(pattern) }
        if !family.contains(":") { _ = FcPatternAddString(pattern, FC_FAMILY, family.isEmpty ? "sans-serif" : family) }
        _ = FcPatternAddString(pattern, FC_LANG, language.fontconfigName)
        _ = FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let set = FcFontSort(config, pattern, FcBool(FcTrue), nil, &result) else {
            throw TextError.noFonts(family: family)
        }
        defer { FcFontSetDestroy(set) }
        var fonts: [FallbackFont] = []
        var families: [String] = []
        for i in 0..<Int(set.pointee.nfont) {
            guard let font = set.pointee.fonts[i] else { continue }
            var file: UnsafeMutablePointer<FcChar8>?
            var index: Int32 = 0
            var color = FcBool(FcFalse)
            var charset: OpaquePointer?
            guard FcPatternGetString(font, FC_FILE, 0, &file) == FcResultMatch, let file,
                FcPatternGetCharSet(font, FC_CHARSET, 0, &charset) == FcResultMatch, let charset
            else { continue }
            _ = FcPatternGetInteger(font, FC_INDEX, 0, &index)
            _ = FcPatternGetBool(font, FC_COLOR, 0, &color)
            let path = String(cString: UnsafeRawPointer(file).assumingMemoryBound(to: CChar.self))
            fonts.append(FallbackFont(file: path, index: index, isColor: color != 0, coverage: CodepointSet(fontconfig: charset)))
            var name: UnsafeMutablePointer<FcChar8>?
            while fonts.count == 1, FcPatternGetString(font, FC_FAMILY, Int32(families.count), &name) == FcResultMatch,
                let name {
                families.append(String(cString: UnsafeRawPointer(name).assumingMemoryBound(to: CChar.self)))
            }
        }
        guard !fonts.isEmpty else { throw TextError.noFonts(family: family) }
        self.fonts = fonts
        self.primaryFamilies = families
    }

    /// The position in ``fonts`` of the font to draw `cluster` with, or `nil` if none can.
    ///
    /// Emoji-style clusters try colour fonts first and text-style ones (with U+FE0E) the others,
    /// so `☕️` is drawn in colour even though the text font has `☕` (and U+FE0F, which the colour
    /// font lacks). Within each group, the first font whose character map has every code point of
    /// the cluster wins; failing that, the first that has every code point that is not
    /// default-ignorable (variation selectors, joiners: HarfBuzz hides those).
    func choose(for cluster: Character) -> Int? {
        let all = Array(cluster.unicodeScalars)
        let visible = all.filter { !$0.properties.isDefaultIgnorableCodePoint }
        if visible.isEmpty { return 0 }
        for group in preferredGroups(Presentation(cluster)) {
            for scalars in [all, visible] {
                if let found = group.first(where: { i in scalars.allSatisfy(fonts[i].covers) }) {
                    return found
                }
            }
        }
        return nil
    }

    /// The font positions in the groups to try, in order, for a cluster of the given presentation.
    private func preferredGroups(_ presentation: Presentation) -> [[Int]] {
        let colour = fonts.indices.filter { fonts[$0].isColor }
        let plain = fonts.indices.filter { !fonts[$0].isColor }
        switch presentation {
        case .any: return [Array(fonts.indices)]
        case .emoji: return [colour, plain]
        case .text: return [plain, colour]
        }
    }
}

/// Whether a cluster asks to be drawn as a colour emoji, as text, or leaves it to the fonts.
enum Presentation: Equatable {
    case any, emoji, text

    /// Follows Unicode TR51: U+FE0E asks for text, U+FE0F for emoji; keycaps, skin-tone
    /// modifiers, flags, tag sequences, ZWJ sequences and `Emoji_Presentation` characters are emoji.
    init(_ cluster: Character) {
        let scalars = cluster.unicodeScalars
        if scalars.contains("\u{FE0E}") {
            self = .text
            return
        }
        let first = scalars.first!
        let isEmojiSequence = scalars.contains { s in
            switch s.value {
            case 0xFE0F, 0x20E3, 0x1F3FB...0x1F3FF, 0x1F1E6...0x1F1FF, 0xE0020...0xE007F: return true
            case 0x200D: return first.properties.isEmoji
            default: return false
            }
        }
        self = isEmojiSequence || first.properties.isEmojiPresentation ? .emoji : .any
    }
}
