import Testing
import TagKit

extension RenderTests {
    @Suite struct BlendTests {
        /// Paints one pixel of `colour` at opacity `alpha` over `under`.
        static func over(_ under: [UInt8], r: UInt8, g: UInt8, b: UInt8, alpha: UInt8) -> [UInt8] {
            var pixel = under
            var a = alpha
            pixel.withUnsafeMutableBufferPointer { p in
                Blend.solid(p.baseAddress!, channels: under.count, alpha: &a, count: 1, r: r, g: g, b: b)
            }
            return pixel
        }

        @Test func sixtyPercentBlackOverBrownDarkensToTwoFifths() {
            let alpha = Blend.alpha8(TagStyle.bubbleColor.alpha)
            #expect(Self.over([192, 128, 64], r: 0, g: 0, b: 0, alpha: alpha) == [77, 51, 26])
            #expect(Self.over([192, 128, 64, 255], r: 0, g: 0, b: 0, alpha: alpha) == [77, 51, 26, 255])
        }

        @Test func opaquePaintGivesExactlyItsColourAndNoPaintChangesNothing() {
            #expect(Self.over([1, 2, 3], r: 253, g: 219, b: 0, alpha: 255) == [253, 219, 0])
            #expect(Self.over([1, 2, 3], r: 253, g: 219, b: 0, alpha: 0) == [1, 2, 3])
            #expect(Self.over([9, 8, 7, 0], r: 253, g: 219, b: 0, alpha: 0) == [9, 8, 7, 0])
        }

        @Test func divisionBy255RoundsToNearestEverywhere() {
            for x in stride(from: 0, through: 255 * 255, by: 1) {
                let exact = (Double(x) / 255).rounded()
                if Double(Blend.div255(UInt32(x))) != exact {
                    Issue.record("div255(\(x)) = \(Blend.div255(UInt32(x))), expected \(exact)")
                    return
                }
            }
        }

        @Test func paintOverATransparentPixelKeepsItsColourAndOpacity() {
            #expect(Self.over([50, 60, 70, 0], r: 0, g: 0, b: 0, alpha: 153) == [0, 0, 0, 153])
            #expect(Self.over([255, 255, 255, 0], r: 200, g: 100, b: 10, alpha: 128) == [200, 100, 10, 128])
        }

        @Test func paintOverAHalfTransparentPixelCompositesBothAlphas() {
            // 50% black over 50% white: alpha 0.75, colour white·0.25 / 0.75 = 1/3 white.
            #expect(Self.over([255, 255, 255, 128], r: 0, g: 0, b: 0, alpha: 128) == [85, 85, 85, 192])
        }

        @Test func premultipliedColourGlyphsCompositeOverRGBAndRGBA() {
            // Half-transparent pure red, premultiplied: B G R A = 0 0 128 128.
            let source: [UInt8] = [0, 0, 128, 128]
            var rgb: [UInt8] = [0, 0, 255]
            var rgba: [UInt8] = [0, 0, 0, 0]
            source.withUnsafeBufferPointer { s in
                rgb.withUnsafeMutableBufferPointer { Blend.premultipliedBGRA($0.baseAddress!, channels: 3, source: s.baseAddress!, count: 1) }
                rgba.withUnsafeMutableBufferPointer { Blend.premultipliedBGRA($0.baseAddress!, channels: 4, source: s.baseAddress!, count: 1) }
            }
            #expect(rgb == [128, 0, 127])
            #expect(rgba == [255, 0, 0, 128])
        }
    }
}
