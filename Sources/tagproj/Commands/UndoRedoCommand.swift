import TagKit

/// `tagproj undo`: back to the parent entry (or N of them), or with `--to N` a jump to any state.
struct UndoCommand: Command {
    static let spec = stepSpec(
        name: "undo", abstract: tr("Undo the last edit (or the last N), or go back to any entry's state."),
        extra: [OptionSpec(name: .to, value: "N", help: tr("Jump to entry N's state (0: the empty start) as one new, undoable entry."),
                           defaultValue: tr("none"))],
        examples: ["tagproj undo dinner.tagproj --steps 2", "tagproj undo dinner.tagproj --to 3"])
    let step: StepArguments
    /// `--to N`: a jump instead of steps.
    let target: Int64?

    init(_ a: ParsedArguments) throws {
        step = try StepArguments(a, spec: Self.spec)
        target = try a.value(.to).map { Int64(try Values.integer($0, for: "--to", in: 0...Int.max)) }
        if target != nil, a.value(.steps) != nil { throw UsageError(message: tr("--to and --steps cannot be combined")) }
    }

    func run(_ out: Output) throws {
        if let target {
            RestoreCommand.report(try perform(.restore(to: target), on: step.project).answer, project: step.project, json: step.json, out)
        } else {
            step.report(try perform(.undo(steps: step.steps), on: step.project).answer, out)
        }
    }
}

/// `tagproj redo`: forward again along the newest branch.
struct RedoCommand: Command {
    static let spec = stepSpec(name: "redo", abstract: tr("Redo the last undone edit (or N of them)."), extra: [],
                               examples: ["tagproj redo dinner.tagproj"])
    let step: StepArguments
    init(_ a: ParsedArguments) throws { step = try StepArguments(a, spec: Self.spec) }
    func run(_ out: Output) throws {
        step.report(try perform(.redo(steps: step.steps), on: step.project).answer, out)
    }
}

/// The arguments undo and redo share.
struct StepArguments {
    let project: String
    let steps: Int
    let json: Bool

    init(_ a: ParsedArguments, spec: CommandSpec) throws {
        guard let project = a.positionals.first else { throw UsageError(message: tr("missing argument <{name}>", ["name": "project"])) }
        guard a.positionals.count == 1 else { throw UsageError(message: tr("unexpected argument '{argument}'", ["argument": a.positionals[1]])) }
        self.project = project
        steps = try a.value(.steps).map { try Values.integer($0, for: "--steps", in: 1...1_000_000) } ?? 1
        json = a.has(.json)
    }

    /// `undid add dish #1 “Soup”` on stderr per entry, then a `note:` per notice (another branch
    /// continues here; the entry undone was someone else's); with --json,
    /// `{"undone":[labels],"notices":[…]}` on stdout.
    func report(_ answer: Answer, _ out: Output) {
        if json {
            let (key, labels): (String, [EntryLabel]) = switch answer.result {
            case .undone(let labels): ("undone", labels)
            case .redone(let labels): ("redone", labels)
            default: ("done", [])
            }
            out.line(JSON.object([(key, .array(labels.map { .string($0.stored) })), ("notices", .array(answer.notices.map(\.json)))]).text)
        } else {
            answer.said.forEach(out.message)
        }
        out.notices(answer.notices, branchHint: "tagproj history \(project) --tree")
    }
}

/// The help page of undo or redo.
private func stepSpec(name: String, abstract: String, extra: [OptionSpec], examples: [String]) -> CommandSpec {
    CommandSpec(
        name: name, abstract: abstract, positionals: [projectArgument],
        options: [OptionSpec(name: .steps, value: "N", help: tr("How many entries to step over."), defaultValue: "1")] + extra + [jsonOption],
        discussion: name == "undo" ? [
            tr("The history is a tree: undo goes back to the entry the last one was applied on top of, redo forward along the newest entry continuing from here, and an edit after an undo starts a new branch beside the old one, which is kept (tagproj history --tree shows them all). Redo says when another branch continues from where it passes; undo says when the entry it undoes was made by another user, from another front end, or in another shell. Nothing to undo: exit 1, project unchanged. Prints the label of each entry on stderr; with --json, {\"undone\":[labels],\"notices\":[…]} on stdout."),
            tr("With --to N, the project goes to the state of entry N (0: the empty start; see tagproj history) as one new entry labelled 'restore #N' (the same as tagproj restore), so undo comes back."),
        ] : [
            tr("The history is a tree: undo goes back to the entry the last one was applied on top of, redo forward along the newest entry continuing from here, and an edit after an undo starts a new branch beside the old one, which is kept (tagproj history --tree shows them all). Redo says when another branch continues from where it passes; undo says when the entry it undoes was made by another user, from another front end, or in another shell. Nothing to redo: exit 1, project unchanged. Prints the label of each entry on stderr; with --json, {\"redone\":[labels],\"notices\":[…]} on stdout."),
        ],
        examples: examples)
}
