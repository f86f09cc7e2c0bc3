import CFontconfig
import CHarfBuzz

/// Finds fonts through fontconfig, falls back per character, shapes with HarfBuzz and draws with FreeType.
///
/// Creating one loads fontconfig's configuration and font cache
/// ([`FcInitLoadConfigAndFonts`](https://www.freedesktop.org/software/fontconfig/fontconfig-devel/fcinitloadconfigandfonts.html)),
/// which takes a few milliseconds: make one per process and only when text is needed. Faces are opened
/// once per (file, face index) and kept until the `FontSystem` goes away.
///
/// Each character (grapheme cluster) of a text is drawn with the first font in fontconfig's fallback
/// order for the family and the text's language that has all of it; emoji sequences prefer a colour
/// font. The language (`TextLanguage`) also goes to HarfBuzz, whose `locl` features then pick its
/// regional glyph forms. Consecutive characters with the same face and script are shaped together,
/// so kerning and ligatures apply.
/// Text is laid out as one line by the bidirectional algorithm (`BidiLine`, FriBidi): right-to-left runs
/// are shaped right to left and placed in visual order, with the digits and Latin inside them.
///
/// A project's embedded subsets can be adopted for the labels they were cut for
/// (`adopt(_:forLabel:family:)`): those labels are then drawn from the subsets alone, by the same
/// fallback rule, and fontconfig is never asked about them.
///
/// Not thread-safe: use one `FontSystem` per thread.
public final class FontSystem {
    /// fontconfig's configuration, loaded on first need (see `FallbackMemo`).
    private var config: OpaquePointer?
    let library = FreeTypeLibrary()
    private var fallbackLists: [FamilyKey: FallbackList] = [:]
    var faces: [FontFace] = []
    var faceIDs: [FaceKey: Int] = [:]
    /// The fallback lists made of a project's subsets, by the text, family and language they draw.
    var embeddedLists: [EmbeddedKey: FallbackList] = [:]

    /// A font system. fontconfig's configuration is loaded only when a family's fallback list is
    /// not remembered from an earlier run (see `FallbackMemo`).
    public init() throws {}

    deinit {
        faces.removeAll()
        fallbackLists.removeAll()
        if let config { FcConfigDestroy(config) }
    }

    /// The advance width of `text` drawn as one line, in em (1.0 = the font size).
    ///
    /// Unhinted and in font units, so the result does not depend on any drawing size; shaped with
    /// HarfBuzz (kerning, ligatures). `family` is a fontconfig family name; `""` means the default
    /// sans-serif. `language` picks the fonts and glyph forms (`und`: as before projects had one).
    /// An empty text measures 0.
    ///
    /// - Throws: ``TextError/missingGlyph(_:)`` naming the first character no installed font can draw.
    public func measure(_ text: String, family: String, language: TextLanguage = .undetermined) throws -> Double {
        try layOut(text, FamilyKey(family: family, language: language)).advance
    }

    /// Shapes `text` and lays it out as one line at `pixelSize` pixels per em.
    ///
    /// Glyph positions are fractional (subpixel); ``rasterize(_:originX:baselineY:)`` keeps the
    /// fraction when drawing. The line's ``ShapedLine/advance`` equals
    /// `measure(text, family:language:) * pixelSize`.
    ///
    /// - Throws: ``TextError/invalidPixelSize(_:)`` for a size that is not positive and finite,
    ///   ``TextError/missingGlyph(_:)`` as ``measure(_:family:language:)``.
    public func shape(_ text: String, family: String, language: TextLanguage = .undetermined, pixelSize: Double) throws -> ShapedLine {
        guard pixelSize.isFinite, pixelSize > 0 else { throw TextError.invalidPixelSize(pixelSize) }
        return try layOut(text, FamilyKey(family: family, language: language)).scaled(toPixelSize: pixelSize)
    }

    /// Whether fontconfig has a font whose family name is `family` (ignoring case), rather than
    /// only a substitute for it. `""` (the default sans-serif) is always installed.
    /// A fontconfig name with a style (`DejaVu Sans:bold`) is installed when its family is.
    public func isInstalled(family: String, language: TextLanguage = .undetermined) throws -> Bool {
        if family.isEmpty { return true }
        let key = Self.comparable(String(family.prefix { $0 != ":" }))
        return try fallbackList(for: FamilyKey(family: family, language: language)).primaryFamilies.contains { Self.comparable($0) == key }
    }

    /// The family fontconfig draws `family` with instead for text in `language`, when it is not
    /// installed; nil when it is.
    public func substitute(for family: String, language: TextLanguage = .undetermined) throws -> String? {
        try isInstalled(family: family, language: language)
            ? nil : fallbackList(for: FamilyKey(family: family, language: language)).primaryFamilies.first
    }

    /// A family name as fontconfig compares them: without case and blanks.
    private static func comparable(_ family: String) -> String {
        String(family.lowercased().filter { $0 != " " })
    }

    /// Draws every glyph of `line` with its baseline's left end at (`originX`, `baselineY`) in the
    /// target's pixel grid (x right, y down). Glyphs with no ink (spaces) are left out.
    ///
    /// - Throws: ``TextError/freeType(operation:code:path:)`` if FreeType cannot load or render a
    ///   glyph; ``TextError/foreignGlyph`` for a line shaped by another `FontSystem`.
    public func rasterize(_ line: ShapedLine, originX: Double, baselineY: Double) throws -> [GlyphBitmap] {
        try line.glyphs.compactMap { glyph in
            let bitmap = try rasterize(glyph, pixelSize: line.pixelSize, originX: originX, baselineY: baselineY)
            return bitmap.width > 0 && bitmap.height > 0 ? bitmap : nil
        }
    }

    /// Draws one glyph of a line laid out at `pixelSize`, whose origin is at (`originX`, `baselineY`).
    ///
    /// Outline glyphs are rendered by FreeType at exactly that size, unhinted, antialiased
    /// (`FT_RENDER_MODE_NORMAL`), with the glyph's subpixel offset kept. Colour emoji come from the
    /// font's bitmap strike, resampled to the size. See ``GlyphBitmap`` for the pixel layout.
    public func rasterize(_ glyph: PositionedGlyph, pixelSize: Double, originX: Double, baselineY: Double) throws -> GlyphBitmap {
        guard pixelSize.isFinite, pixelSize > 0 else { throw TextError.invalidPixelSize(pixelSize) }
        guard faces.indices.contains(glyph.font.index) else { throw TextError.foreignGlyph }
        let face = faces[glyph.font.index]
        do {
            let rasterizer = GlyphRasterizer(face: try face.freeTypeFace(), path: face.file)
            return try rasterizer.render(glyph.glyphID, pixelSize: pixelSize,
                                         penX: originX + glyph.x, baselineY: baselineY - glyph.y)
        } catch let error as TextError where face.embeddedFamily != nil && error.meaning != .internalFailure {
            throw EmbeddedFontError(family: face.embeddedFamily!, reason: error.message)
        }
    }

    // MARK: - Laying out

    /// Splits `text` into runs of one face and script, and shapes them at 1 pixel per em in the
    /// key's language: with the subsets adopted for this text, family and language when they draw
    /// all of it, else with the installed fonts.
    private func layOut(_ text: String, _ key: FamilyKey) throws -> ShapedLine {
        let characters = Array(text)
        if let list = embeddedLists[EmbeddedKey(text: text, family: key)], let choices = try? choices(for: characters, in: list) {
            return try shape(text, characters, choices: choices, in: list, language: key.language)
        }
        let list = try fallbackList(for: key)
        return try shape(text, characters, choices: try choices(for: characters, in: list), in: list, language: key.language)
    }

    /// The position in `list` of the font that draws each character of `characters`.
    func choices(for characters: [Character], in list: FallbackList) throws -> [Int] {
        var choices: [Int?] = []
        choices.reserveCapacity(characters.count)
        for character in characters {
            if character.isWhitespace {
                choices.append(nil)
            } else if let choice = list.choose(for: character) {
                choices.append(choice)
            } else {
                throw TextError.missingGlyph(character)
            }
        }
        // Spaces take a neighbour's face when it has them, so they do not split a run; a text
        // face before a colour one, so a space beside an emoji is as wide as the text's spaces.
        for i in characters.indices where choices[i] == nil {
            let neighbours = [choices[..<i].last(where: { $0 != nil }) ?? nil,
                              choices[(i + 1)...].first(where: { $0 != nil }) ?? nil].compactMap { $0 }
            let ordered = neighbours.filter { !list.fonts[$0].isColor } + neighbours.filter { list.fonts[$0].isColor }
            let covering = ordered.first { font in
                characters[i].unicodeScalars.allSatisfy(list.fonts[font].covers)
            }
            guard let choice = covering ?? list.choose(for: characters[i]) else {
                throw TextError.missingGlyph(characters[i])
            }
            choices[i] = choice
        }
        return choices.map { $0! }
    }

    /// Shapes `characters` (of `text`) in `language` with the faces `choices` picked from `list`.
    private func shape(_ text: String, _ characters: [Character], choices: [Int], in list: FallbackList,
                       language: TextLanguage) throws -> ShapedLine {
        var starts: [Int] = []
        starts.reserveCapacity(characters.count)
        var offset = 0
        for character in characters {
            starts.append(offset)
            offset += character.utf8.count
        }
        var runs: [TextRun] = []
        var runScript: UInt32?
        for i in characters.indices {
            let face = try faceID(for: list.fonts[choices[i]])
            let script = Self.script(of: characters[i])
            let bytes = starts[i]..<(starts[i] + characters[i].utf8.count)
            if let last = runs.last, last.face == face, script == nil || runScript == nil || script == runScript {
                runs[runs.count - 1].bytes = last.bytes.lowerBound..<bytes.upperBound
                runScript = runScript ?? script
            } else {
                runs.append(TextRun(face: face, bytes: bytes))
                runScript = script
            }
        }
        let strut = try faceID(for: list.fonts[0])
        return try TextShaper(faces: faces, language: language).shape(text, clusters: starts, runs: runs, strut: strut)
    }

    /// The cached fallback order for a family in a language.
    func fallbackList(for key: FamilyKey) throws -> FallbackList {
        if let list = fallbackLists[key] { return list }
        let list: FallbackList
        if let remembered = FallbackMemo.load(family: key.family, language: key.language) {
            list = remembered
        } else {
            list = try FallbackList(config: try loadedConfig(), family: key.family, language: key.language)
            FallbackMemo.store(list, family: key.family, language: key.language)
        }
        fallbackLists[key] = list
        return list
    }

    /// The cached face for a font of a fallback list, opened on first use (an embedded subset is
    /// opened when it is adopted).
    func faceID(for font: FallbackFont) throws -> Int {
        let key = FaceKey.file(font.file, index: font.index)
        if let subset = font.subset {
            guard let id = faceIDs[.subset(subset)] else { throw TextError.foreignGlyph }
            return id
        }
        if let id = faceIDs[key] { return id }
        faces.append(try FontFace(file: font.file, index: font.index, isColor: font.isColor, library: library))
        faceIDs[key] = faces.count - 1
        return faces.count - 1
    }

    /// The character's script as HarfBuzz sees it (an ISO 15924 tag), or `nil` for characters
    /// that take their neighbours' script (punctuation, digits, spaces, combining marks).
    private static func script(of character: Character) -> UInt32? {
        let funcs = hb_unicode_funcs_get_default()
        for scalar in character.unicodeScalars {
            let script = hb_unicode_script(funcs, scalar.value)
            if script != HB_SCRIPT_COMMON && script != HB_SCRIPT_INHERITED && script != HB_SCRIPT_UNKNOWN {
                return script.rawValue
            }
        }
        return nil
    }
}

/// A face of a font file, or a subset by its id in the project: the key faces are cached by.
enum FaceKey: Hashable {
    case file(String, index: Int32)
    case subset(Int64)
}

/// A family for text in a language: what a fallback list is made for, as fontconfig's order
/// depends on both.
struct FamilyKey: Hashable {
    let family: String
    let language: TextLanguage
}

/// A text in a family and language: what a project's subsets were adopted for.
struct EmbeddedKey: Hashable {
    let text: String
    let family: FamilyKey
}

extension FontSystem: LabelMeasurer {
    /// The label's shaped advance in em: `measure(label, family: font, language: language)`.
    public func labelEm(_ label: String, font: String, language: TextLanguage) throws -> Double {
        try measure(label, family: font, language: language)
    }
}

extension FontSystem {
    /// fontconfig's configuration and font list, loaded once.
    ///
    /// - Throws: ``TextError/fontconfigUnavailable`` if fontconfig cannot load them.
    private func loadedConfig() throws -> OpaquePointer {
        if let config { return config }
        guard let loaded = FcInitLoadConfigAndFonts() else { throw TextError.fontconfigUnavailable }
        config = loaded
        return loaded
    }
}
