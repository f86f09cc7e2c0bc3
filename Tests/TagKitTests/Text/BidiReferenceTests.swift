import CFriBidi
import Testing
@testable import TagKit

/// Right-to-left text mixed with digits and Latin, laid out by the bidirectional algorithm,
/// compared with an independent engine: Pillow with libraqm rendered the same strings with the
/// same font file (`scripts/make-bidi-references.py`, committed in `BidiReference/`).
///
/// The comparison is of the ink's column profile (how much ink each column of pixels holds, from
/// the first inked column to the last), so it sees the order of words, digits and spaces and
/// tolerates what differs between two rasterizers (raqm's glyphs are hinted, ours are not).
@Suite struct BidiReferenceTests {
    static let font = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    static let pixelSize = 32.0
    static let samples = ["بيتزا 30 سم", "פיצה 30 ס״מ", "Shawarma شاورما mix", "חומוס עם pita"]
    /// The largest relative difference between two profiles that still counts as the same layout.
    static let tolerance = 0.2

    /// One text drawn white on black: bitmaps with their offsets, as a column profile of the ink.
    static func profile(_ glyphs: [GlyphBitmap]) -> [Double] {
        let lower = glyphs.map(\.left).min() ?? 0, upper = glyphs.map { $0.left + $0.width }.max() ?? 0
        var columns = [Double](repeating: 0, count: max(0, upper - lower))
        for glyph in glyphs {
            for row in 0..<glyph.height {
                for x in 0..<glyph.width { columns[glyph.left - lower + x] += Double(glyph.pixels[row * glyph.width + x]) / 255 }
            }
        }
        return trimmed(columns)
    }

    /// The reference picture's column profile.
    static func reference(_ index: Int) throws -> [Double] {
        let picture = try ImageDecoder.decode(Array(contents(Fixtures.path("Tests/TagKitTests/Text/BidiReference/sample-\(index + 1).png"))!)).pixels
        var columns = [Double](repeating: 0, count: picture.width)
        for y in 0..<picture.height {
            for x in 0..<picture.width { columns[x] += Double(picture.bytes[(y * picture.width + x) * picture.channels]) / 255 }
        }
        return trimmed(columns)
    }

    static func trimmed(_ columns: [Double]) -> [Double] {
        guard let first = columns.firstIndex(where: { $0 > 0.05 }), let last = columns.lastIndex(where: { $0 > 0.05 }) else { return [] }
        return Array(columns[first...last])
    }

    /// How far `profile` is from `reference`: the mean absolute difference of the two, each
    /// blurred over 5 columns, `profile` stretched to the reference's width, relative to the
    /// reference's mean.
    static func difference(_ profile: [Double], _ reference: [Double]) -> Double {
        guard profile.count > 1, reference.count > 1 else { return .infinity }
        func blurred(_ p: [Double]) -> [Double] {
            p.indices.map { i in p[max(0, i - 2)...min(p.count - 1, i + 2)].reduce(0, +) / 5 }
        }
        let stretched = reference.indices.map { i -> Double in
            let at = Double(i) * Double(profile.count - 1) / Double(reference.count - 1)
            let j = min(Int(at), profile.count - 2), t = at - Double(j)
            return profile[j] * (1 - t) + profile[j + 1] * t
        }
        let a = blurred(stretched), b = blurred(reference)
        return zip(a, b).map { abs($0 - $1) }.reduce(0, +) / b.reduce(0, +)
    }

    /// The text shaped with the reference's face alone, with the levels `bidi` gives, and drawn.
    static func direct(_ text: String, bidi: BidiLine) throws -> (line: ShapedLine, glyphs: [GlyphBitmap]) {
        let face = try FontFace(file: font, index: 0, isColor: false, library: FreeTypeLibrary())
        var clusters: [Int] = [], offset = 0
        for character in text { clusters.append(offset); offset += character.utf8.count }
        let line = try TextShaper(faces: [face], language: .undetermined).shape(text, clusters: clusters, runs: [TextRun(face: 0, bytes: 0..<offset)], strut: 0,
                                                         bidi: bidi).scaled(toPixelSize: pixelSize)
        let rasterizer = GlyphRasterizer(face: try face.freeTypeFace(), path: font)
        let glyphs = try line.glyphs.map { try rasterizer.render($0.glyphID, pixelSize: pixelSize, penX: 8 + $0.x, baselineY: 40 - $0.y) }
        return (line, glyphs.filter { $0.width > 0 && $0.height > 0 })
    }

    @Test(arguments: samples.indices)
    func theSampleIsDrawnInTheReferencesOrder(_ index: Int) throws {
        let text = Self.samples[index], reference = try Self.reference(index)
        // The real path: fontconfig's fallback, runs of one face and script, bidi, shaping, drawing.
        let fonts = try FontSystem()
        let line = try fonts.shape(text, family: "", pixelSize: Self.pixelSize)
        let drawn = Self.difference(Self.profile(try fonts.rasterize(line, originX: 8, baselineY: 40)), reference)
        #expect(drawn < Self.tolerance, "“\(text)” differs from Pillow/raqm's by \(drawn)")
        // With the reference's face alone the glyphs are the same ones, in the same order.
        let direct = try Self.direct(text, bidi: try BidiLine(text))
        #expect(direct.line.glyphs.map(\.glyphID) == line.glyphs.map(\.glyphID), "fontconfig chose another face than the reference's")
    }

    @Test(arguments: samples.indices)
    func theSameTextLaidOutInStoredOrderFailsTheComparison(_ index: Int) throws {
        let text = Self.samples[index], reference = try Self.reference(index)
        let logical = try Self.direct(text, bidi: .logical(count: text.count))
        let difference = Self.difference(Self.profile(logical.glyphs), reference)
        #expect(difference > 2 * Self.tolerance, "“\(text)” without bidi is only \(difference) from the reference")
    }

    @Test func levelsFollowTheFirstStrongCharacterAndKeepNumbersLeftToRight() throws {
        #expect(try BidiLine("بيتزا 30 سم").levels == [1, 1, 1, 1, 1, 1, 2, 2, 1, 1, 1])
        #expect(try BidiLine("Shawarma شاورما mix").levels == [UInt8](repeating: 0, count: 9) + [1, 1, 1, 1, 1, 1] + [0, 0, 0, 0])
        #expect(try BidiLine("30").levels == [0, 0])
        #expect(try BidiLine("").levels == [])
    }

    @Test func runsAreReorderedByLevelAsRuleL2Says() {
        #expect(BidiLine.visualOrder([0, 0, 0]) == [0, 1, 2])
        #expect(BidiLine.visualOrder([1, 2, 1]) == [2, 1, 0])
        #expect(BidiLine.visualOrder([0, 1, 1, 0]) == [0, 2, 1, 3])
        #expect(BidiLine.visualOrder([1, 2, 2, 1, 0]) == [3, 1, 2, 0, 4])
    }

    @Test func anArabicOrHebrewCharacterNoFontHasNamesThePackageWithFacesForIt() {
        // U+08A0 (Arabic Extended-A) is beyond DejaVu Sans; Noto Sans Arabic has it.
        #expect(TextError.missingGlyph("\u{8A0}").advice?.contains("fonts-noto-core") == true)
        #expect(TextError.missingGlyph("\u{FB4F}").advice?.contains("fonts-noto-core") == true)
    }

    @Test func noCodePointOutsideTheRightToLeftBlocksIsRightToLeftToFriBidi() throws {
        let fribidi = try FriBidi.loaded.get()
        let outside = (UInt32(0)...0x10FFFF).filter { value in
            guard let scalar = Unicode.Scalar(value) else { return false }
            return !BidiLine.mayRunRightToLeft(String(Character(scalar)))
        }
        var types = [FriBidiCharType](repeating: FriBidiCharType(0), count: outside.count)
        fribidi.bidiTypes(outside, FriBidiStrIndex(outside.count), &types)
        let rightToLeft: Set = [FRIBIDI_TYPE_RTL, FRIBIDI_TYPE_AL, FRIBIDI_TYPE_AN, FRIBIDI_TYPE_RLE, FRIBIDI_TYPE_RLO, FRIBIDI_TYPE_RLI]
        let found = zip(outside, types).filter { rightToLeft.contains($0.1) }.map { TextError.codePoint(Unicode.Scalar($0.0)!) }
        #expect(found.isEmpty, "FriBidi calls these right-to-left: \(found.prefix(10))")
        #expect(BidiLine.mayRunRightToLeft("\u{5D0}") && BidiLine.mayRunRightToLeft("a\u{200F}"))
    }

    @Test(arguments: ["Flat white", "宫保鸡丁 38", "Kung Pao ☕️", "a\u{202A}b\u{202C}c", "(x) [y] 12,50 €", "", "Crème brûlée"])
    func aTextWithNothingRightToLeftIsLaidOutInStoredOrderAsFriBidiWouldHaveIt(_ text: String) throws {
        let resolved = try BidiLine(resolving: text)
        #expect(resolved.levels.allSatisfy { $0 % 2 == 0 } && BidiLine.visualOrder(resolved.levels) == Array(resolved.levels.indices))
        #expect(try BidiLine(text) == .logical(count: text.count))
    }
}
