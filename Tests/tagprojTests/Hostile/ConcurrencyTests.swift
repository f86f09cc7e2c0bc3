import Foundation
import Testing
import TagKit

/// Several processes editing one project at once: every one succeeds, one after another, and
/// every edit and history entry is kept.
@Suite struct ConcurrencyTests {
    @Test func mixedEditsFromManyProcessesAreAllKept() throws {
        let cli = CLI()
        try cli.newProject("p.tagproj")
        for i in 1...4 { try cli("add", "p.tagproj", "dish", "Dish \(i)", "--at", "0.\(i * 2),0.5", "--side", "right") }
        let project = cli.path("p.tagproj")
        var commands: [[String]] = []
        for i in 1...4 {
            commands.append(["add", project, "price", "\(i)0"])
            commands.append(["move", project, "\(i)", "--by", "0,0.1"])
            commands.append(["flip", project, "\(i)"])
            commands.append(["edit", project, "\(i)", "Noodles \(i)"])
        }
        let processes = commands.map { arguments -> Process in
            let p = Process()
            p.executableURL = URL(fileURLWithPath: CLI.binary)
            p.arguments = arguments
            p.standardOutput = FileHandle.nullDevice
            p.standardError = FileHandle.nullDevice
            return p
        }
        for p in processes { try p.run() }
        for p in processes { p.waitUntilExit() }
        for (p, arguments) in zip(processes, commands) {
            #expect(p.terminationReason == .exit && p.terminationStatus == 0, "\(arguments)")
        }
        let opened = try Project.open(project, forWriting: false)
        let history = try opened.history()
        // 4 adds before, then one entry per process, none lost and none undone.
        #expect(history.items.count == 4 + commands.count && history.cursor == Int64(4 + commands.count))
        #expect(history.items.filter { $0.label.stored.hasPrefix("add price") }.count == 4)
        for i in 1...4 {
            #expect(history.items.filter { $0.label.stored.hasPrefix("move #\(i) to ") || $0.label == "flip #\(i)" }.count == 2)
        }
        let tags = try opened.tags()
        #expect(tags.map(\.id.rawValue) == Array(1...8))
        for tag in tags.prefix(4) {
            #expect(tag.side == .left && tag.text == "Noodles \(tag.id.rawValue)")
            #expect(abs(tag.anchor.y - 0.6) < 1e-9)
        }
        #expect(try cli("check", "p.tagproj").status == 0)
    }
}
