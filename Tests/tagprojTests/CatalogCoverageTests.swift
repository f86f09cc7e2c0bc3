import Foundation
import Testing

/// No message outside the catalog: every word tagproj shows goes through `po/tagproj.pot`.
///
/// A pseudo-translation made from the template itself (GNU gettext's `msgen`, then `msgfilter`
/// wrapping every line of every message in ⟦ ⟧, compiled by `msgfmt`) is given to tagproj as the
/// language `xx`. Every line a command prints must then be made of wrapped text, the keywords
/// (`error:` …) and what is no English (option and command names, paths, numbers, the user's
/// data): an English word left over was printed without `tr`, or with a literal the template does
/// not hold. The scenarios cover help, usage errors, errors of the work, warnings, notes, and the
/// human output of the reading commands.
@Suite(.serialized) struct CatalogCoverageTests {
    /// The pseudo catalog's folder, made once.
    static let localeDir: String = {
        let dir = NSTemporaryDirectory() + "tagproj-pseudo-" + UUID().uuidString
        let messages = dir + "/xx/LC_MESSAGES"
        try! FileManager.default.createDirectory(atPath: messages, withIntermediateDirectories: true)
        let pot = CLI.repository.appendingPathComponent("po/tagproj.pot").path
        // Plural messages need a header that says how many forms there are: English's two.
        let script = """
            set -euo pipefail
            msgen --no-wrap "$1" | sed -e 's/^"Plural-Forms: .*"$/"Plural-Forms: nplurals=2; plural=(n != 1);\\\\n"/' -e '/^#, fuzzy$/d' \\
              | msgfilter --keep-header --no-wrap sed -e 's/^/⟦/' -e 's/$/⟧/' \\
              | msgfmt -o "$2/tagproj.mo" -
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", script, "pseudo", pot, messages]
        try! process.run()
        process.waitUntilExit()
        precondition(process.terminationStatus == 0, "the pseudo catalog could not be made (gettext's tools are in scripts/install-deps.sh)")
        return dir
    }()

    /// The environment of a run in the pseudo language.
    static var pseudo: [String: String] { ["LC_ALL": "xx_XX.UTF-8", "TAGPROJ_LOCALEDIR": localeDir] }

    /// Words that are no English sentence: tagproj's commands and the values its options take, the
    /// names of formats, and the scenarios' own data.
    static let names: Set<String> = [
        "tagproj", "new", "add", "move", "flip", "edit", "delete", "undo", "redo", "list", "history", "info", "check",
        "export", "open", "set", "config", "apply", "arrange", "menu", "request", "restore", "demo", "help", "completions",
        "dish", "price", "left", "right", "jpeg", "jpg", "png", "webp", "avif", "heic", "heif", "json", "csv", "utf",
        "bash", "zsh", "fish", "square", "none", "und", "hans", "coffee", "dinner", "tsv", "sqlite", "wxh",
    ]

    /// The English words of `text` outside its wrapped parts, line by line. A message may be
    /// wrapped over several lines (a help paragraph): the ⟦ ⟧ are matched across the whole text.
    static func englishOutside(_ text: String) -> [String] {
        var outside = "", depth = 0
        for c in text {
            if c == "⟦" { depth += 1; continue }
            if c == "⟧" { depth = max(0, depth - 1); continue }
            if depth == 0 || c == "\n" { outside.append(c) }
        }
        return outside.split(separator: "\n").flatMap { englishWords(String($0)) }
    }

    /// The English words of one line of what is left: not the keywords, option names, the
    /// metavariables of a usage line (`SYMBOL`, `X,Y`), choices (`left|right`), paths, or an
    /// example's command line.
    static func englishWords(_ line: String) -> [String] {
        var rest = Substring(line).drop(while: { $0 == " " })
        for keyword in ["error:", "warning:", "hint:", "note:", "usage:"] where rest.hasPrefix(keyword) {
            rest = rest.dropFirst(keyword.count)
        }
        if rest.drop(while: { $0 == " " }).hasPrefix("tagproj ") { return [] }
        return rest.split(whereSeparator: { $0 == " " || $0 == "\t" }).compactMap { token -> String? in
            if token.hasPrefix("-") || token.contains(where: { "/.#=<>[]{}@_:|,".contains($0) }) { return nil }
            let word = token.filter { $0.isLetter }
            guard word.count >= 3, word.allSatisfy({ $0.isASCII }), word == token.filter({ !$0.isPunctuation && !$0.isSymbol }),
                  word.contains(where: { $0.isLowercase }), !names.contains(word.lowercased()) else { return nil }
            return String(word)
        }
    }

    /// Checks everything `run` printed.
    func expectWrapped(_ run: Run, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for (name, text) in [("stdout", run.stdout), ("stderr", run.stderr)] {
            let leaks = Self.englishOutside(text)
            #expect(leaks.isEmpty, "\(what): \(name) shows \(leaks) outside the catalog:\n\(text)", sourceLocation: sourceLocation)
        }
    }

    @Test func theCheckFindsEnglishOutsideTheCatalog() {
        #expect(Self.englishOutside("error: ⟦cannot read 'x.png'⟧") == [])
        #expect(Self.englishOutside("error: cannot read 'x.png'") == ["cannot", "read"])
        #expect(Self.englishOutside("  --at X,Y   ⟦where the dot goes⟧") == [])
        #expect(Self.englishOutside("⟦moved #1 to ⟦0.5,0.5⟧ and⟧ then some") == ["then", "some"])
        #expect(Self.englishOutside("⟦a paragraph\nwrapped⟧\nand not") == ["and", "not"])
        #expect(Self.englishOutside("usage: tagproj add <project> [--side left|right] [--price AMOUNT]") == [])
    }

    @Test func helpIsInTheCatalog() throws {
        let cli = CLI()
        expectWrapped(try cli.run(["--help"], environment: Self.pseudo), "--help")
        let commands = ["new", "add", "move", "flip", "edit", "delete", "undo", "redo", "list", "history", "info", "check",
                        "export", "open", "set", "config", "apply", "arrange", "menu", "request", "restore", "demo", "completions"]
        for command in commands {
            let run = try cli.run(["help", command], environment: Self.pseudo)
            #expect(run.status == 0, "help \(command): \(run)")
            expectWrapped(run, "help \(command)")
        }
        expectWrapped(try cli.run(["add", "--help"], environment: Self.pseudo), "add --help")
    }

    @Test(arguments: [
        ["ad", "x"], ["add", "dinner.tagproj", "dish", "汤", "--att", "0.1,0.1"], ["add", "dinner.tagproj", "dish"],
        ["add", "dinner.tagproj", "soup", "茶"], ["add", "dinner.tagproj", "dish", "茶", "--side", "up"],
        ["add", "dinner.tagproj", "dish", "茶", "--at", "0.1"], ["move", "dinner.tagproj", "1"],
        ["move", "dinner.tagproj", "one", "--to", "0.1,0.1"], ["undo", "dinner.tagproj", "--steps", "0"],
        ["add", "dinner.tagproj", "dish", "   "], ["add", "dinner.tagproj", "price", "cheap"],
        ["add", "dinner.tagproj", "price", "12x"], ["add", "dinner.tagproj", "price", "1,288"],
        ["list", "dinner.tagproj", "extra"], ["move", "dinner.tagproj", "9", "--to", "0.5,0.5"],
        ["list", "missing.tagproj"], ["new", "x.tagproj", "missing.png"], ["export", "dinner.tagproj", "out.bmp"],
        ["set", "dinner.tagproj", "--tag-scale", "99"], ["set", "dinner.tagproj", "--language", "??"],
        ["config", "no.such.key"], ["redo", "dinner.tagproj"], ["restore", "dinner.tagproj", "99"],
        ["new", "y.tagproj", "dinner.tagproj"],
    ])
    func errorsAreInTheCatalog(_ arguments: [String]) throws {
        let cli = CLI()
        try cli.newProject()
        try cli("add", "dinner.tagproj", "dish", "汤")
        let run = try cli.run(arguments, environment: Self.pseudo)
        #expect(run.status != 0, "\(arguments): \(run)")
        #expect(run.errorLines.first?.hasPrefix("error: ⟦") == true, "\(arguments): \(run)")
        expectWrapped(run, arguments.joined(separator: " "))
    }

    @Test func theWorkAndItsNoticesAreInTheCatalog() throws {
        let cli = CLI()
        var runs: [(String, Run)] = []
        func run(_ arguments: String...) throws {
            runs.append((arguments.joined(separator: " "), try cli.run(arguments, environment: Self.pseudo)))
        }
        try run("new", "dinner.tagproj", CLI.coffee, "--currency", "¥")
        try run("add", "dinner.tagproj", "dish", "宫保鸡丁", "--at", "0.5,0.5")
        try run("add", "dinner.tagproj", "price", "38", "--at", "0.5,0.5")       // overlaps
        try run("add", "dinner.tagproj", "dish", "拿铁", "--at", "0.999,0.5")     // pushed inside
        try run("move", "dinner.tagproj", "1", "--by", "0,0")                   // nothing changed
        try run("flip", "dinner.tagproj", "1")
        try run("edit", "dinner.tagproj", "1", "鱼香肉丝")
        try run("undo", "dinner.tagproj")
        try run("add", "dinner.tagproj", "dish", "汤")                          // another branch
        try run("undo", "dinner.tagproj")
        try run("redo", "dinner.tagproj")
        try run("delete", "dinner.tagproj", "3")
        try run("set", "dinner.tagproj", "--tag-scale", "1.2")
        try run("arrange", "dinner.tagproj")
        try run("list", "dinner.tagproj")
        try run("history", "dinner.tagproj")
        try run("info", "dinner.tagproj")
        try run("check", "dinner.tagproj")
        try run("export", "dinner.tagproj", "out.png", "--quality", "80")       // ignored by PNG
        try run("export", "dinner.tagproj", "out.jpg")
        try run("restore", "dinner.tagproj", "2")
        try run("config", "--list")
        for (what, result) in runs {
            #expect(result.status == 0, "\(what): \(result)")
            expectWrapped(result, what)
        }
        // The scenario reached what it covers: a warning and a note, each wrapped.
        let stderr = runs.map(\.1.stderr).joined()
        #expect(stderr.contains("warning: ⟦"), "\(stderr)")
    }
}
