import CShims
import TagKit

/// `tagproj demo`: the whole job on the bundled photo.
struct DemoCommand: Command {
    static let spec = CommandSpec(
        name: "demo", abstract: tr("Tag the bundled sample photo and export it, end to end."),
        positionals: [PositionalSpec(name: "dir", help: tr("Where to write the files."), optional: true, completion: .directories)],
        options: [jsonOption],
        discussion: [
            tr("Writes DIR/coffee.png (the sample photo, CC0, carried inside tagproj), makes DIR/coffee.tagproj from it, adds and edits a few tags, and exports DIR/coffee-tagged.jpg and DIR/coffee-tagged.png. DIR defaults to ./tagproj-demo. Prints each picture written; with --json, {\"files\":[…]} as export --json describes each."),
        ],
        examples: ["tagproj demo", "tagproj demo /tmp/demo"])

    let dir: String
    let json: Bool

    init(_ a: ParsedArguments) throws {
        try Self.noExtraPositionals(a)
        dir = a.positionals.first ?? "tagproj-demo"
        json = a.has(.json)
    }

    func run(_ out: Output) throws {
        try FileIO.makeDirectory(dir)
        var length = 0
        let bytes = Array(UnsafeBufferPointer(start: tp_demo_photo(&length), count: length))
        let photo = dir + "/coffee.png"
        try FileIO.write(bytes, to: photo)
        var options = NewProjectOptions()
        options.force = true
        let fonts = try FontSystem()
        let (project, made) = try Project.perform(Creation(path: dir + "/coffee.tagproj", photo: .file(photo), options: options), fonts: fonts)
        out.notices(made.notices)
        _ = try project.perform(.add(kind: .dish, text: "拿铁 Flat white", at: Position(NormalizedPoint(x: 0.34, y: 0.36)), side: .right), fonts: fonts)
        _ = try project.perform(.add(kind: .price, text: "28", at: Position(NormalizedPoint(x: 0.71, y: 0.52)), side: .right), fonts: fonts)
        _ = try project.perform(.add(kind: .dish, text: "Espresso beans", at: Position(NormalizedPoint(x: 0.12, y: 0.86)), side: nil), fonts: fonts)
        _ = try project.perform(.flip(TagID(2)))
        _ = try project.perform(.move(TagID(3), .by(Position(x: .fraction(0.04), y: .fraction(-0.03)))))
        for line in try project.history().items { out.message("  \(line.seq)  \(line.label)") }
        var files: [JSON] = []
        for name in ["coffee-tagged.jpg", "coffee-tagged.png"] {
            let answer = try project.perform(.export(to: .file(dir + "/" + name), options: ExportOptions(), at: nil), fonts: fonts)
            guard case .exported(let result, _) = answer.result else { preconditionFailure("an export answers .exported") }
            out.notices(answer.notices)
            files.append(result.json(path: dir + "/" + name))
            if !json {
                out.line(tr("{path}  ({width}×{height}, {bytes} bytes)",
                            ["path": dir + "/" + name, "width": result.size.width, "height": result.size.height, "bytes": result.bytes]))
            }
        }
        if json { out.line(JSON.object([("files", .array(files))]).text) }
    }
}
