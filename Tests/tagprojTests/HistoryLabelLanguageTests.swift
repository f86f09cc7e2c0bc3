import Foundation
import Testing

/// The history's labels on the command line in the reader's language: entries made in English
/// (under `LC_ALL=C`) are listed in Chinese under `LC_ALL=zh_CN.UTF-8`, while `--json` prints the
/// same bytes in both.
@Suite struct HistoryLabelLanguageTests {
    /// A folder holding `zh_CN/LC_MESSAGES/tagproj.mo` compiled from `po/zh_CN.po`, in `cli`'s folder.
    private func chineseCatalog(in cli: CLI) throws -> [String: String] {
        let folder = cli.path("locale")
        try FileManager.default.createDirectory(atPath: folder + "/zh_CN/LC_MESSAGES", withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/msgfmt")
        process.arguments = ["--check", "-o", folder + "/zh_CN/LC_MESSAGES/tagproj.mo",
                             CLI.repository.appendingPathComponent("po/zh_CN.po").path]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return ["LC_ALL": "zh_CN.UTF-8", "TAGPROJ_LOCALEDIR": folder]
    }

    /// The label column of `history`'s lines (after the time and who columns).
    private func labels(_ stdout: String) -> [String] {
        stdout.split(separator: "\n").compactMap { line in
            guard let range = line.range(of: #"\d{4}-\d\d-\d\d \d\d:\d\d +\S+ +"#, options: .regularExpression) else { return nil }
            return String(line[range.upperBound...])
        }
    }

    @Test func historyListsEnglishEntriesInChineseAndItsJSONIsTheSame() throws {
        let cli = CLI()
        try cli.newProject()
        for command in [["add", "dinner.tagproj", "dish", "宫保鸡丁", "--price", "38", "--at", "0.3,0.4"],
                        ["move", "dinner.tagproj", "1", "--to", "0.4,0.52"], ["flip", "dinner.tagproj", "1"],
                        ["edit", "dinner.tagproj", "1", "--price", "42"], ["set", "dinner.tagproj", "--tag-scale", "1.5"],
                        ["restore", "dinner.tagproj", "2"]] {
            let run = try cli.run(command)
            #expect(run.status == 0, "\(command): \(run)")
        }
        let chinese = try chineseCatalog(in: cli)
        let english = try cli("history", "dinner.tagproj")
        #expect(labels(english.stdout) == ["add dish #1 “宫保鸡丁” ¥38", "move #1 to 0.400,0.520", "flip #1", "edit #1 price ¥38 → ¥42",
                                           "set tag scale 1.5", "restore #2"], "\(english)")
        let translated = try cli("history", "dinner.tagproj", environment: chinese)
        #expect(translated.status == 0)
        #expect(labels(translated.stdout) == ["添加菜名标签 #1“宫保鸡丁” ¥38", "移动 #1 到 0.400,0.520", "翻转 #1", "编辑 #1：价格 ¥38 → ¥42",
                                              "设置：标签缩放 1.5", "恢复到 #2"], "\(translated)")
        for arguments in [["history", "dinner.tagproj", "--json"], ["history", "dinner.tagproj", "--tree", "--json"]] {
            let c = try cli.run(arguments), zh = try cli.run(arguments, environment: chinese)
            #expect(c.status == 0 && zh.status == 0 && c.stdout == zh.stdout && !c.stdout.isEmpty, "\(arguments)")
        }
        // Undo says what it undid in the reader's language; its --json keeps the English label.
        let undo = try cli("undo", "dinner.tagproj", environment: chinese)
        #expect(undo.status == 0 && undo.stderr.contains("恢复到 #2"), "\(undo)")
        let redo = try cli("redo", "dinner.tagproj", "--json", environment: chinese)
        #expect(redo.stdout.hasPrefix(#"{"redone":["restore #2"]"#), "\(redo)")
    }
}
