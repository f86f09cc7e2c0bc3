import CFreeType
import CHarfBuzz

/// One face of one font file, or one subset a project embeds, opened for shaping (HarfBuzz) and,
/// on first use, for drawing (FreeType).
///
/// HarfBuzz reads the file through a memory map and measures in font units with its own OpenType
/// code: no hinting, so widths do not depend on the size drawn. The FreeType face is opened only
/// when a glyph of this face is first rasterized, so measuring never pays for it. An embedded
/// subset is read from memory the face owns (see `FontFace+Embedded.swift`).
final class FontFace {
    /// The font file, or `the embedded font “…”` for a subset: what error messages name.
    let file: String
    /// The face index inside the file, as fontconfig gives it.
    let index: Int32
    /// Whether fontconfig says the font draws in colour.
    let isColor: Bool
    /// Font units per em.
    let unitsPerEm: Double
    /// Distance from the baseline up to the face's ascender line, in em.
    let ascender: Double
    /// Distance from the baseline down to the face's descender line, in em (positive).
    let descender: Double
    /// `hb_font_t` with HarfBuzz's OpenType functions, scaled to font units.
    let hbFont: OpaquePointer
    let hbFace: OpaquePointer
    private let library: FreeTypeLibrary
    private var ftFace: FT_Face?
    /// The family of an embedded subset, as the project records it; nil for an installed face.
    var embeddedFamily: String?
    /// The subset's bytes, for an embedded face: HarfBuzz and FreeType read them in place.
    let memory: UnsafeMutableRawBufferPointer?

    /// Opens face `index` of `file` with HarfBuzz; `library` is used later for FreeType.
    convenience init(file: String, index: Int32, isColor: Bool, library: FreeTypeLibrary) throws {
        guard let blob = hb_blob_create_from_file_or_fail(file) else {
            throw TextError.unreadableFont(path: file, reason: tr("cannot open or map the file"))
        }
        defer { hb_blob_destroy(blob) }
        try self.init(blob: blob, name: file, index: index, isColor: isColor, memory: nil, library: library)
    }

    /// Opens face `index` of `blob`; `name` is what errors call it. Takes ownership of `memory`.
    init(blob: OpaquePointer, name: String, index: Int32, isColor: Bool, memory: UnsafeMutableRawBufferPointer?,
         library: FreeTypeLibrary) throws {
        // The upper 16 bits of a fontconfig index name a variable-font instance; HarfBuzz wants
        // the face number only.
        guard let face = hb_face_create(blob, UInt32(index) & 0xFFFF) else {
            memory?.deallocate()
            throw TextError.unreadableFont(path: name, reason: tr("HarfBuzz cannot open it (out of memory)"))
        }
        guard hb_face_get_glyph_count(face) > 0 else {
            hb_face_destroy(face)
            memory?.deallocate()
            throw TextError.unreadableFont(path: name, reason: tr("not a font HarfBuzz can read, or face {index} is missing", ["index": index]))
        }
        let upem = hb_face_get_upem(face)
        guard (16...16384).contains(upem), let font = hb_font_create(face) else {
            hb_face_destroy(face)
            memory?.deallocate()
            throw TextError.unreadableFont(path: name, reason: tr("HarfBuzz cannot create a font ({upem} units per em)", ["upem": upem]))
        }
        hb_font_set_scale(font, Int32(upem), Int32(upem))
        var extents = hb_font_extents_t()
        _ = hb_font_get_h_extents(font, &extents)
        self.file = name
        self.index = index
        self.isColor = isColor
        self.unitsPerEm = Double(upem)
        self.ascender = Double(extents.ascender) / Double(upem)
        self.descender = -Double(extents.descender) / Double(upem)
        self.hbFace = face
        self.hbFont = font
        self.library = library
        self.memory = memory
    }

    deinit {
        hb_font_destroy(hbFont)
        hb_face_destroy(hbFace)
        if let ftFace { FT_Done_Face(ftFace) }
        memory?.deallocate()
    }

    /// The FreeType face for drawing, opened on first call.
    func freeTypeFace() throws -> FT_Face {
        if let ftFace { return ftFace }
        let handle = try library.handle()
        var face: FT_Face?
        let error: FT_Error
        if let memory {
            error = FT_New_Memory_Face(handle, memory.baseAddress!.assumingMemoryBound(to: FT_Byte.self), FT_Long(memory.count), 0, &face)
        } else {
            error = FT_New_Face(handle, file, FT_Long(index), &face)
        }
        guard error == 0, let face else {
            throw TextError.freeType(operation: memory == nil ? "FT_New_Face" : "FT_New_Memory_Face", code: error, path: file)
        }
        ftFace = face
        return face
    }

    /// The ink box of glyph `glyph` in em: top above the baseline, bottom below it (positive down).
    func inkExtents(of glyph: UInt32) -> (top: Double, bottom: Double)? {
        var extents = hb_glyph_extents_t()
        guard hb_font_get_glyph_extents(hbFont, glyph, &extents) != 0, extents.height != 0 else { return nil }
        let top = Double(extents.y_bearing) / unitsPerEm
        return (top, -(top + Double(extents.height) / unitsPerEm))
    }
}

/// FreeType's library handle, created on first use. Faces keep it alive until they are closed.
final class FreeTypeLibrary {
    private var library: FT_Library?

    init() {}

    deinit {
        if let library { FT_Done_FreeType(library) }
    }

    /// The `FT_Library`, initialised on first call.
    func handle() throws -> FT_Library {
        if let library { return library }
        var created: FT_Library?
        let error = FT_Init_FreeType(&created)
        guard error == 0, let created else {
            throw TextError.freeType(operation: "FT_Init_FreeType", code: error, path: tr("the library"))
        }
        library = created
        return created
    }
}
