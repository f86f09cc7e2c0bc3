import Testing
import TagKit
@testable import tagproj

@Suite struct ExitCodeTests {
    /// The codes are BSD's, as the C library's own `sysexits.h` defines them (EX_TEMPFAIL for
    /// busy: try again later), read from the header rather than restated here.
    @Test func exitCodesAreTheSystemsSysexits() throws {
        let header = try String(contentsOfFile: "/usr/include/sysexits.h", encoding: .utf8)
        var defined: [String: Int32] = [:]
        for line in header.split(separator: "\n") where line.hasPrefix("#define EX_") {
            let parts = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            if parts.count >= 3, let value = Int32(parts[2]) { defined[String(parts[1])] = value }
        }
        let names: [ExitCode: String] = [.success: "EX_OK", .usage: "EX_USAGE", .dataError: "EX_DATAERR", .noInput: "EX_NOINPUT",
                                         .cannotCreate: "EX_CANTCREAT", .ioError: "EX_IOERR", .busy: "EX_TEMPFAIL"]
        for code in ExitCode.allCases where code != .failure {
            #expect(defined[names[code] ?? "?"] == code.rawValue, "\(code) is \(code.rawValue), not the system's \(names[code] ?? "?")")
        }
        #expect(ExitCode.failure.rawValue == 1)
    }

    /// `--help` lists every exit code the enum has, each once, in order.
    @Test func helpListsEveryExitCode() throws {
        let listed = TagProjCLI.overview.split(separator: "\n").drop { $0 != "exit codes:" }.dropFirst()
            .prefix { $0.hasPrefix("  ") }.compactMap { Int32($0.split(separator: " ").first ?? "") }
        #expect(listed == ExitCode.allCases.map(\.rawValue))
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
