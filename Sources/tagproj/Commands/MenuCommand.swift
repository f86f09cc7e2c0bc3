import Glibc
import TagKit

/// `tagproj menu`: one project per photo, kept in step with a menu file.
///
/// Three steps, so that every error the menu can hold is found before anything is written: read
/// the whole menu (`Menu`), check every photo and plan every project (each photo of a new project
/// decoded once, on every core at once; each batch tried on its project's document), then write
/// project after project, each one transaction and one history entry.
struct MenuCommand: Command {
    static let spec = CommandSpec(
        name: "menu", abstract: tr("Keep one project per photo in step with a menu (CSV or JSON Lines)."),
        positionals: [PositionalSpec(name: "menu", help: tr("The menu: CSV with a header (photo,dish[,price,x,y,side,key]), or JSON Lines; - reads standard input."),
                                     completion: .files(["csv", "jsonl", "json"]))],
        options: [
            OptionSpec(name: .photos, value: "DIR", help: tr("The folder the menu's photos are in."), defaultValue: tr("none, it must be given"),
                       completion: .directories),
            OptionSpec(name: .projects, value: "DIR", help: tr("The folder of the projects, NAME.tagproj for NAME.jpg (made if missing)."),
                       defaultValue: tr("none, it must be given"),
                       completion: .directories),
            OptionSpec(name: .prune, value: nil, help: tr("Delete the dish tags no row of the menu matches.")),
        ] + NewCommand.projectOptionSpecs + [jsonOption],
        discussion: [
            tr("Each row is a dish on a photo: 'photo' names a file inside --photos (mains/duck.jpg is fine, ../duck.jpg is not), 'dish' its name; 'price' its price, 'x','y' where its dot goes when it is added (fractions or px; empty: free space), 'side' left or right, 'key' what identifies the dish across versions of the menu (default: the dish's name). Any other column is an error. A file whose first character is '{' is JSON Lines, one object per row with the same names ({\"photo\":\"duck.jpg\",\"dish\":\"Roast duck\",\"price\":38}); anything else is CSV."),
            tr("For each photo, NAME.tagproj in --projects is created if missing (as 'tagproj new' makes it, with the crop and settings options given here), and its tags are made to say what the rows say: a dish not there yet is added, a changed name or price is edited, a tag the user moved or flipped stays where it is (x, y and side are used only to add). A row finds its tag by its key: the tag the menu gave that key last time (remembered in the project itself, written with the menu's edits, so a dish renamed in the editor is still that dish, in a copy of the project too), else a dish tag with the row's name. Without a key column the name is the key, so a dish renamed in the menu is a new dish (the old one stays unless --prune); with one, it is renamed. With --prune, every dish tag no row matches is deleted; price tags of their own are left alone."),
            tr("Each project changes in one transaction and one history entry ('menu: 2 prices changed, 1 dish added (menu.csv)'); a project that already says what the menu says is not written at all, so running the same menu again records nothing. Every error of the menu is found before anything is written, naming its line: a missing photo (exit 66), a photo outside --photos, two files that would be one project (duck.jpg and duck.png), a key twice on one photo, a bad price, side or position (exit 64), a photo that is no picture (65), a dish whose tag cannot fit. Should a project still fail while it is written, it is left as it was (a project made for it is removed), the projects before it stay done, the rest are not touched, and the error says which were done; run the menu again once it is fixed. Prints one line per project (created / N changes / unchanged); with --json, one object."),
        ],
        examples: ["tagproj menu menu.csv --photos photos --projects menu",
                   "tagproj menu menu.csv --photos photos --projects menu --prune --currency '$'",
                   "tagproj menu menu.jsonl --photos photos --projects menu --json"])

    let file: String
    let photos: String
    let projects: String
    let prune: Bool
    let json: Bool
    let options: NewProjectOptions

    init(_ a: ParsedArguments) throws {
        file = try Self.positional(a, 0)
        try Self.noExtraPositionals(a)
        guard let photos = a.value(.photos) else {
            throw UsageError(message: tr("missing option --photos DIR"), hint: tr("the folder the menu's photos are in"))
        }
        guard let projects = a.value(.projects) else {
            throw UsageError(message: tr("missing option --projects DIR"), hint: tr("the folder of the projects"))
        }
        (self.photos, self.projects) = (photos, projects)
        prune = a.has(.prune)
        json = a.has(.json)
        options = try NewCommand.projectOptions(a)
    }

    /// The menu's name in errors and history labels: its base name (`menu.csv`).
    var source: String { file == "-" ? "standard input" : FileIO.baseName(of: file) }

    func run(_ out: Output) throws {
        let bytes = file == "-" ? try ApplyCommand.readStandardInput() : try FileIO.readInput(file, limit: Menu.maximumBytes)
        guard let text = String(validating: bytes, as: UTF8.self) else { throw UsageError(message: tr("'{file}' is not UTF-8 text", ["file": file])) }
        if FileIO.exists(projects) && !FileIO.isDirectory(projects) { throw UsageError(message: tr("--projects: '{folder}' is not a folder", ["folder": projects])) }
        if !FileIO.isDirectory(photos) {
            throw FileError(path: photos, errno: FileIO.exists(photos) ? ENOTDIR : ENOENT, operation: .read)
        }
        let sync = MenuSync(menu: try Menu.parse(text, source: source), source: source, photos: photos, projects: projects, prune: prune,
                            options: options)
        let fonts = try FontSystem()
        let (jobs, problem) = try sync.plan(fonts: fonts)
        if let problem { out.warning(problem) }
        let outcomes: [MenuSync.Outcome]
        do {
            outcomes = try sync.carryOut(jobs, fonts: fonts)
        } catch let error as MenuSyncError {
            // What was done is said as it would have been, then the error and how far it got.
            report(error.done, out)
            throw MenuFailure(error)
        }
        report(outcomes, out)
    }

    /// One line per project on stdout (`duck.tagproj: 1 price changed`), or one JSON object; the
    /// notices on stderr, each naming its project, but for a font not installed, which every
    /// project made in the run shares and which is said once.
    private func report(_ outcomes: [MenuSync.Outcome], _ out: Output) {
        var saidOnce: [String] = []
        for outcome in outcomes {
            for notice in outcome.notices {
                let text: String
                if case .fontSubstituted = notice {
                    guard !saidOnce.contains(notice.message) else { continue }
                    saidOnce.append(notice.message)
                    text = notice.message
                } else {
                    // TRANSLATORS: a notice about one project of a menu.
                    text = tr("{project}: {notice}", ["project": outcome.name, "notice": notice.message])
                }
                if let line = out.noticeLine(notice.severity, text) { Output.stderr(line + "\n") }
            }
        }
        if json {
            out.line(JSON.object([("projects", .array(outcomes.map { outcome in
                .object([("project", .string(outcome.name)), ("path", .string(outcome.path)),
                         ("status", .string(outcome.created ? "created" : outcome.counts.isEmpty ? "unchanged" : "changed")),
                         ("prices_changed", .integer(Int64(outcome.counts.prices))), ("dishes_renamed", .integer(Int64(outcome.counts.texts))),
                         ("dishes_added", .integer(Int64(outcome.counts.added))), ("dishes_deleted", .integer(Int64(outcome.counts.deleted))),
                         ("entry", outcome.label.map(JSON.string) ?? .null)])
            })), ("changed", .integer(Int64(outcomes.filter { $0.label != nil }.count)))]).text)
        } else {
            for outcome in outcomes { out.line("\(outcome.name): \(outcome.summary)") }
        }
    }
}

/// A menu that failed on one project: the error, and a note saying which projects were done.
private struct MenuFailure: CommandLineError {
    let message: String
    let hint: String?
    let exitCode: ExitCode

    init(_ error: MenuSyncError) {
        message = error.message
        hint = error.progress
        exitCode = ExitCode(error.meaning)
    }
}
