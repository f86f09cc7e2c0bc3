import Testing
@testable import TagKit

/// Export finds the faces of the state it draws: the caller matches no fonts to the state.
@Suite struct ExportFontsTests {
    /// A project whose tag read "Soup" at entry 1 and "Stew" at entry 2, with entry 1's subset
    /// replaced by "Soup" cut from DejaVu Serif: a face the installed fonts would never draw
    /// the project's sans-serif with, so only that state's subsets draw it.
    static func projectWithASerifPast(in dir: TemporaryDirectory) throws -> (project: Project, fonts: FontSystem) {
        let project = try makeProject(in: dir)
        let fonts = try FontSystem()
        let id = try project.perform(.add(kind: .dish, text: "Soup", at: Position(NormalizedPoint(x: 0.3, y: 0.4)), side: .right), fonts: fonts).tag!.id
        _ = try project.perform(.edit(id, text: "Stew"), fonts: fonts)
        let then = try #require(try project.store.db.scalar(
            "SELECT subset_id FROM history_fonts WHERE seq = 2 AND state = 'before'")?.integer)
        #expect(try project.store.faces(of: id).map(\.subset) != [then], "the tag is drawn now with another subset")
        let serif = try fonts.embedding("Soup", font: "DejaVu Serif", language: .undetermined)
        #expect(serif.count == 1 && serif[0].family == "DejaVu Serif", "\(serif.map(\.family))")
        try project.store.db.prepare("UPDATE font_subsets SET family = ?, style = ?, file = ?, glyphs = ?, bytes = ? WHERE id = ?",
                                     [.text(serif[0].family), .text(serif[0].style), .text(serif[0].file),
                                      .integer(Int64(serif[0].glyphs)), .blob(serif[0].bytes), .integer(then)]).run()
        return (project, fonts)
    }

    /// "Soup" in a project whose font is DejaVu Serif, exported: what entry 1 must look like.
    static func serifSoup(in dir: TemporaryDirectory) throws -> [UInt8] {
        var options = NewProjectOptions()
        options.settings.font = "DejaVu Serif"
        let project = try makeProject(in: dir, name: "serif.tagproj", options: options)
        _ = try project.perform(.add(kind: .dish, text: "Soup", at: Position(NormalizedPoint(x: 0.3, y: 0.4)), side: .right), fonts: FontSystem())
        _ = try project.export(to: dir.file("serif.png"), options: ExportOptions())
        return try #require(contents(dir.file("serif.png")).map { [UInt8]($0) })
    }

    @Test func anExportAtAnEarlierStateDrawsWithThatStatesSubsetsWithoutTheCallerAdoptingAny() throws {
        let dir = TemporaryDirectory()
        let (project, _) = try Self.projectWithASerifPast(in: dir)
        let result = try project.export(to: dir.file("then.png"), options: ExportOptions(), at: 1)
        let then = try #require(contents(dir.file("then.png")).map { [UInt8]($0) })
        #expect(result.layoutNotices.isEmpty)
        #expect(then == (try Self.serifSoup(in: dir)))
        // The state now is drawn with its own subset, "Stew" in the project's sans-serif.
        _ = try project.export(to: dir.file("now.png"), options: ExportOptions())
        #expect(contents(dir.file("now.png")).map { [UInt8]($0) } != then)
    }

    @Test func aFontSystemTheCallerKeepsIsGivenTheSubsetsOfTheStateDrawn() throws {
        let dir = TemporaryDirectory()
        let (project, fonts) = try Self.projectWithASerifPast(in: dir)
        // The font system has measured "Soup" with the installed sans-serif, and adopted nothing.
        #expect(!fonts.drawsFromSubsets("Soup", family: ""))
        _ = try project.export(to: dir.file("now.png"), options: ExportOptions(), reusing: fonts)
        _ = try project.export(to: dir.file("then.png"), options: ExportOptions(), reusing: fonts, at: 1)
        #expect(fonts.drawsFromSubsets("Soup", family: "") && fonts.drawsFromSubsets("Stew", family: ""))
        #expect(contents(dir.file("then.png")).map { [UInt8]($0) } == (try Self.serifSoup(in: dir)))
    }

    @Test func aDamagedSubsetOfTheStateDrawnIsRefusedBeforeAnythingIsWritten() throws {
        let dir = TemporaryDirectory()
        let (project, _) = try Self.projectWithASerifPast(in: dir)
        try project.store.db.execute("""
            UPDATE font_subsets SET bytes = zeroblob(64)
            WHERE id = (SELECT subset_id FROM history_fonts WHERE seq = 2 AND state = 'before')
            """)
        #expect(throws: EmbeddedFontError.self) { try project.export(to: dir.file("then.png"), options: ExportOptions(), at: 1) }
        #expect(contents(dir.file("then.png")) == nil)
        // The state now does not use it.
        _ = try project.export(to: dir.file("now.png"), options: ExportOptions())
    }
}
