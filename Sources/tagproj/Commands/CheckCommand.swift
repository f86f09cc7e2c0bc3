import TagKit

/// `tagproj check`: is the project sound?
struct CheckCommand: Command {
    static let spec = CommandSpec(
        name: "check", abstract: tr("Verify the project file and its history."),
        positionals: [projectArgument], options: [jsonOption],
        discussion: [
            tr("Runs SQLite's quick_check, checks every row, and replays every branch of the history tree from the empty start, verifying that each entry fits the state its parent left and that the current entry's state is exactly the stored tags and settings; a damaged entry is named. Every embedded font subset is opened with export's checks. Prints \"ok\" (with --json, {\"ok\":true,\"damaged_history_fonts\":[]}). When anything is wrong: every problem is reported, the first as the error line and each further one as a note, exit 65 (with --json, {\"ok\":false,\"problems\":[...]} on stdout). The schema is compared with the one the migrations make: a table without its CHECKs would hold any row. A damaged subset that only earlier history states are drawn with is a warning naming those entries (exit 0; --json lists it): the project works now, and export refuses those states until `set --refresh-fonts` embeds their fonts again."),
        ],
        examples: ["tagproj check dinner.tagproj", "tagproj check dinner.tagproj --json"])

    let target: ProjectArguments

    init(_ a: ParsedArguments) throws { target = try ProjectArguments(a, of: Self.self) }

    func run(_ out: Output) throws {
        let damaged: [DamagedHistoryFont]
        do {
            damaged = try Project.open(target.project, forWriting: false).check()
        } catch let found as CheckProblems {
            // The first problem is the error line (with its hint), every further one a note after it.
            if target.json {
                out.line(JSON.object([("ok", .bool(false)), ("problems", .array(found.problems.map { .string($0.message) }))]).text)
            }
            throw found
        }
        for font in damaged { out.warning(font.message) }
        // TRANSLATORS: what check prints when the project is sound.
        guard target.json else { return out.line(tr("ok")) }
        let warnings = damaged.map { font in
            JSON.object([("family", .string(font.error.family)), ("reason", .string(font.error.reason)),
                         ("states", .array(font.states.map { .integer($0) }))])
        }
        out.line(JSON.object([("ok", .bool(true)), ("damaged_history_fonts", .array(warnings))]).text)
    }
}
