import CFreeType
import CHarfBuzz
import CShims

/// Cutting a subset of an installed face, and opening a subset a project carries.
extension FontFace {
    /// The subset of this face that draws the code points `scalars`: a complete OpenType font
    /// ([`hb_subset_or_fail`](https://harfbuzz.github.io/harfbuzz-hb-subset.html)), with its glyph count.
    ///
    /// Every layout feature and script is kept (labels are shaped in their language, with `locl`),
    /// so the subset shapes those code points exactly as the whole face does; hinting is dropped,
    /// as labels are drawn unhinted, and so are the name strings (recorded beside the subset),
    /// vertical metrics and maths layout (see `tp_font_subset`, which opens the subsetter on first
    /// use). Colour bitmap strikes (CBDT/CBLC) keep only the glyphs used.
    func subset(keeping scalars: some Sequence<UInt32>) throws -> (bytes: [UInt8], glyphs: Int) {
        let codes = Array(scalars)
        var made: UnsafeMutableRawPointer?
        if let failure = ShimCall.run({ message, capacity in
            codes.withUnsafeBufferPointer { tp_font_subset(UnsafeMutableRawPointer(hbFace), $0.baseAddress, $0.count, &made, message, capacity) }
        }) {
            throw TextError.unreadableFont(path: file, reason: failure.message)
        }
        guard let made else { throw TextError.unreadableFont(path: file, reason: tr("HarfBuzz made no subset")) }
        let subset = OpaquePointer(made)
        defer { hb_face_destroy(subset) }
        let blob = hb_face_reference_blob(subset)
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(blob, &length), length > 0 else {
            throw TextError.unreadableFont(path: file, reason: tr("HarfBuzz made an empty subset"))
        }
        let bytes = Array(UnsafeRawBufferPointer(start: data, count: Int(length)))
        return (bytes, Int(hb_face_get_glyph_count(subset)))
    }

    /// The face's family and style names from its name table (the typographic names where the
    /// face has them), for `info`.
    var names: (family: String, style: String) {
        func name(_ id: Int) -> String? {
            var length: UInt32 = 256
            var buffer = [CChar](repeating: 0, count: 256)
            let total = hb_ot_name_get_utf8(hbFace, hb_ot_name_id_t(id), hb_language_from_string("en", -1), &length, &buffer)
            guard total > 0 else { return nil }
            return String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        let family = name(HB_OT_NAME_ID_TYPOGRAPHIC_FAMILY) ?? name(HB_OT_NAME_ID_FONT_FAMILY) ?? "unnamed"
        let style = name(HB_OT_NAME_ID_TYPOGRAPHIC_SUBFAMILY) ?? name(HB_OT_NAME_ID_FONT_SUBFAMILY) ?? "Regular"
        return (family, style)
    }

    /// The code points of the face's character map, as HarfBuzz reads it.
    var characterMap: CodepointSet {
        let set = hb_set_create()
        defer { hb_set_destroy(set) }
        hb_face_collect_unicodes(hbFace, set)
        var codes: [UInt32] = []
        var next = hb_codepoint_t.max  // HB_SET_VALUE_INVALID: start before the first
        while hb_set_next(set, &next) != 0 { codes.append(next) }
        return CodepointSet(ascending: codes)
    }

    /// Opens a subset a project carries, treating its bytes as hostile: a size limit, the checks
    /// HarfBuzz and FreeType make when they open it, layout tables that are present but do not
    /// parse (HarfBuzz would silently ignore them and shape otherwise), a glyph count that is not
    /// the one recorded, and every glyph loaded once by FreeType. Anything wrong throws
    /// ``EmbeddedFontError`` naming the face's family.
    static func embedded(_ face: EmbeddedFace, library: FreeTypeLibrary) throws -> FontFace {
        let fail = { (reason: String) in EmbeddedFontError(family: face.family, reason: reason) }
        guard (12...EmbeddedFace.maximumBytes).contains(face.bytes.count) else {
            throw fail(tr("{count} bytes is not the size of a font subset", ["count": face.bytes.count]))
        }
        let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: face.bytes.count, alignment: 16)
        memory.copyBytes(from: face.bytes)
        guard let blob = hb_blob_create(memory.baseAddress!.assumingMemoryBound(to: CChar.self), UInt32(memory.count),
                                        HB_MEMORY_MODE_READONLY, nil, nil) else {
            memory.deallocate()
            throw fail(tr("out of memory"))
        }
        defer { hb_blob_destroy(blob) }
        let opened: FontFace
        do {
            // Not translated: the name becomes the face's `file`, which a project stores with its subsets.
            opened = try FontFace(blob: blob, name: "the embedded font “\(face.family)”", index: 0, isColor: face.isColor,
                                  memory: memory, library: library)
        } catch let TextError.unreadableFont(_, reason) {
            throw fail(reason)
        }
        opened.embeddedFamily = face.family
        try opened.validate(glyphs: face.glyphs, fail: fail)
        // Bounded by work before FreeType loads a glyph: a few KB of composites can stand for
        // billions of glyph loads (CompositeGlyphs).
        if let problem = CompositeGlyphs.problem(in: UnsafeRawBufferPointer(memory)) { throw fail(problem) }
        try opened.loadEveryGlyph(fail: fail)
        return opened
    }

    /// The checks of ``embedded(_:library:)`` after HarfBuzz opened the face.
    private func validate(glyphs: Int, fail: (String) -> EmbeddedFontError) throws {
        let count = Int(hb_face_get_glyph_count(hbFace))
        guard count == glyphs else { throw fail(tr("it has {count} glyphs, not the {glyphs} recorded", ["count": count, "glyphs": glyphs])) }
        for (tag, parses) in [("GSUB", hb_ot_layout_has_substitution), ("GPOS", hb_ot_layout_has_positioning)] {
            let table = hb_face_reference_table(hbFace, Self.tag(tag))
            defer { hb_blob_destroy(table) }
            if hb_blob_get_length(table) > 0 && parses(hbFace) == 0 { throw fail(tr("its {tag} table does not parse", ["tag": tag])) }
        }
        guard characterMap != CodepointSet(ascending: []) else { throw fail(tr("its character map is empty or does not parse")) }
        let ft: FT_Face
        do { ft = try freeTypeFace() } catch let TextError.freeType(operation, code, _) {
            throw fail(tr("FreeType {operation} fails with error {code}", ["operation": operation, "code": code]))
        }
        guard Int(ft.pointee.num_glyphs) == count else { throw fail(tr("FreeType and HarfBuzz disagree on its glyphs")) }
    }

    /// Loads every glyph once with FreeType, as drawing would: the last check of
    /// ``embedded(_:library:)``, once the work it takes is known to be bounded.
    private func loadEveryGlyph(fail: (String) -> EmbeddedFontError) throws {
        let ft: FT_Face
        do { ft = try freeTypeFace() } catch let TextError.freeType(operation, code, _) {
            throw fail(tr("FreeType {operation} fails with error {code}", ["operation": operation, "code": code]))
        }
        let count = Int(ft.pointee.num_glyphs)
        let bitmapOnly = ft.pointee.num_fixed_sizes > 0 && ft.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) == 0
        var flags = FT_LOAD_NO_HINTING
        if bitmapOnly {
            guard FT_Select_Size(ft, 0) == 0 else { throw fail(tr("its bitmap strike cannot be selected")) }
            flags = FT_LOAD_COLOR
        } else {
            guard FT_Set_Char_Size(ft, 0, 64 * 64, 72, 72) == 0 else { throw fail(tr("it cannot be sized")) }
            flags |= FT_LOAD_NO_BITMAP
            if ft.pointee.face_flags & FT_Long(FT_FACE_FLAG_COLOR) != 0 { flags |= FT_LOAD_COLOR }
        }
        for glyph in 0..<UInt32(count) {
            let error = FT_Load_Glyph(ft, glyph, FT_Int32(flags))
            if error != 0 { throw fail(tr("glyph {glyph} does not load: FreeType error {error}", ["glyph": glyph, "error": error])) }
        }
    }

    /// An OpenType table tag from its four letters.
    private static func tag(_ name: String) -> hb_tag_t {
        name.utf8.reduce(0) { $0 << 8 | hb_tag_t($1) }
    }
}
