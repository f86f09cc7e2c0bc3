import Testing
@testable import TagKit

/// The store's font tables: subsets stored once, restored by undo, redo and restore along the history tree.
@Suite struct FontStoreTests {
    /// Rows of `font_subsets`.
    static func subsetCount(_ project: Project) throws -> Int64 {
        try project.store.db.scalar("SELECT count(*) FROM font_subsets")?.integer ?? -1
    }

    @Test func twoTagsWithTheSameLabelShareTheirSubsets() throws {
        let dir = TemporaryDirectory()
        let project = try makeProject(in: dir)
        let fonts = try FontSystem()
        _ = try project.perform(.add(kind: .dish, text: "宫保鸡丁", at: Position(NormalizedPoint(x: 0.3, y: 0.3)), side: nil), fonts: fonts)
        let one = try Self.subsetCount(project)
        _ = try project.perform(.add(kind: .dish, text: "宫保鸡丁", at: Position(NormalizedPoint(x: 0.6, y: 0.7)), side: nil), fonts: fonts)
        #expect(one == 2)
        #expect(try Self.subsetCount(project) == one)
        #expect(try project.embeddedFaces().map(\.tags) == [2, 2])
    }

    @Test func aBranchKeepsItsSubsetsAndUndoRedoFollowTheTree() throws {
        let dir = TemporaryDirectory()
        let project = try makeProject(in: dir)
        let fonts = try FontSystem()
        let id = try project.perform(.add(kind: .dish, text: "Soup", at: nil, side: nil), fonts: fonts).tag!.id
        let soup = try project.store.faces(of: id).map(\.subset)
        _ = try project.perform(.edit(id, text: "Noodles"), fonts: fonts)
        let noodles = try project.store.faces(of: id).map(\.subset)
        // Undo, then an edit: a new branch; "Noodles" stays on the old one, with its subset.
        _ = try project.undo(steps: 1)
        #expect(try project.store.faces(of: id).map(\.subset) == soup)
        _ = try project.perform(.edit(id, text: "Rice"), fonts: fonts)
        #expect(try Self.subsetCount(project) == 3)
        // Jumping to the other branch's entry (2) brings its subset back, as one entry.
        _ = try project.restore(to: 2)
        #expect(try project.store.faces(of: id).map(\.subset) == noodles)
        _ = try project.undo(steps: 1)
        #expect(try project.store.faces(of: id).map(\.subset) != noodles)
        let faces = try project.store.faces(of: id)
        #expect(faces.count == 1 && faces[0].priority == 0)
    }

    @Test func anEditWithoutAFontSystemLeavesTheTagToTheInstalledFonts() throws {
        let dir = TemporaryDirectory()
        let project = try makeProject(in: dir)
        let added = try project.perform(.add(kind: .dish, text: "Soup", at: nil, side: nil), fonts: try FontSystem())
        _ = try project.perform(.edit(added.tag!.id, text: "Stew"), measurer: FixedWidthMeasurer())
        #expect(try project.store.faces(of: added.tag!.id).isEmpty)
        #expect(try Self.subsetCount(project) == 1)  // "Soup"'s, kept for undo
        _ = try project.undo(steps: 1)
        #expect(try project.store.faces(of: added.tag!.id).count == 1)
    }
}
