/// The subsets a project carries: cut from the installed fonts at an edit, and drawn from at export.
extension FontSystem: FontEmbedder {
    /// The subsets of the installed faces that draw `label` in `font` and `language` (see
    /// ``EmbeddedFace``): each face the label's characters are drawn with, cut to those
    /// characters, and always the family's own face (the first of its fallback order), which sets
    /// the line box.
    ///
    /// - Throws: ``TextError/missingGlyph(_:)`` as ``measure(_:family:language:)``, or a ``TextError``
    ///   when a face cannot be read or cut.
    public func embedding(_ label: String, font: String, language: TextLanguage) throws -> [EmbeddedFace] {
        let list = try fallbackList(for: FamilyKey(family: font, language: language))
        let characters = Array(label)
        var scalars: [Int: Set<UInt32>] = [0: []]
        for (character, choice) in zip(characters, try choices(for: characters, in: list)) {
            for scalar in character.unicodeScalars where list.fonts[choice].covers(scalar) {
                scalars[choice, default: []].insert(scalar.value)
            }
        }
        // The space, so the first face's subset is never without a character.
        if list.fonts[0].covers(" ") { scalars[0]!.insert(0x20) }
        return try scalars.keys.sorted().map { priority in
            let face = faces[try faceID(for: list.fonts[priority])]
            let (bytes, glyphs) = try face.subset(keeping: scalars[priority]!.sorted())
            let names = face.names
            return EmbeddedFace(priority: priority, family: names.family, style: names.style, file: face.file,
                                faceIndex: face.index, isColor: face.isColor, glyphs: glyphs, bytes: bytes)
        }
    }

    /// Draws `label` in `family` and `language` from `subsets` (by their ids in the project) from
    /// now on, when they have every character of it; installed fonts remain for any other text.
    ///
    /// Each subset is opened and checked once (see `FontFace.embedded(_:library:)`), however many
    /// labels use it. The subsets are tried in priority order by the same rule as the installed
    /// fonts, so each character gets the face it got when the subsets were cut.
    ///
    /// - Throws: ``EmbeddedFontError`` naming a subset that is damaged.
    public func adopt(_ subsets: [(id: Int64, face: EmbeddedFace)], forLabel label: String, family: String,
                      language: TextLanguage = .undetermined) throws {
        var fonts: [FallbackFont] = []
        for (id, face) in subsets.sorted(by: { $0.face.priority < $1.face.priority }) {
            let index: Int
            if let known = faceIDs[.subset(id)] {
                index = known
            } else {
                faces.append(try FontFace.embedded(face, library: library))
                index = faces.count - 1
                faceIDs[.subset(id)] = index
            }
            var font = FallbackFont(file: faces[index].file, index: 0, isColor: face.isColor, coverage: faces[index].characterMap)
            font.subset = id
            fonts.append(font)
        }
        guard !fonts.isEmpty else { return }
        embeddedLists[EmbeddedKey(text: label, family: FamilyKey(family: family, language: language))] = FallbackList(fonts: fonts, primaryFamilies: [])
    }

    /// Whether `label` in `family` and `language` is drawn from adopted subsets alone.
    public func drawsFromSubsets(_ label: String, family: String, language: TextLanguage = .undetermined) -> Bool {
        guard let list = embeddedLists[EmbeddedKey(text: label, family: FamilyKey(family: family, language: language))] else { return false }
        return (try? choices(for: Array(label), in: list)) != nil
    }

    /// Opens `face` as a project's subset (with every check of ``adopt(_:forLabel:family:)``),
    /// shapes up to `limit` characters of its character map with it alone, and draws them at each
    /// of `pixelSizes`: the whole path a subset read from a project takes. Returns how many glyphs
    /// had ink. What the font fuzz target runs.
    ///
    /// - Throws: ``EmbeddedFontError`` for a damaged subset, or a ``TextError``.
    public static func drawSample(of face: EmbeddedFace, pixelSizes: [Double], limit: Int = 16) throws -> Int {
        let fonts = try FontSystem()
        let opened = try FontFace.embedded(face, library: fonts.library)
        let label = String(String.UnicodeScalarView(opened.characterMap.prefix(4 * limit).compactMap(Unicode.Scalar.init)
            .filter { !$0.properties.isWhitespace && $0.properties.generalCategory != .control }.prefix(limit)))
        guard !label.isEmpty else { return 0 }
        fonts.faces.append(opened)
        fonts.faceIDs[.subset(1)] = 0
        try fonts.adopt([(1, face)], forLabel: label, family: "")
        guard fonts.drawsFromSubsets(label, family: "") else { return 0 }
        return try pixelSizes.reduce(0) { drawn, size in
            let line = try fonts.shape(label, family: "", pixelSize: size)
            return drawn + (try fonts.rasterize(line, originX: 0.5, baselineY: size).count)
        }
    }
}
