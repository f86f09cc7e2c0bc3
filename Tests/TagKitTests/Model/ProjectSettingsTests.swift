import Testing
@testable import TagKit

@Suite struct ProjectSettingsTests {
    @Test func validSettingsComeBackNormalized() throws {
        let settings = try ProjectSettings.validated(currency: "  CHF ", font: " Noto Sans CJK SC")
        #expect(settings == ProjectSettings(currency: "CHF", font: "Noto Sans CJK SC"))
        #expect(try ProjectSettings().validated() == ProjectSettings(currency: "¥", font: ""))
    }

    @Test func anEmptyCurrencyAndTheDefaultFontAreAllowed() throws {
        #expect(try ProjectSettings.validated(currency: "", font: "") == ProjectSettings(currency: "", font: ""))
    }

    @Test(arguments: [
        (String(repeating: "$", count: 300), SettingsError.Problem.tooLong),
        ("EURO€UROX", .tooLong),
        ("e" + String(repeating: "\u{301}", count: 40), .tooLong),
        ("$\u{7}", .forbidden("\u{7}")),
        ("€\u{2028}€", .forbidden("\u{2028}")),
    ])
    func aCurrencyOutsideItsDomainIsRefused(_ currency: String, _ problem: SettingsError.Problem) {
        #expect(throws: SettingsError(setting: .currency, problem: problem)) {
            try ProjectSettings.validated(currency: currency, font: "")
        }
    }

    @Test(arguments: [
        (String(repeating: "f", count: 201), SettingsError.Problem.tooLong),
        ("   ", .blank),
        ("Noto\nSans", .forbidden("\n")),
    ])
    func aFontOutsideItsDomainIsRefused(_ font: String, _ problem: SettingsError.Problem) {
        #expect(throws: SettingsError(setting: .font, problem: problem)) {
            try ProjectSettings.validated(currency: "¥", font: font)
        }
    }

    @Test func aRefusedSettingIsAnInvalidRequestThatSaysWhy() {
        let error = SettingsError(setting: .currency, problem: .tooLong)
        #expect(error.meaning == .invalidRequest)
        #expect(error.message == "the currency symbol is longer than 8 characters (or 64 bytes)")
    }
}
