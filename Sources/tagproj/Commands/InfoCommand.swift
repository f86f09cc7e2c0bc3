import TagKit

/// `tagproj info`: what the project holds.
struct InfoCommand: Command {
    static let spec = CommandSpec(
        name: "info", abstract: "Show the picture, settings and counts of a project.",
        positionals: [projectArgument], options: [jsonOption],
        examples: ["tagproj info dinner.tagproj --json"])

    let project: String
    let json: Bool

    init(_ a: ParsedArguments) throws {
        project = try Self.positional(a, 0)
        try Self.noExtraPositionals(a)
        json = a.has("json")
    }

    func run(_ out: Output) throws {
        let i = try Project.open(project, forWriting: false).info()
        let crop = JSON.object([("x", .number(i.crop.x)), ("y", .number(i.crop.y)), ("width", .number(i.crop.width)),
                                ("height", .number(i.crop.height))])
        if json {
            out.line(JSON.object([
                ("width", .integer(Int64(i.width))), ("height", .integer(Int64(i.height))), ("format", .string(i.format)),
                ("tags", .integer(Int64(i.tags))), ("history", .integer(Int64(i.historyEntries))),
                ("cursor", .integer(i.cursor)), ("stored_width", .integer(Int64(i.storedWidth))),
                ("stored_height", .integer(Int64(i.storedHeight))), ("orientation", .integer(Int64(i.orientation))),
                ("crop", crop), ("icc_profile", .bool(i.hasICC)), ("source_bytes", .integer(Int64(i.sourceBytes))),
                ("currency", .string(i.settings.currency)), ("font", .string(i.settings.font)),
                ("schema_version", .integer(Int64(i.schemaVersion))),
            ]).text)
            return
        }
        out.line("picture:      \(i.width)×\(i.height) (\(i.format), stored \(i.storedWidth)×\(i.storedHeight), orientation \(i.orientation))")
        out.line("crop:         " + (i.crop == .full ? "none" : "\(i.crop.x),\(i.crop.y) \(i.crop.width)×\(i.crop.height)"))
        out.line("icc profile:  \(i.hasICC ? "yes" : "no")")
        out.line("source:       \(i.sourceBytes) bytes")
        out.line("currency:     \(i.settings.currency)")
        out.line("font:         \(i.settings.font.isEmpty ? "(default sans-serif)" : i.settings.font)")
        out.line("tags:         \(i.tags)")
        out.line("history:      \(i.historyEntries) entries, cursor at \(i.cursor)")
        out.line("schema:       version \(i.schemaVersion)")
    }
}
