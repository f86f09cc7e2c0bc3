import Testing
import TagKit
@testable import TagProjEditor

@Suite struct TagImageTests {
    @Test func aTagIsDrawnByTheRendererOnTransparencyAroundItsDot() throws {
        let size = PictureSize(width: 600, height: 400)
        let tag = Tag(id: TagID(1), kind: .dish, text: "Flat white", anchor: NormalizedPoint(x: 0.3, y: 0.5), side: .right, labelEm: 0)
        let (png, origin, drawn) = try TagImage.render(tag, settings: ProjectSettings(), size: size, fonts: FontSystem())
        let image = try ImageDecoder.decode(png).pixels
        #expect(image.channels == 4)
        #expect(drawn == PictureSize(width: image.width, height: image.height), "the size the page is told is the PNG's")
        // The tag is about 6.7% of the shorter side tall, and starts at the dot's left.
        #expect((24...32).contains(image.height), "\(image.height)")
        #expect(origin.x <= 180 && origin.x >= 170 && origin.y < 200 && origin.y + image.height > 200, "\(origin)")
        // Transparent where the bubble is not (the top-left corner), opaque-ish on the bubble.
        #expect(image.bytes[3] == 0)
        let alphas = stride(from: 3, to: image.bytes.count, by: 4).map { image.bytes[$0] }
        #expect(alphas.contains { $0 > 100 })
    }

    @Test func theStateGivesEachTagTheRegionItsDotMayMoveIn() {
        let size = PictureSize(width: 600, height: 400)
        let tag = Tag(id: TagID(1), kind: .dish, text: "Flat white", anchor: NormalizedPoint(x: 0.3, y: 0.5), side: .right, labelEm: 4)
        let json = EditorState.tagJSON(tag, settings: ProjectSettings(), size: size, overlaps: Overlaps.List(others: [TagID(2)]))
        guard let region = json["region"], let x1 = region["x1"]?.doubleValue, let x0 = region["x0"]?.doubleValue else {
            Issue.record("no region in \(json.text)")
            return
        }
        // The bubble goes right of the dot, so the dot may not reach the right edge.
        #expect(x0 > 0 && x0 < 0.05)
        #expect(x1 < 0.9)
        #expect(json["label"]?.stringValue == "Flat white")
        // The other side's region mirrors it: the bubble left of the dot keeps the dot off the left edge.
        guard let flipped = json["region_flipped"], let fx0 = flipped["x0"]?.doubleValue, let fx1 = flipped["x1"]?.doubleValue else {
            Issue.record("no region_flipped in \(json.text)")
            return
        }
        #expect(fx0 > 0.1 && abs(fx1 - (1 - x0)) < 1e-9)
        #expect(json["overlaps"]?.text == "[2]")
    }
}
