import TagKit

/// `tagproj request`: one request of the library's JSON dialect, answered in it on stdout. What a
/// batch export hands each child, and a way in for scripts that speak JSON.
struct RequestCommand: Command {
    static let spec = CommandSpec(
        name: "request", abstract: tr("Carry out one JSON request and print its JSON answer."),
        positionals: [projectArgument, PositionalSpec(name: "request", help: tr("One request: {\"op\":\"move\",\"id\":1,\"to\":\"0.5,0.5\"}."))],
        options: [],
        discussion: [
            tr("The request is one object of the dialect 'apply' reads and the editor posts: an edit (add, move, flip, edit, delete, set, arrange), undo, redo, restore, export, list, history or info. The answer is one JSON object on stdout: {\"ok\":true,\"op\":…, \"said\":[…],\"notices\":[…],…} with the result's members, or {\"ok\":false,\"error\":…,\"hint\":…,\"meaning\":…} with the usual exit code. Nothing is printed on stderr: what was done and every notice are in the answer."),
        ],
        examples: [#"tagproj request dinner.tagproj '{"op":"move","id":1,"to":"0.5,0.5"}'"#,
                   #"tagproj request dinner.tagproj '{"op":"export","to":"web/dinner.webp","max_size":1080}'"#],
        hidden: true)

    let project: String
    let text: String

    init(_ a: ParsedArguments) throws {
        project = try Self.positional(a, 0)
        text = try Self.positional(a, 1)
        try Self.noExtraPositionals(a)
    }

    func run(_ out: Output) throws {
        let request: Request
        do {
            request = try RequestCodec.request(from: try JSONParser().parse(text))
            if case .export(.memory, _, _) = request { throw RequestCodingError.exportNamesNoOutput }  // the picture would go nowhere
            let (_, answer) = try perform(request, on: project, frontEnd: "request")
            out.line(RequestCodec.json(answer, to: request).text)
        } catch let error as TagProjError {
            out.line(RequestCodec.json(AnswerFailure(error)).text)
            throw AnsweredFailure(exitCode: ExitCode(error.meaning))
        }
    }
}

/// A failure already answered as JSON on stdout: only its exit code is left to give.
struct AnsweredFailure: CommandLineError {
    let exitCode: ExitCode
    var message: String { "" }
    var hint: String? { nil }
}
