import Testing
@testable import TagKit

extension TextTests {
    @Suite("Resampling emoji bitmaps")
    struct BitmapResamplerTests {
        @Test("Halving an opaque square averages to an opaque square")
        func halvingKeepsSolidColour() {
            let pixels = [UInt8](repeating: 200, count: 4 * 4)
            let out = BitmapResampler(scale: 0.5, offsetX: 0, offsetY: 0).resample(pixels, width: 4, height: 4, channels: 1)
            #expect(out.width == 2 && out.height == 2)
            #expect(out.pixels == [200, 200, 200, 200])
        }

        @Test("Shrinking keeps the total ink (area filter)", arguments: [0.25, 0.3, 0.5, 0.77])
        func shrinkingConservesInk(scale: Double) {
            let width = 20, height = 12
            let pixels = (0..<(width * height)).map { UInt8(($0 * 37) % 256) }
            let out = BitmapResampler(scale: scale, offsetX: 0.4, offsetY: 0.7)
                .resample(pixels, width: width, height: height, channels: 1)
            let before = pixels.reduce(0.0) { $0 + Double($1) } * scale * scale
            let after = out.pixels.reduce(0.0) { $0 + Double($1) }
            #expect(abs(after - before) / before < 0.02)
        }

        @Test("An offset of half a pixel spreads an edge over two pixels")
        func offsetAntialiasesEdges() {
            let pixels = [UInt8](repeating: 255, count: 4 * 2)
            let out = BitmapResampler(scale: 0.5, offsetX: 0.5, offsetY: 0).resample(pixels, width: 4, height: 2, channels: 1)
            #expect(out.width == 3 && out.height == 1)
            #expect(out.pixels == [128, 255, 128])
        }

        @Test("Enlarging interpolates between pixels")
        func enlargingInterpolates() {
            let rows = Array(repeating: [UInt8]([0, 0, 255, 255]), count: 4).flatMap { $0 }
            let out = BitmapResampler(scale: 2, offsetX: 0, offsetY: 0).resample(rows, width: 4, height: 4, channels: 1)
            #expect(out.width == 8 && out.height == 8)
            let middle = Array(out.pixels[(3 * 8)..<(4 * 8)])
            #expect(middle[1] == 0 && middle[6] == 255)
            #expect(middle[2] < middle[3] && middle[3] < middle[4] && middle[4] < middle[5])
        }
    }
}
