import Glibc
import TagKit

/// `tagproj history`: the current branch of the edits, or the whole tree, with the cursor.
struct HistoryCommand: Command {
    static let spec = CommandSpec(
        name: "history", abstract: tr("Show the edit history (--tree: every branch) and which entry is current."),
        positionals: [projectArgument],
        options: [OptionSpec(name: .tree, value: nil, help: tr("Draw every branch of the history, not only the current one.")),
                  OptionSpec(name: .all, value: nil, help: tr("The same as --tree.")), jsonOption],
        discussion: [
            tr("Each line: the entry's seq, when it was made (local time; '-' for entries made before tagproj recorded times), who made it and from which front end (cli, apply, editor), and what it did. '>' marks the current entry (0: the empty start). Without --tree, the entries from the start to the current one, then those redo would apply, marked '(undone)'. With --tree, every entry, oldest first: where several continue from one entry, each older branch is drawn first, one column in under '├─', and the newest continues below. Past ten columns the graph is folded: '│  … (+7990) ├─' stands for 7,990 columns left out, so no line grows with the tree's depth."),
            tr("With --json, {\"entries\":[{\"seq\",\"label\",\"undone\",\"parent\",\"time_ms\",\"user\",\"front_end\"}],\"cursor\"}: the current branch, or with --tree every entry in seq order (undone: not part of the current state). parent 0 is the empty start; time_ms is milliseconds since 1970 (UTC), or null."),
        ],
        examples: ["tagproj history dinner.tagproj", "tagproj history dinner.tagproj --tree", "tagproj history dinner.tagproj --json"])

    let target: ProjectArguments
    let tree: Bool

    init(_ a: ParsedArguments) throws {
        target = try ProjectArguments(a, of: Self.self)
        tree = a.has(.tree) || a.has(.all)
    }

    func run(_ out: Output) throws {
        guard case .history(let log) = try perform(.history(tree: tree), on: target.project).answer.result else { return }
        if target.json {
            out.line(log.json.text)
            return
        }
        if log.items.isEmpty { out.line(tr("(no edits yet)")); return }
        let rows = tree ? HistoryGraph.rows(log) : [HistoryGraph.Row(lead: "", item: nil)] + log.items.map { HistoryGraph.Row(lead: "", item: $0) }
        for row in rows {
            let current = (row.item?.seq ?? 0) == log.cursor
            // The start gets a line in the tree, and in a branch only when it is current.
            guard row.item != nil || tree || current else { continue }
            var line = (current ? "> " : "  ") + row.lead + pad(String(row.item?.seq ?? 0), 5)
            if let item = row.item {
                line += pad(Self.time(item.origin.timeMS), 18) + pad(Self.who(item.origin), 16) + item.label.description
            } else {
                // TRANSLATORS: the history's entry 0, before the first edit.
                line += tr("(start)")
            }
            if current {
                out.line(line, .green)
            } else if row.item?.undone == true {
                // TRANSLATORS: a history line of an entry that is undone (redo would apply it again).
                out.line(tree ? line : tr("{line}  (undone)", ["line": line]), .dim)
            } else {
                out.line(line)
            }
        }
    }

    /// `2026-12-01 12:14` in local time, or `-` for an entry without a time.
    static func time(_ ms: Int64?) -> String {
        guard let ms else { return "-" }
        var seconds = time_t(ms / 1000)
        var parts = tm()
        guard localtime_r(&seconds, &parts) != nil else { return "-" }
        func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday)) \(two(parts.tm_hour)):\(two(parts.tm_min))"
    }

    /// `ana/cli`, or `-` for an entry that does not say.
    static func who(_ origin: EntryOrigin) -> String {
        switch (origin.user, origin.frontEnd) {
        case let (user?, frontEnd?): return "\(user)/\(frontEnd)"
        case let (user?, nil): return user
        case let (nil, frontEnd?): return frontEnd
        case (nil, nil): return "-"
        }
    }
}
