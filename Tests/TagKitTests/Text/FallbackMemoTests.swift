import Foundation
import Testing
@testable import TagKit
import CFontconfig

extension TextTests {
    /// The fallback memo must give exactly what fontconfig gives, and only while it is valid.
    @Suite(.serialized) struct FallbackMemoTests {
        @Test func aCodepointSetRoundTripsThroughItsText() throws {
            let set = try #require(CodepointSet(serialized: "20-7e,a0,4e00-9fff"))
            #expect(set.contains(0x20) && set.contains(0x7E) && set.contains(0xA0) && set.contains(0x6C64))
            #expect(!set.contains(0x1F) && !set.contains(0x7F) && !set.contains(0xA1) && !set.contains(0xA000))
            #expect(CodepointSet(serialized: Substring(set.serialized)) == set)
            #expect(CodepointSet(serialized: "7e-20") == nil)
            #expect(CodepointSet(serialized: "30,20") == nil)
            #expect(CodepointSet(serialized: "zz") == nil)
        }

        @Test func theMemoGivesTheSameFontsAndWidthsAsFontconfig() throws {
            let dir = TemporaryDirectory()
            setenv("XDG_CACHE_HOME", dir.path, 1)
            defer { unsetenv("XDG_CACHE_HOME") }
            let labels = ["宫保鸡丁 Kung Pao", "¥38", "Café 🍜", "AV"]
            let fresh = try FontSystem()
            let first = try labels.map { try fresh.measure($0, family: "") }
            let memo = try #require(FallbackMemo.load(family: "", language: .undetermined))
            let list = try FallbackList(config: FcInitLoadConfigAndFonts(), family: "", language: .undetermined)
            #expect(memo.fonts.map(\.file) == list.fonts.map(\.file))
            #expect(memo.fonts.map(\.coverage) == list.fonts.map(\.coverage))
            #expect(memo.primaryFamilies == list.primaryFamilies)
            // A second font system reads the memo and measures the same.
            #expect(try labels.map { try FontSystem().measure($0, family: "") } == first)
        }

        @Test func aChangedFontInvalidatesTheMemo() throws {
            let dir = TemporaryDirectory()
            setenv("XDG_CACHE_HOME", dir.path, 1)
            defer { unsetenv("XDG_CACHE_HOME") }
            _ = try FontSystem().measure("Soup", family: "")
            let files = try FileManager.default.contentsOfDirectory(atPath: dir.path + "/tagproj")
            #expect(files.count == 1)
            let path = dir.path + "/tagproj/" + files[0]
            #expect(FallbackMemo.load(family: "", language: .undetermined) != nil)
            // Pretend a font file changed size since the memo was written.
            var text = try String(contentsOfFile: path, encoding: .utf8)
            let lines = text.split(separator: "\n")
            let font = lines[5].split(separator: "\t")
            text = text.replacingOccurrences(of: "\t\(font[2])\t", with: "\t1:0.0\t")
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            #expect(FallbackMemo.load(family: "", language: .undetermined) == nil)
            #expect(FallbackMemo.load(family: "some other family", language: .undetermined) == nil)
        }
    }
}
