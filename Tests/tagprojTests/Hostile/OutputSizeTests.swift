import Foundation
import Testing

/// Issue 40, item 7: an output size past the pixel limit, however it is asked for, is a usage
/// error before it is counted; `--scale 5e6` and `"scale":1e300` used to end tagproj with SIGILL.
@Suite struct OutputSizeTests {
    @Test(arguments: [["--scale", "5e6"], ["--scale", "1e300"], ["--scale", "1.7976931348623157e308"], ["--width", "1000000"],
                      ["--height", "1000000"], ["--scale", "50"]])
    func anOutputPastThePixelLimitIsAUsageErrorAndWritesNothing(_ size: [String]) throws {
        let cli = CLI()
        let project = try cli.newProject()
        let before = cli.bytes(project)
        let run = try cli.run(["export", project, "out.jpg"] + size)
        expectFailure(run, 64, "the output would be ")
        #expect(run.errorLines.first?.hasSuffix("the limit of 100000000 pixels") == true
                || run.errorLines.first?.hasSuffix("more than the limit of 100000000") == true, "\(run)")
        #expect(cli.bytes(project) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: cli.dir).filter { !$0.hasPrefix(".") } == [project])
    }

    @Test(arguments: [(["--scale", "nan"], "is not a number"), (["--scale", "inf"], "is not a number"),
                      (["--scale", "-1"], "the scale must be a positive number"), (["--scale", "0"], "the scale must be a positive number"),
                      (["--width", "-5"], "the width must be 1 to 1000000"), (["--height", "1e30"], "is not a whole number"),
                      (["--max-size", "99999999999999999999"], "is not a whole number"), (["--size", "1x-1"], "the height must be 1 to 1000000")])
    func aSizeThatIsNoSizeIsAUsageError(_ size: [String], _ message: String) throws {
        let cli = CLI()
        let project = try cli.newProject()
        let before = cli.bytes(project)
        let run = try cli.run(["export", project, "out.jpg"] + size)
        expectFailure(run, 64, message)
        #expect(cli.bytes(project) == before && cli.bytes("out.jpg") == nil)
    }

    /// A box fits the picture inside it and never enlarges: a huge one is the full size.
    @Test(arguments: [["--max-size", "1000000"], ["--size", "1000000x1000000"]])
    func aHugeBoxIsTheFullSize(_ size: [String]) throws {
        let cli = CLI()
        let project = try cli.newProject()
        let run = try cli.run(["export", project, "out.png"] + size)
        #expect(run.status == 0 && run.stderr.hasPrefix("wrote out.png: png 600×400, "), "\(run)")
    }

    /// `tagproj request` (what a batch export's children run) answers in JSON on stdout only.
    @Test(arguments: [#"{"op":"export","to":"out.jpg","scale":1e300}"#, #"{"op":"export","to":"out.jpg","scale":5e6}"#,
                      #"{"op":"export","to":"out.jpg","width":1000000}"#, #"{"op":"export","to":"out.jpg","scale":-1e300}"#])
    func aRequestForAnOutputPastTheLimitIsAnInvalidRequest(_ request: String) throws {
        let cli = CLI()
        let project = try cli.newProject()
        let before = cli.bytes(project)
        let run = try cli("request", project, request)
        #expect(run.status == 64 && run.stderr.isEmpty, "\(run)")
        let answer = try CLI.json(run)
        #expect(answer["ok"] as? Bool == false && answer["meaning"] as? String == "invalid_request", "\(run)")
        #expect(cli.bytes(project) == before && cli.bytes("out.jpg") == nil)
    }
}
