import Foundation
import Testing

/// Completion scripts and the manual page, both generated from the command definitions.
@Suite struct CompletionTests {
    /// Runs `script` with `shell -c`, in `cli`'s folder; nil when the shell is not installed.
    static func shell(_ shell: String, _ script: String, in cli: CLI) throws -> Run? {
        guard let path = ["/bin/", "/usr/bin/"].map({ $0 + shell }).first(where: FileManager.default.isExecutableFile) else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["-c", script]
        process.currentDirectoryURL = URL(fileURLWithPath: cli.dir)
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile(), stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                   stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// What bash completes for the words typed so far (the last one under the cursor).
    static func bashCompletes(_ words: [String], in cli: CLI) throws -> [String] {
        let quoted = words.map { "'\($0)'" }.joined(separator: " ")
        let script = """
            source <('\(CLI.binary)' completions bash)
            COMP_WORDS=(tagproj \(quoted)); COMP_CWORD=\(words.count)
            _tagproj
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let run = try #require(try shell("bash", script, in: cli))
        #expect(run.status == 0 && run.stderr.isEmpty, "\(run)")
        return run.stdout.split(separator: "\n").map(String.init).sorted()
    }

    @Test func theScriptsAreValidShell() throws {
        let cli = CLI()
        for (name, check) in [("bash", "bash -n"), ("zsh", "zsh -n"), ("fish", "fish -n")] {
            let script = try cli("completions", name)
            #expect(script.status == 0 && script.stdout.contains("tagproj"), "\(script)")
            try script.stdout.write(toFile: cli.path("script.\(name)"), atomically: true, encoding: .utf8)
            // zsh and fish are checked where installed; bash always is.
            if let run = try Self.shell(name, "\(check) script.\(name)", in: cli) {
                #expect(run.status == 0 && run.stderr.isEmpty, "\(name): \(run)")
            } else {
                #expect(name != "bash")
            }
        }
        expectFailure(try cli("completions", "tcsh"), 64, "unknown shell 'tcsh'")
    }

    @Test func bashCompletesCommandsOptionsKindsSidesFormatsAndProjects() throws {
        let cli = CLI()
        try cli.newProject()
        _ = FileManager.default.createFile(atPath: cli.path("notes.txt"), contents: Data())
        #expect(try Self.bashCompletes(["a"], in: cli) == ["add", "apply", "arrange"])
        #expect(try Self.bashCompletes(["e"], in: cli) == ["edit", "export"])
        #expect(try Self.bashCompletes(["add", ""], in: cli) == ["dinner.tagproj"])
        #expect(try Self.bashCompletes(["add", "dinner.tagproj", "p"], in: cli) == ["price"])
        #expect(try Self.bashCompletes(["add", "dinner.tagproj", "dish", "Soup", "--si"], in: cli) == ["--side"])
        #expect(try Self.bashCompletes(["add", "dinner.tagproj", "dish", "Soup", "--side", ""], in: cli) == ["left", "right"])
        #expect(try Self.bashCompletes(["add", "dinner.tagproj", "dish", "Soup", "--pr"], in: cli) == ["--price"])
        #expect(try Self.bashCompletes(["edit", "dinner.tagproj", "1", "--pr"], in: cli) == ["--price"])
        #expect(try Self.bashCompletes(["edit", "dinner.tagproj", "1", "--price", ""], in: cli) == ["none"])
        #expect(try Self.bashCompletes(["add", "--at", "0.1,0.1", "dinner.tagproj", "d"], in: cli) == ["dish"])
        #expect(try Self.bashCompletes(["export", "dinner.tagproj", "x.png", "--format", "j"], in: cli) == ["jpeg"])
        #expect(try Self.bashCompletes(["-q", "list", "--j"], in: cli) == ["--json"])
        #expect(try Self.bashCompletes(["help", "fl"], in: cli) == ["flip"])
        #expect(try Self.bashCompletes(["completions", "z"], in: cli) == ["zsh"])
    }

    @Test func theCommittedManPageIsWhatTheDefinitionsGenerate() throws {
        let generated = try CLI()("help", "--man")
        #expect(generated.status == 0 && generated.stderr.isEmpty)
        let committed = try String(contentsOf: CLI.repository.appendingPathComponent("docs/tagproj.1"), encoding: .utf8)
        #expect(committed == generated.stdout, "docs/tagproj.1 is out of date: run 'tagproj help --man > docs/tagproj.1'")
        for command in HelpTests.commands { #expect(committed.contains(".SS \(command)\n"), "\(command)") }
        #expect(committed.contains(".SH EXIT STATUS") && committed.contains("\\fB75\\fR"))
    }
}
