import TagKit

/// `tagproj undo` and `tagproj redo`: one file, since they differ only in direction.
struct UndoCommand: Command {
    static let spec = stepSpec(name: "undo", abstract: "Undo the last edit (or the last N).",
                               example: "tagproj undo dinner.tagproj --steps 2")
    let step: StepArguments
    init(_ a: ParsedArguments) throws { step = try StepArguments(a, spec: Self.spec) }
    func run(_ out: Output) throws {
        for label in try Project.open(step.project, forWriting: true).undo(steps: step.steps) { out.message("undid \(label)") }
    }
}

struct RedoCommand: Command {
    static let spec = stepSpec(name: "redo", abstract: "Redo the last undone edit (or N of them).",
                               example: "tagproj redo dinner.tagproj")
    let step: StepArguments
    init(_ a: ParsedArguments) throws { step = try StepArguments(a, spec: Self.spec) }
    func run(_ out: Output) throws {
        for label in try Project.open(step.project, forWriting: true).redo(steps: step.steps) { out.message("redid \(label)") }
    }
}

/// The arguments undo and redo share.
struct StepArguments {
    let project: String
    let steps: Int

    init(_ a: ParsedArguments, spec: CommandSpec) throws {
        guard let project = a.positionals.first else { throw UsageError(message: "missing argument <project>") }
        guard a.positionals.count == 1 else { throw UsageError(message: "unexpected argument '\(a.positionals[1])'") }
        self.project = project
        steps = try a.value("steps").map { try Values.integer($0, for: "--steps", in: 1...1_000_000) } ?? 1
    }
}

private func stepSpec(name: String, abstract: String, example: String) -> CommandSpec {
    CommandSpec(
        name: name, abstract: abstract, positionals: [projectArgument],
        options: [OptionSpec(name: "steps", value: "N", help: "How many entries to step over.", defaultValue: "1")],
        discussion: """
            History is linear: undo steps back, redo steps forward, and a new edit after an undo drops
            the entries that could have been redone. Nothing to \(name): exit 1, project unchanged.
            """,
        examples: [example])
}
