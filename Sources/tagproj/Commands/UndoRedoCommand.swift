import TagKit

/// `tagproj undo` and `tagproj redo`: one file, since they differ only in direction.
struct UndoCommand: Command {
    static let spec = stepSpec(name: "undo", abstract: "Undo the last edit (or the last N).",
                               example: "tagproj undo dinner.tagproj --steps 2")
    let step: StepArguments
    init(_ a: ParsedArguments) throws { step = try StepArguments(a, spec: Self.spec) }
    func run(_ out: Output) throws {
        step.report(try Project.open(step.project, forWriting: true).undo(steps: step.steps), verb: "undid", key: "undone", out)
    }
}

/// `tagproj redo`: forward again over undone edits.
struct RedoCommand: Command {
    static let spec = stepSpec(name: "redo", abstract: "Redo the last undone edit (or N of them).",
                               example: "tagproj redo dinner.tagproj")
    let step: StepArguments
    init(_ a: ParsedArguments) throws { step = try StepArguments(a, spec: Self.spec) }
    func run(_ out: Output) throws {
        step.report(try Project.open(step.project, forWriting: true).redo(steps: step.steps), verb: "redid", key: "redone", out)
    }
}

/// The arguments undo and redo share.
struct StepArguments {
    let project: String
    let steps: Int
    let json: Bool

    init(_ a: ParsedArguments, spec: CommandSpec) throws {
        guard let project = a.positionals.first else { throw UsageError(message: "missing argument <project>") }
        guard a.positionals.count == 1 else { throw UsageError(message: "unexpected argument '\(a.positionals[1])'") }
        self.project = project
        steps = try a.value("steps").map { try Values.integer($0, for: "--steps", in: 1...1_000_000) } ?? 1
        json = a.has("json")
    }

    /// `undid add dish #1 “Soup”` on stderr per entry, or `{"undone":[labels]}` on stdout with --json.
    func report(_ labels: [String], verb: String, key: String, _ out: Output) {
        if json {
            out.line(JSON.object([(key, .array(labels.map { .string($0) }))]).text)
        } else {
            labels.forEach { out.message("\(verb) \($0)") }
        }
    }
}

/// The help page of undo or redo.
private func stepSpec(name: String, abstract: String, example: String) -> CommandSpec {
    CommandSpec(
        name: name, abstract: abstract, positionals: [projectArgument],
        options: [OptionSpec(name: "steps", value: "N", help: "How many entries to step over.", defaultValue: "1"), jsonOption],
        discussion: """
            History is linear: undo steps back, redo steps forward, and a new edit after an undo drops
            the entries that could have been redone. Nothing to \(name): exit 1, project unchanged.
            Prints the label of each entry on stderr; with --json, {"\(name == "undo" ? "undone" : "redone")":[labels]} on stdout.
            """,
        examples: [example])
}
