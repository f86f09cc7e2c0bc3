import Testing
@testable import TagKit

extension TextTests {
    @Suite("Rasterizing glyphs")
    struct GlyphRasterizerTests {
        let fonts: FontSystem

        init() throws {
            fonts = try FontSystem()
        }

        @Test("An outline glyph has antialiased coverage", arguments: ["A", "宫", "¥"])
        func coverageIsAntialiased(text: String) throws {
            let line = try fonts.shape(text, family: "", pixelSize: 24)
            let bitmaps = try fonts.rasterize(line, originX: 10, baselineY: 30)
            let bitmap = try #require(bitmaps.first)
            #expect(!bitmap.isColor)
            #expect(bitmap.pixels.count == bitmap.width * bitmap.height)
            #expect(bitmap.pixels.contains(255) || bitmap.pixels.max()! > 200)
            #expect(bitmap.pixels.contains { $0 > 0 && $0 < 255 })
            // The ink sits on the baseline, right of the origin, no taller than the size.
            #expect(bitmap.left >= 9 && bitmap.top >= 30 - 24 && bitmap.top + bitmap.height <= 30 + 6)
        }

        @Test("Spaces draw nothing")
        func spacesAreSkipped() throws {
            let line = try fonts.shape("a b", family: "", pixelSize: 24)
            #expect(try fonts.rasterize(line, originX: 0, baselineY: 30).count == 2)
        }

        @Test("A fractional position shifts the coverage, not just the box")
        func subpixelPositionIsKept() throws {
            let line = try fonts.shape("l", family: "", pixelSize: 24)
            let glyph = line.glyphs[0]
            let whole = try fonts.rasterize(glyph, pixelSize: 24, originX: 10, baselineY: 30)
            let half = try fonts.rasterize(glyph, pixelSize: 24, originX: 10.5, baselineY: 30)
            #expect(whole.pixels != half.pixels)
            #expect(abs(centroid(half) - centroid(whole) - 0.5) < 0.1)
        }

        @Test("The drawn width follows the shaped size")
        func bitmapMatchesSize() throws {
            let small = try fonts.rasterize(fonts.shape("宫", family: "", pixelSize: 20), originX: 0, baselineY: 20)[0]
            let large = try fonts.rasterize(fonts.shape("宫", family: "", pixelSize: 80), originX: 0, baselineY: 80)[0]
            #expect(abs(Double(large.width) / Double(small.width) - 4) < 0.4)
        }

        @Test("A colour emoji draws as premultiplied BGRA at the wanted size", arguments: [16.0, 32, 109, 150])
        func emojiIsColour(size: Double) throws {
            let line = try fonts.shape("🍜", family: "", pixelSize: size)
            let bitmap = try fonts.rasterize(line, originX: 5.3, baselineY: size)[0]
            #expect(bitmap.isColor)
            #expect(bitmap.pixels.count == bitmap.width * bitmap.height * 4)
            #expect(abs(Double(bitmap.width) - line.advance) <= 2)
            var opaque = 0
            for i in stride(from: 0, to: bitmap.pixels.count, by: 4) {
                let (b, g, r, a) = (bitmap.pixels[i], bitmap.pixels[i + 1], bitmap.pixels[i + 2], bitmap.pixels[i + 3])
                #expect(b <= a && g <= a && r <= a)
                if a == 255 { opaque += 1 }
            }
            #expect(opaque > bitmap.width * bitmap.height / 4)
        }

        @Test("A glyph from another font system is refused")
        func foreignGlyph() throws {
            let line = try fonts.shape("宫 a", family: "", pixelSize: 20)
            let other = try FontSystem()
            #expect(throws: TextError.foreignGlyph) {
                try other.rasterize(line.glyphs[0], pixelSize: 20, originX: 0, baselineY: 0)
            }
        }

        private func centroid(_ bitmap: GlyphBitmap) -> Double {
            var sum = 0.0, weight = 0.0
            for y in 0..<bitmap.height {
                for x in 0..<bitmap.width {
                    let w = Double(bitmap.pixels[y * bitmap.width + x])
                    sum += w * Double(bitmap.left + x)
                    weight += w
                }
            }
            return sum / weight
        }
    }
}
