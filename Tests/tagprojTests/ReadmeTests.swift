import Foundation
import Testing

/// The README's and the guide's promises, checked as a newcomer would meet them.
@Suite struct ReadmeTests {
    static let readme = document("README.md")
    static let guide = document("docs/guide.md")

    static func document(_ path: String) -> String {
        try! String(contentsOf: CLI.repository.appendingPathComponent(path), encoding: .utf8)
    }

    /// The lines of the first fenced block after the line starting with `marker` in `text`.
    static func block(after marker: String, in text: String = readme) -> [String] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(where: { $0.hasPrefix(marker) }),
              let open = lines[start...].firstIndex(where: { $0.hasPrefix("```") }) else { return [] }
        return Array(lines[(open + 1)...].prefix { !$0.hasPrefix("```") })
    }

    @Test func theWalkthroughRunsAsWritten() throws {
        let lines = Self.block(after: "<!-- walkthrough")
        #expect(lines.count >= 8)
        for verb in ["new", "add", "move", "flip", "undo", "export"] {
            #expect(lines.contains { $0.hasPrefix("tagproj \(verb) ") }, "the walkthrough has no \(verb)")
        }
        let cli = CLI()
        let binDir = URL(fileURLWithPath: CLI.binary).deletingLastPathComponent().path
        let path = binDir + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        for line in lines where !line.isEmpty {
            let run = try CompletionTests.shell("bash", "export PATH='\(path)'\nset -o pipefail\n" + line, in: cli)!
            #expect(run.status == 0, "\(line)\n\(run)")
            // `# prints 1`: the README says what the line prints.
            if let range = line.range(of: "# prints ") {
                #expect(run.stdout == line[range.upperBound...] + "\n", "\(line)\n\(run)")
            }
        }
        #expect(cli.bytes("dinner.jpg")?.prefix(2) == Data([0xFF, 0xD8]))
        #expect(try cli("list", "dinner.tagproj").stdout.contains("Flat white"))
    }

    @Test func theTourCIRunsAgainstThePackageIsTheReadmes() throws {
        // scripts/tour.sh runs each command after a `# tour:` line; the README's walkthrough is
        // those commands, in that order, so CI runs the README's tour against /usr/bin/tagproj.
        let script = Self.document("scripts/tour.sh").split(separator: "\n").map(String.init)
        let tour = zip(script, script.dropFirst()).filter { $0.0.hasPrefix("# tour:") }.map(\.1)
        var rest = tour[...]
        for line in Self.block(after: "<!-- walkthrough") where !line.isEmpty {
            let command = String(line.split(separator: "#", maxSplits: 1)[0]).trimmingCharacters(in: .whitespaces)
            let found = try #require(rest.firstIndex(of: command), "the tour has no '\(command)' after the ones before it")
            rest = rest[(found + 1)...]
        }
    }

    @Test func theSetUpCommandsAreTheTwoScripts() {
        let lines = Self.block(after: "## Set-up")
        #expect(lines.map { $0.split(separator: " ").first.map(String.init) } == ["scripts/demo.sh", "scripts/test.sh"])
    }

    /// The commands of a block, without their comments and blank lines.
    static func commands(_ lines: [String]) -> [String] {
        lines.map { String($0.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]).trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
    }

    /// README.zh-CN.md, linked from the top of README.md, gives the same two set-up commands and
    /// the same tour, command for command, so the one CI runs is the one both readers follow.
    @Test func theChineseReadmeHasTheSameSetUpAndTour() {
        let chinese = Self.document("README.zh-CN.md")
        #expect(Self.readme.split(separator: "\n").prefix(4).contains { $0.contains("](README.zh-CN.md)") })
        #expect(Self.commands(Self.block(after: "## 准备", in: chinese)) == Self.commands(Self.block(after: "## Set-up")))
        let tour = Self.commands(Self.block(after: "<!-- walkthrough", in: chinese))
        #expect(tour.count >= 8 && tour == Self.commands(Self.block(after: "<!-- walkthrough")))
        #expect(Self.commands(Self.block(after: "## 五分钟上手", in: chinese)) == Self.commands(Self.block(after: "## Five minutes")))
    }

    @Test func theLibraryExampleIsTheCodeATestCompiles() throws {
        let example = Self.block(after: "<!-- library-example", in: Self.guide).filter { !$0.isEmpty }
        #expect(example.count >= 8)
        let compiled = try String(contentsOf: CLI.repository.appendingPathComponent("Tests/TagKitTests/ReadmeExampleTests.swift"),
                                  encoding: .utf8)
        // Every line, in order, inside the compiled function (indented by 8).
        var rest = compiled[...]
        for line in example where line != "import TagKit" {
            let range = try #require(rest.range(of: "\n        " + line + "\n"), "not in ReadmeExampleTests.swift: \(line)")
            rest = rest[rest.index(before: range.upperBound)...]
        }
    }

    @Test func theDocumentsTheReadmeLinksExist() {
        for link in ["Schema/README.md", "Fixtures/NOTICE.md", "docs/demo.jpg", "docs/editor.jpg", "docs/tagproj.1", "docs/guide.md",
                     "docs/internals.md", "docs/benchmarks.md", "docs/threat-model.md", "CONTRIBUTING.md", "CHANGELOG.md"] {
            #expect(Self.readme.contains(link), "\(link)")
            #expect(FileManager.default.fileExists(atPath: CLI.repository.appendingPathComponent(link).path), "\(link)")
        }
    }

    @Test func theReadmeIsShortAndEveryLocalLinkOfTheDocsResolves() throws {
        #expect(Self.readme.split(separator: "\n", omittingEmptySubsequences: false).count <= 200)
        for path in ["README.md", "README.zh-CN.md", "docs/guide.md", "docs/internals.md", "docs/benchmarks.md", "CONTRIBUTING.md"] {
            let text = Self.document(path)
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent().relativePath
            var rest = text[...]
            while let open = rest.range(of: "](") {
                rest = rest[open.upperBound...]
                guard let close = rest.firstIndex(of: ")") else { break }
                let target = String(rest[..<close]).split(separator: "#").first.map(String.init) ?? ""
                if target.isEmpty || target.contains("://") { continue }
                let resolved = (folder == "." ? "" : folder + "/") + target
                #expect(FileManager.default.fileExists(atPath: CLI.repository.appendingPathComponent(resolved).path), "\(path) links \(target)")
            }
        }
    }
}
