import Foundation
import Testing

/// The command line in Simplified Chinese, end to end with the built `tagproj`: the catalog is
/// compiled from `po/zh_CN.po` into a folder of the test's own, given as `TAGPROJ_LOCALEDIR`,
/// and chosen by the environment alone (`LC_ALL`, `LANGUAGE`), whether or not the machine has the
/// zh_CN.UTF-8 locale. The keywords `error:`, `warning:`, `hint:`, `note:` and `usage:` stay ASCII at
/// the start of their lines, exit codes are those of English, and `--json` is the same in both.
@Suite final class ChineseMessagesTests {
    let cli = CLI()
    /// The folder holding `zh_CN/LC_MESSAGES/tagproj.mo`.
    let localeDir: String

    /// Compiles the Chinese catalog as `scripts/build-catalogs.sh` would.
    init() throws {
        localeDir = cli.path("locale")
        try FileManager.default.createDirectory(atPath: localeDir + "/zh_CN/LC_MESSAGES", withIntermediateDirectories: true)
        let po = CLI.repository.appendingPathComponent("po").path
        let compile = try cli.run(program: "/bin/sh", ["-c", "msgfmt --check -o \"$1\" \"$0\"/zh_CN.po",
                                                       po, localeDir + "/zh_CN/LC_MESSAGES/tagproj.mo"])
        #expect(compile.status == 0, "\(compile)")
    }

    /// The environment of a run in Chinese.
    var chinese: [String: String] { ["LC_ALL": "zh_CN.UTF-8", "TAGPROJ_LOCALEDIR": localeDir] }

    /// Runs `tagproj arguments…` in Chinese.
    @discardableResult
    func zh(_ arguments: String...) throws -> Run { try cli.run(arguments, environment: chinese) }

    /// Whether `text` holds a Chinese character.
    static func hasChinese(_ text: String) -> Bool {
        text.unicodeScalars.contains { (0x4E00...0x9FFF).contains($0.value) }
    }

    /// The terminal cells `text` takes: two for a CJK or full-width character.
    static func cells(_ text: String) -> Int {
        text.reduce(0) { sum, c in
            let v = c.unicodeScalars.first!.value
            let wide = (0x2E80...0x9FFF).contains(v) || (0xAC00...0xD7A3).contains(v) || (0xF900...0xFAFF).contains(v)
                || (0xFE30...0xFE4F).contains(v) || (0xFF00...0xFF60).contains(v) || (0xFFE0...0xFFE6).contains(v)
            return sum + (wide ? 2 : 1)
        }
    }

    /// Every stderr line starts with an ASCII keyword (or is a line of its own: `created …`).
    func expectKeywords(_ run: Run, sourceLocation: SourceLocation = #_sourceLocation) {
        for line in run.errorLines {
            let keyword = ["error: ", "warning: ", "hint: ", "note: ", "usage: "].first { line.hasPrefix($0) }
            #expect(keyword != nil, "\(line)", sourceLocation: sourceLocation)
        }
    }

    @Test func anErrorIsChineseAfterAnASCIIKeywordWithTheExitCodeOfEnglish() throws {
        try cli.newProject("p.tagproj")
        let english = try cli("move", "p.tagproj", "9", "--to", "0.5,0.5")
        let chinese = try zh("move", "p.tagproj", "9", "--to", "0.5,0.5")
        #expect(english.status == 1 && chinese.status == 1 && chinese.stdout.isEmpty, "\(chinese)")
        #expect(chinese.errorLines.count == 2 && chinese.errorLines[0].hasPrefix("error: "), "\(chinese)")
        #expect(chinese.errorLines.last == "hint: 运行 'tagproj list p.tagproj' 查看标签编号", "\(chinese)")
        #expect(Self.hasChinese(chinese.errorLines[0]) && chinese.errorLines[0].contains("#9"), "\(chinese)")
        expectKeywords(chinese)

        // An error the command line words itself, with its exit code of 1.
        let unset = try zh("config", "new.currency")
        #expect(unset.status == 1 && unset.errorLines == [
            "error: \(cli.path(".config/tagproj/config")) 中没有设置 new.currency",
            "hint: 用 'tagproj config new.currency VALUE' 设置它",
        ], "\(unset)")
    }

    @Test func aWarningIsChineseAfterAnASCIIKeyword() throws {
        try cli.newProject()
        #expect(try cli("add", "dinner.tagproj", "dish", "Kung Pao Chicken", "--at", "0.2,0.5").status == 0)
        // The bubble does not fit to the right of a dot this far right: it is moved inside the photo.
        let move = try zh("move", "dinner.tagproj", "1", "--to", "0.95,0.5")
        #expect(move.status == 0 && move.stdout.isEmpty && move.errorLines.count == 1, "\(move)")
        #expect(move.errorLines.first?.hasPrefix("warning: ") == true, "\(move)")
        #expect(Self.hasChinese(move.stderr) && move.stderr.contains("#1"), "\(move)")
        expectKeywords(move)
    }

    @Test func helpIsChineseButCommandsAndOptionsAreNot() throws {
        let overview = try zh("--help")
        #expect(overview.status == 0, "\(overview)")
        let lines = overview.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0].hasPrefix("tagproj ") && lines[0].hasSuffix("：在美食照片上添加菜名和价格标签，每张照片一个项目文件。"), "\(overview)")
        #expect(lines.contains("用法：tagproj [-q] <command> [<arguments>] [--help]"))
        #expect(lines.contains("命令：") && lines.contains("全局选项：") && lines.contains("退出码："), "\(overview)")
        #expect(lines.contains("  add          添加一个菜名或价格标签；打印它的编号。"), "\(overview)")
        #expect(lines.contains("  64  用法错误（未知命令或选项、缺少参数、数字有误、标签文字无效）"), "\(overview)")

        let add = try zh("help", "add")
        #expect(add.status == 0 && add.stderr.isEmpty, "\(add)")
        let page = add.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(page[0] == "add: 添加一个菜名或价格标签；打印它的编号。", "\(add)")
        #expect(page.contains("用法：tagproj add <project> <kind> <text> [--price AMOUNT] [--at X,Y] [--side left|right] [--json]"), "\(add)")
        #expect(page.contains("参数：") && page.contains("选项：") && page.contains("示例："), "\(add)")
        #expect(page.contains("  <kind>                  dish（菜名）或 price（价格）。"), "\(add)")
        #expect(page.contains { $0.hasPrefix("  --price AMOUNT          菜的价格") && $0.hasSuffix("（默认：无）") }, "\(add)")
        #expect(page.contains("  tagproj add dinner.tagproj dish 宫保鸡丁 --price 38"), "\(add)")
        // The discussion wraps between Chinese characters, at most 100 cells a line.
        let discussion = page.dropFirst().filter { Self.hasChinese($0) && !$0.hasPrefix(" ") && !$0.hasSuffix("：") && !$0.hasPrefix("用法：") }
        #expect(discussion.count > 1 && discussion.allSatisfy { Self.cells($0) <= 100 }, "\(discussion)")
        let addHelp = try zh("add", "--help")
        #expect(addHelp.stdout == add.stdout)
        expectKeywords(add)
    }

    @Test func aUsageErrorIsChineseWithExit64AndTheUsageLine() throws {
        let unknown = try zh("lsit", "x.tagproj")
        #expect(unknown.status == 64 && unknown.stdout.isEmpty, "\(unknown)")
        #expect(unknown.errorLines == ["error: 未知命令 'lsit'", "hint: 您是不是想用 'list'？"], "\(unknown)")

        try cli.newProject("p.tagproj")
        let missing = try zh("add", "p.tagproj", "dish")
        #expect(missing.status == 64 && missing.errorLines == [
            "error: 缺少参数 <text>",
            "usage: tagproj add <project> <kind> <text> [--price AMOUNT] [--at X,Y] [--side left|right] [--json]",
        ], "\(missing)")
        let number = try zh("move", "p.tagproj", "1", "--to", "0.5,0.5", "--by", "0,0")
        #expect(number.status == 64 && number.errorLines.first == "error: --to X,Y 和 --by DX,DY 必须且只能给一个", "\(number)")
        let option = try zh("list", "p.tagproj", "--jsno")
        #expect(option.status == 64 && option.errorLines.prefix(2) == ["error: 未知选项 '--jsno'", "hint: 您是不是想用 '--json'？"], "\(option)")
        for run in [unknown, missing, number, option] { expectKeywords(run) }
    }

    @Test func listAndInfoHaveChineseHeadingsInAlignedColumns() throws {
        try cli.newProject("p.tagproj")
        #expect(try cli("add", "p.tagproj", "dish", "宫保鸡丁", "--at", "0.3,0.4").status == 0)
        #expect(try cli("add", "p.tagproj", "price", "38", "--at", "0.7,0.6").status == 0)
        let list = try zh("list", "p.tagproj")
        #expect(list.status == 0, "\(list)")
        let rows = list.stdout.split(separator: "\n").map(String.init)
        #expect(rows[0] == "编号  种类   侧     X      Y      像素        文字", "\(list)")
        // Each column starts at the same cell in the heading and in every row.
        func starts(_ line: String) -> [Int] {
            var cells = 0, previous: Character = " ", result: [Int] = []
            for c in line {
                if previous == " " && c != " " { result.append(cells) }
                cells += Self.cells(String(c))
                previous = c
            }
            return result
        }
        #expect(rows.count == 3 && rows.dropFirst().allSatisfy { starts($0) == starts(rows[0]) }, "\(list)")
        #expect(rows[1].hasPrefix("1     dish   "), "kinds and sides are the command line's words: \(list)")

        let info = try zh("info", "p.tagproj")
        #expect(info.status == 0, "\(info)")
        let lines = info.stdout.split(separator: "\n").map(String.init)
        for heading in ["图片：", "裁剪：", "货币：", "文字语言：", "价格格式：", "设置来源：", "标签：", "历史记录：", "嵌入字体："] {
            #expect(lines.contains { $0.hasPrefix(heading) }, "\(heading) in \(info)")
        }
        #expect(lines.contains { $0.hasPrefix("历史记录：") && $0.hasSuffix("2 条记录，当前位于 2") }, "\(info)")
        // The values start in one column, one cell after the widest heading; the lines that go on
        // from one (the settings' origins, more fonts) are indented to it.
        let columns = lines.map { line -> Int in
            if line.hasPrefix(" ") { return line.prefix { $0 == " " }.count }
            guard let colon = line.firstIndex(of: "：") else { return -1 }
            return Self.cells(String(line[...colon])) + line[line.index(after: colon)...].prefix { $0 == " " }.count
        }
        #expect(Set(columns).count == 1 && columns[0] == Self.cells("数据库结构：") + 1, "\(info) \(columns)")
    }

    @Test func jsonIsTheSameInEveryLanguage() throws {
        try cli.newProject("p.tagproj")
        #expect(try cli("add", "p.tagproj", "dish", "宫保鸡丁", "--at", "0.3,0.4", "--price", "38").status == 0)
        #expect(try cli("add", "p.tagproj", "price", "12.50").status == 0)
        #expect(try cli("move", "p.tagproj", "2", "--by", "0.1,0").status == 0)
        #expect(try cli("undo", "p.tagproj").status == 0)
        for command in ["list", "info", "history"] {
            let english = try cli(command, "p.tagproj", "--json")
            let chinese = try zh(command, "p.tagproj", "--json")
            #expect(english.status == 0 && chinese.status == 0, "\(chinese)")
            #expect(chinese.stdout == english.stdout, "\(command) --json")
        }
        let tree = try zh("history", "p.tagproj", "--tree", "--json")
        let englishTree = try cli("history", "p.tagproj", "--tree", "--json")
        #expect(tree.stdout == englishTree.stdout)
    }

    @Test func theLanguageComesFromTheEnvironmentAsGettextReadsIt() throws {
        let language = ["LC_ALL": "", "LC_MESSAGES": "", "LANG": "en_US.UTF-8", "LANGUAGE": "zh_CN", "TAGPROJ_LOCALEDIR": localeDir]
        let chinese = try cli.run(["lsit"], environment: language)
        #expect(chinese.errorLines.first == "error: 未知命令 'lsit'", "\(chinese)")
        let c = try cli.run(["lsit"], environment: ["LC_ALL": "C", "LANGUAGE": "zh_CN", "TAGPROJ_LOCALEDIR": localeDir])
        #expect(c.errorLines.first == "error: unknown command 'lsit'", "\(c)")
        let messages = try cli.run(["lsit"], environment: ["LC_ALL": "", "LC_MESSAGES": "zh_CN.UTF-8", "LANG": "en_US.UTF-8",
                                                           "TAGPROJ_LOCALEDIR": localeDir])
        #expect(messages.errorLines.first == "error: 未知命令 'lsit'", "\(messages)")
        #expect(c.status == 64 && chinese.status == 64 && messages.status == 64)
    }

    @Test func completionScriptsAndTheManPageInCAreAsInEnglish() throws {
        for shell in ["bash", "zsh", "fish"] {
            let chinese = try zh("completions", shell)
            let english = try cli("completions", shell)
            #expect(chinese.status == 0 && chinese.stdout == english.stdout, "\(shell)")
        }
        let man = try zh("help", "--man")
        #expect(man.status == 0 && man.stdout.contains(".SH 名称\n") && man.stdout.contains(".SH 退出状态\n"), "\(man)")
        let english = try cli("help", "--man")
        let committed = try String(contentsOf: CLI.repository.appendingPathComponent("docs/tagproj.1"), encoding: .utf8)
        #expect(english.stdout == committed + "\n" || english.stdout == committed)
    }
}
