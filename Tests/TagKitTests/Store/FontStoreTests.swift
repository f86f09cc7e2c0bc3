import Testing
@testable import TagKit

/// The store's font tables: subsets stored once, restored by undo and redo, dropped when unused.
@Suite struct FontStoreTests {
    /// Rows of `font_subsets`.
    static func subsetCount(_ project: Project) throws -> Int64 {
        try project.store.db.scalar("SELECT count(*) FROM font_subsets")?.integer ?? -1
    }

    @Test func twoTagsWithTheSameLabelShareTheirSubsets() throws {
        let dir = TemporaryDirectory()
        let project = try makeProject(in: dir)
        let fonts = try FontSystem()
        _ = try project.add(kind: .dish, text: "宫保鸡丁", at: NormalizedPoint(x: 0.3, y: 0.3), side: nil, measurer: fonts)
        let one = try Self.subsetCount(project)
        _ = try project.add(kind: .dish, text: "宫保鸡丁", at: NormalizedPoint(x: 0.6, y: 0.7), side: nil, measurer: fonts)
        #expect(one == 2)
        #expect(try Self.subsetCount(project) == one)
        #expect(try project.embeddedFaces().map(\.tags) == [2, 2])
    }

    @Test func aSubsetNothingRefersToIsDropped() throws {
        let dir = TemporaryDirectory()
        let project = try makeProject(in: dir)
        let fonts = try FontSystem()
        let added = try project.add(kind: .dish, text: "Soup", at: nil, side: nil, measurer: fonts)
        _ = try project.edit(added.tag!.id, text: "Noodles", measurer: fonts)
        // Undo keeps "Noodles" for redo; a new edit drops that redo tail and its subset with it.
        _ = try project.undo(steps: 1)
        #expect(try Self.subsetCount(project) == 2)
        _ = try project.edit(added.tag!.id, text: "Rice", measurer: fonts)
        #expect(try Self.subsetCount(project) == 2)
        let faces = try project.store.faces(of: added.tag!.id)
        #expect(faces.count == 1 && faces[0].priority == 0)
    }

    @Test func anEditWithoutAFontSystemLeavesTheTagToTheInstalledFonts() throws {
        let dir = TemporaryDirectory()
        let project = try makeProject(in: dir)
        let added = try project.add(kind: .dish, text: "Soup", at: nil, side: nil, measurer: try FontSystem())
        _ = try project.edit(added.tag!.id, text: "Stew", measurer: FixedWidthMeasurer())
        #expect(try project.store.faces(of: added.tag!.id).isEmpty)
        #expect(try Self.subsetCount(project) == 1)  // "Soup"'s, kept for undo
        _ = try project.undo(steps: 1)
        #expect(try project.store.faces(of: added.tag!.id).count == 1)
    }
}
