import Foundation
import Testing
@testable import TagKit

/// Embedded subsets are bounded by the work of drawing them, not only by their bytes.
@Suite struct CompositeGlyphsTests {
    /// scripts/make-font-bomb.py's font (after FuzzFont's 3-byte header): 25 KB whose glyphs
    /// stand for about 10^9 glyph loads, every table otherwise well formed.
    static func bomb() throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: Fixtures.path("Fixtures/regressions/font/composite-bomb.bin"))).dropFirst(3))
    }

    @Test func aCompositeBombIsRefusedBeforeFreeTypeLoadsAGlyph() throws {
        let font = try Self.bomb()
        let problem = font.withUnsafeBytes { CompositeGlyphs.problem(in: $0) }
        #expect(problem == "glyph 4 takes more than 1024 glyph loads to draw")
        let face = EmbeddedFace(priority: 0, family: "Bomb", style: "Regular", file: "bomb.ttf", faceIndex: 0, isColor: false,
                                glyphs: 1000, bytes: font)
        let error = try #require(TextTests.EmbeddedFontTests.refusal(face))
        #expect(error.message == "the embedded font “Bomb” is damaged (glyph 4 takes more than 1024 glyph loads to draw)", "\(error.message)")
    }

    @Test func aGlyphThatIsItsOwnComponentIsRefused() throws {
        var font = try Self.bomb()
        // Glyph 2's first component names glyph 0; make it name glyph 3, which is made of glyph 2.
        let view = font.withUnsafeBytes { raw -> (glyf: Int, loca: Int) in
            let v = ByteView(raw)
            var found = (glyf: 0, loca: 0)
            for i in 0..<v.u16(4)! {
                let tag = String(decoding: (0..<4).map { v.u8(12 + 16 * i + $0)! }, as: UTF8.self)
                if tag == "glyf" { found.glyf = v.u32(12 + 16 * i + 8)! }
                if tag == "loca" { found.loca = v.u32(12 + 16 * i + 8)! }
            }
            return found
        }
        let start = font.withUnsafeBytes { ByteView($0).u32(view.loca + 4 * 2)! }
        let component = view.glyf + start + 10 + 2
        #expect(font[component] == 0 && font[component + 1] == 0)
        font[component + 1] = 3
        #expect(font.withUnsafeBytes { CompositeGlyphs.problem(in: $0) } == "glyph 2 is a component of itself")
    }

    /// Every installed TrueType font the tests use passes: real composites (accented letters)
    /// are a few loads each.
    @Test(arguments: ["/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"])
    func anInstalledFontPasses(_ path: String) throws {
        let font = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(font.withUnsafeBytes { CompositeGlyphs.problem(in: $0) } == nil)
    }
}
