import Testing
import TagKit
@testable import tagproj

@Suite struct ExitCodeTests {
    @Test func exitCodesFollowSysexits() {
        #expect(ExitCode.usage.rawValue == 64)
        #expect(ExitCode.dataError.rawValue == 65)
        #expect(ExitCode.noInput.rawValue == 66)
        #expect(ExitCode.cannotCreate.rawValue == 73)
        #expect(ExitCode.ioError.rawValue == 74)
        #expect(ExitCode.busy.rawValue == 75)
    }

    @Test("Every meaning TagKit gives an error has an exit code", arguments: ErrorMeaning.allCases)
    func everyMeaningMapsToACode(meaning: ErrorMeaning) {
        let code = ExitCode(meaning)
        #expect(code != .success)
    }

    @Test func hintsThatNameFlagsComeFromTheCommandLine() {
        let report = ErrorReport(ImageError.tooManyPixels(width: 20000, height: 20000, limit: 100))
        #expect(report.exitCode == .dataError)
        #expect(report.hint?.contains("--max-pixels") == true)
        #expect(ImageError.tooManyPixels(width: 20000, height: 20000, limit: 100).advice == nil)
    }
}
