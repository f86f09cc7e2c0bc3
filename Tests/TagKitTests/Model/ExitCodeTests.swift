import Testing
import TagKit

@Suite struct ExitCodeTests {
    @Test func exitCodesFollowSysexits() {
        #expect(ExitCode.usage.rawValue == 64)
        #expect(ExitCode.dataError.rawValue == 65)
        #expect(ExitCode.noInput.rawValue == 66)
        #expect(ExitCode.cannotCreate.rawValue == 73)
        #expect(ExitCode.ioError.rawValue == 74)
        #expect(ExitCode.busy.rawValue == 75)
    }
}
