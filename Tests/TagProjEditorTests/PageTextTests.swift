import Testing
import Foundation
@testable import TagKit
@testable import TagProjEditor

/// The pages in the browser's language (issue 43): the markers the server fills, the messages it
/// writes into the page, and the scanner that finds the pages' messages in their scripts.
@Suite struct PageTextTests {
    /// A `.mo` file of `messages` (original → translation; `context\u{4}msgid`, `one\0many` as
    /// gettext keys them), with the header Chinese has: one plural form.
    static func catalogBytes(_ messages: [(String, String)]) -> [UInt8] {
        let all = [("", "Content-Type: text/plain; charset=UTF-8\nPlural-Forms: nplurals=1; plural=0;\n")] + messages.sorted { $0.0 < $1.0 }
        func word(_ n: Int) -> [UInt8] { (0..<4).map { UInt8((n >> (8 * $0)) & 0xff) } }
        let count = all.count
        let originals = 28, translations = 28 + 8 * count
        var strings: [UInt8] = [], table1: [UInt8] = [], table2: [UInt8] = []
        let start = 28 + 16 * count
        for (original, _) in all {
            table1 += word(original.utf8.count) + word(start + strings.count)
            strings += Array(original.utf8) + [0]
        }
        for (_, translation) in all {
            table2 += word(translation.utf8.count) + word(start + strings.count)
            strings += Array(translation.utf8) + [0]
        }
        return word(0x950412de) + word(0) + word(count) + word(originals) + word(translations) + word(0) + word(start)
            + table1 + table2 + strings
    }

    static let chinese = MessageLanguage(catalog: MessageCatalog(language: "zh_CN", bytes: catalogBytes([
        ("Undo", "撤销"),
        ("kind of tag\u{4}Dish", "菜名"),
        ("Fit (0); 1:1 is 1", "适合 <窗口> \"0\""),
        ("exporting…", "正在导出…"),
        ("{count} tag\0{count} tags", "{count} 个标签"),
        ("cannot start the editor: {reason}", "无法启动编辑器：{reason}"),  // the CLI's, not the page's
    ]))!)

    @Test func theScannerFindsTheCallsWithLiteralsAsXgettextDoes() {
        let source = Array(#"""
            say(t("exporting…")); x.t("method"); at("not a call"); tc("kind of tag", "Dish");
            tn("{count} tag", "{count} tags", n, { a: 1 }); t("say \"hi\" \u00e9"); t(variable); tn("one",
            "many", 2)
            """#.utf8)
        let calls = PageText.calls(in: source)
        #expect(calls.map(\.key) == ["exporting…", "kind of tag\u{4}Dish", "{count} tag", "say \"hi\" é", "one"])
        #expect(calls[2].plural == "{count} tags")
    }

    @Test func everyMessageOfThePagesScriptsIsALiteralTheScannerReads() throws {
        // Each `t(`, `tc(`, `tn(` the pages call is a literal: a message the scanner cannot read is
        // one xgettext would miss too.
        let scripts = Set(["/", "/gallery.html"].flatMap { PageText.scripts(of: PageText.asset($0)!.bytes) })
        #expect(scripts.isSuperset(of: ["/boot.js", "/editor.js", "/gallery.js"]), "\(scripts)")
        for path in scripts.sorted() {
            let script = try #require(PageText.asset(path), "\(path) is not served").bytes
            let text = String(decoding: script, as: UTF8.self)
            let written = text.split(separator: "\n").filter { !$0.trimmingPrefix(while: \.isWhitespace).hasPrefix("//") }
                .map { line in ["t(\"", "tc(\"", "tn(\""].map { line.ranges(of: $0).filter { r in
                    r.lowerBound == line.startIndex || !(line[line.index(before: r.lowerBound)].isLetter || line[line.index(before: r.lowerBound)] == ".")
                }.count }.reduce(0, +) }.reduce(0, +)
            #expect(PageText.calls(in: script).count == written, "\(path)")
        }
        #expect(PageText.calls(in: PageText.asset("/editor.js")!.bytes).contains { $0.msgid == "editing #{id}: Enter keeps the text, Esc cancels" })
    }

    @Test func everyScriptOfThePageFolderIsEmbeddedAndLoadedByAPage() throws {
        // A script added to Sources/TagProjEditor/Page and not to page.c's table, or to no page's
        // <script> list, is a page that breaks only in a browser; so is a part of a joined script
        // (/boot.js: words.js then server.js; /editor.js: Page/editor/'s parts) that it does not
        // join, or joins out of order (the editor's: the order editor/page.js gives).
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Sources/TagProjEditor/Page").standardizedFileURL
        let files = try FileManager.default.subpathsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".js") }
        let loaded = Set(["/", "/gallery.html"].flatMap { PageText.scripts(of: PageText.asset($0)!.bytes) })
        func bytes(_ file: String) throws -> [UInt8] { Array(try Data(contentsOf: folder.appendingPathComponent(file))) }
        // The order editor/page.js lists its parts in (`//   editor/NAME.js   what it does`).
        let listed = String(decoding: try bytes("editor/page.js"), as: UTF8.self).split(separator: "\n")
            .compactMap { line -> String? in
                guard line.hasPrefix("//   editor/"), let name = line.dropFirst(5).split(separator: " ").first else { return nil }
                return String(name)
            }
        #expect(listed.count >= 8 && Set(listed) == Set(files.filter { $0.hasPrefix("editor/") }), "page.js lists every part: \(listed)")
        let joinedAssets = [("/boot.js", ["words.js", "server.js"]), ("/editor.js", listed)]
        for (path, parts) in joinedAssets {
            let joined = try parts.map(bytes).reduce(into: [UInt8]()) { all, part in
                if !all.isEmpty { all.append(0x0a) }
                all += part
            }
            #expect(PageText.asset(path)?.bytes == joined, "\(path) joins \(parts) in that order")
            #expect(loaded.contains(path))
        }
        for file in files where !joinedAssets.contains(where: { $0.1.contains(file) }) {
            let served = try #require(PageText.asset("/" + file), "\(file) is not embedded (Sources/CEditor/page.c)")
            #expect(served.bytes == (try bytes(file)), "\(file) as embedded")
            #expect(served.mime.hasPrefix("text/javascript"))
            #expect(loaded.contains("/" + file), "\(file) is loaded by no page")
        }
    }

    @Test func anEnglishPageIsTheMarkersEnglishAndNoMessages() {
        let page = String(decoding: PageText.fill(PageText.asset("/")!.bytes, language: .english), as: UTF8.self)
        #expect(page.contains("<html lang=\"en\">"))
        #expect(page.contains(#"<script type="application/json" id="tagproj-messages">{"lang":"en","messages":{},"plurals":{}}</script>"#))
        #expect(page.contains(#"title="Undo (Ctrl+Z)""#))
        #expect(page.contains(#"<span class="label">Dish</span>"#))
        #expect(!page.contains("{{"), "every marker filled")
        let gallery = String(decoding: PageText.fill(PageText.asset("/gallery.html")!.bytes, language: .english), as: UTF8.self)
        #expect(gallery.contains("<title>tagproj gallery</title>"))
        #expect(!gallery.contains("{{"))
    }

    @Test func aChinesePageHasItsTextsAndOnlyItsOwnMessagesEscaped() {
        let page = String(decoding: PageText.fill(PageText.asset("/")!.bytes, language: Self.chinese), as: UTF8.self)
        #expect(page.contains("<html lang=\"zh-CN\">"))
        #expect(page.contains(#"<span class="label">撤销</span>"#))
        #expect(page.contains(#"<span class="label">菜名</span>"#))
        #expect(page.contains(#"title="适合 &lt;窗口&gt; &quot;0&quot;""#), "escaped for an attribute")
        #expect(page.contains(#"title="Redo (Ctrl+Shift+Z)""#), "English where the catalog has nothing")
        // The scripts' messages the catalog translates, and nothing else: not the markup's, not the CLI's.
        #expect(page.contains(#"{"lang":"zh-CN","messages":{"exporting…":"正在导出…"},"plurals":{}}"#))
        let gallery = String(decoding: PageText.fill(PageText.asset("/gallery.html")!.bytes, language: Self.chinese), as: UTF8.self)
        #expect(gallery.contains(#""plurals":{"{count} tag":{"forms":["{count} 个标签"],"index":""# + String(repeating: "0", count: 200) + "\"}}"))
        #expect(!gallery.contains("无法启动编辑器"))
    }

    @Test func theMessagesNeverCloseTheirScriptElement() {
        let language = MessageLanguage(catalog: MessageCatalog(language: "xx", bytes: Self.catalogBytes([("exporting…", "</script><b>")]))!)
        let json = String(decoding: PageText.messagesJSON(ofPage: PageText.asset("/")!.bytes, language: language), as: UTF8.self)
        #expect(json.contains(#""exporting…":"\u003c/script>\u003cb>""#))
        #expect(!json.contains("<"))
    }

    @Test func theCServersReasonIsWordedWithItsPlaceholders() {
        let reason = Array("cannot listen on {address} (is the port in use?)\0address\0127.0.0.1:80\0\0\0".utf8)
        #expect(HTTPServer.worded(reason) == "cannot listen on 127.0.0.1:80 (is the port in use?)")
        #expect(HTTPServer.worded(Array("out of memory\0\0".utf8)) == "out of memory")
        #expect(HTTPServer.worded(Array("libmicrohttpd12 is not installed\0".utf8)) == "libmicrohttpd12 is not installed")
    }
}
