import Testing
@testable import TagKit

/// A font provider whose every character is `em` wide and draws no ink: enough to lay tags out
/// without any installed font, which shows that layout and render need only the provider.
struct FixedWidthFonts: FontProvider {
    var em: Double

    func shape(_ text: String, family: String, language: TextLanguage, pixelSize: Double) throws -> ShapedLine {
        ShapedLine(glyphs: [], advance: Double(text.count) * em * pixelSize, ascent: 0.8 * pixelSize,
                   descent: 0.2 * pixelSize, inkAscent: 0, inkDescent: 0, pixelSize: pixelSize)
    }

    func rasterize(_ line: ShapedLine, originX: Double, baselineY: Double) throws -> [GlyphBitmap] { [] }

    func labelEm(_ label: String, font: String, language: TextLanguage) throws -> Double { Double(label.count) * em }
}

@Suite struct SceneLayoutTests {
    let size = PictureSize(width: 600, height: 400)

    func tag(_ text: String, at x: Double, side: Side, placedWith fonts: FixedWidthFonts) throws -> Tag {
        let em = try fonts.labelEm(text, font: "", language: .undetermined)
        let anchor = try Placement.fit(NormalizedPoint(x: x, y: 0.5), side: side, labelEm: em, size: size)
        return Tag(id: TagID(1), kind: .dish, text: text, anchor: anchor, side: side, labelEm: em)
    }

    @Test func aTagLaidOutWithTheFontsItWasPlacedWithStaysWhereItIs() throws {
        let fonts = FixedWidthFonts(em: 0.5)
        let placed = try tag("Soup of the day", at: 0.99, side: .right, placedWith: fonts)
        let layout = try SceneLayout(tags: [placed], settings: ProjectSettings(), size: size, fonts: fonts)
        #expect(layout.notices.isEmpty)
        #expect(layout.drawings.count == 1)
        #expect(layout.drawings[0].geometry.dotCentre.x == placed.anchor.x * 600)
    }

    @Test func aTagThatNoLongerFitsWithOtherFontsIsMovedInsideAndSaysSo() throws {
        let placed = try tag("Soup of the day", at: 0.99, side: .right, placedWith: FixedWidthFonts(em: 0.5))
        let wider = FixedWidthFonts(em: 0.6)
        let layout = try SceneLayout(tags: [placed], settings: ProjectSettings(), size: size, fonts: wider)
        guard case let .tagMoved(id, from, drawnAt)? = layout.notices.first else {
            Issue.record("no notice for a tag that had to move: \(layout.notices)")
            return
        }
        #expect(id == TagID(1) && from == placed.anchor && drawnAt.x < placed.anchor.x && drawnAt.y == placed.anchor.y)
        let bounds = layout.drawings[0].geometry.bounds
        #expect(bounds.minX >= -1e-9 && bounds.maxX <= 600 + 1e-9)
    }

    @Test func aTagThatFitsNowhereWithOtherFontsIsAnErrorNotDrawnOutside() throws {
        let placed = try tag("Soup of the day", at: 0.5, side: .right, placedWith: FixedWidthFonts(em: 0.5))
        #expect(throws: SceneLayout.LayoutError.tagDoesNotFit(TagID(1), label: "Soup of the day")) {
            try SceneLayout(tags: [placed], settings: ProjectSettings(), size: size, fonts: FixedWidthFonts(em: 10))
        }
    }

    @Test func theSceneDrawsWhatTheLayoutPlaced() throws {
        let fonts = FixedWidthFonts(em: 0.5)
        let placed = try tag("Tea", at: 0.3, side: .right, placedWith: fonts)
        let scene = try SceneLayout(tags: [placed], settings: ProjectSettings(), size: size, fonts: fonts).scene
        #expect(scene.tags.count == 1)
        #expect(!scene.tags[0].bounds.isEmpty)
    }
}
