import Testing
@testable import TagKit

/// The user's config file: read carefully, refused by line, written back keeping what it holds.
@Suite struct UserConfigTests {
    func parse(_ text: String) throws(ConfigError) -> UserConfig { try UserConfig.parse(Array(text.utf8), path: "cfg") }

    @Test func sectionsKeysCommentsAndQuotesReadAsGitConfigReadsThem() throws {
        let config = try parse("""
            # prices as the café writes them
            [New]   ; a comment after a header
            \tCurrency = "$"   # a comment after a value
            price-format=12,50 €
            font = "DejaVu Sans ; bold \\"x\\" " ; the quotes keep ';', '"' and the end space
            ; a comment
            [export]
            quality = 80
            [new]
            currency = €\r

            """)
        #expect(config.value(.currency) == "€", "the last line setting a key wins")
        #expect(config.value(.priceFormat) == "12,50 €")
        #expect(config.value(.font) == "DejaVu Sans ; bold \"x\" ")
        #expect(config.value(.quality) == "80")
        #expect(config.value(.tagScale) == nil)
        #expect(config.entries.map(\.key) == [.priceFormat, .font, .quality, .currency])
    }

    @Test(arguments: [
        ("currency = $", 1, "'currency' is not in a section (put it under [new] or [export])"),
        ("[new]\ncurency = $", 2, "unknown key 'new.curency' (the keys are new.currency, new.price-format, new.font, new.language, new.tag-scale, export.quality)"),
        ("[colour]", 1, "unknown section '[colour]' (the sections are [export] and [new])"),
        ("[new \"x\"]", 1, "subsections ('[section \"name\"]') are not used"),
        ("[new", 1, "a section header is '[name]'"),
        ("[new]\ncurrency", 2, "expected '=' after 'currency' (a line is 'key = value')"),
        ("[new]\n= 3", 2, "expected 'key = value', a section '[name]' or a comment"),
        ("[new]\ncurrency = \"$", 2, "the value's quote is not closed"),
        ("[new]\ncurrency = $\\", 2, "a value continued on the next line ('\\' at the end) is not supported"),
        ("[new]\ncurrency = \\q", 2, "unknown escape '\\q' (the escapes are \\\", \\\\, \\t and \\n)"),
        ("[new]\ntag-scale = 9", 2, "new.tag-scale: the tag scale is between 0.25 and 4"),
        ("[new]\ntag-scale = big", 2, "new.tag-scale: 'big' is not a number"),
        ("[new]\ncurrency = 1$", 2, "new.currency: the currency symbol contains a digit, '.' or ','"),
        ("[new]\nprice-format = cheap", 2, "new.price-format: the price format is a sample price such as '¥38', '$12.50', '38元', '12,50 €', '€ 4.50' or '¥1,280'"),
        ("[export]\nquality = 101", 2, "export.quality: the quality is a whole number from 1 to 100, not '101'"),
        ("[new]\nfont = \"\"", 2, "new.font: the font family name is empty"),
        ("[new]\ncurrency = \u{7}", 2, "the line holds a control character (U+0007)"),
    ])
    func aBadFileIsRefusedNamingItsLine(_ text: String, _ line: Int, _ problem: String) {
        #expect(throws: ConfigError(path: "cfg", line: line, problem: problem)) { try parse(text) }
    }

    @Test func aFileThatIsNotUTF8IsRefusedNamingTheLine() {
        #expect(throws: ConfigError(path: "cfg", line: 2, problem: "the line is not UTF-8 text")) {
            try UserConfig.parse(Array("[new]\ncurrency = ".utf8) + [0xFF], path: "cfg")
        }
    }

    @Test func settingAndUnsettingKeepEveryOtherLine() throws {
        var config = try parse("# mine\n[new]\n\tcurrency = $ # dollars\n\n[export]\nquality = 80\n")
        try config.set(.currency, to: "€")
        try config.set(.tagScale, to: "1.25")
        try config.set(.font, to: " padded ")
        let removed = config.unset(.quality), again = config.unset(.quality)
        #expect(removed && !again)
        #expect(config.text == "# mine\n[new]\n\tcurrency = €\n\ttag-scale = 1.25\n\tfont = \" padded \"\n\n[export]\n")
        try config.set(.quality, to: "70")
        #expect(config.text.hasSuffix("[export]\n\tquality = 70\n"))
        // What it writes reads back the same.
        #expect(try parse(config.text).entries.map(\.value) == config.entries.map(\.value))
        #expect(throws: ConfigValueError(key: .quality, problem: "the quality is a whole number from 1 to 100, not '0'")) {
            try config.set(.quality, to: "0")
        }
    }

    @Test func aNewKeyOnAnEmptyFileOpensItsSection() throws {
        var config = UserConfig()
        try config.set(.currency, to: "$")
        #expect(config.text == "[new]\n\tcurrency = $\n")
        try config.set(.currency, to: "a\"b\\c")
        #expect(try parse(config.text).value(.currency) == "a\"b\\c")
    }

    @Test func theFileLivesUnderXDGConfigHomeElseHome() {
        #expect(UserConfig.path(environment: ["XDG_CONFIG_HOME": "/x", "HOME": "/h"]) == "/x/tagproj/config")
        #expect(UserConfig.path(environment: ["XDG_CONFIG_HOME": "relative", "HOME": "/h/"]) == "/h/.config/tagproj/config")
        #expect(UserConfig.path(environment: [:]) == nil)
    }
}
