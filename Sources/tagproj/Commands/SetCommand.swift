import TagKit

/// `tagproj set`: change a project's settings after `new`, as an undoable history entry.
struct SetCommand: Command {
    static let spec = CommandSpec(
        name: "set", abstract: "Change the currency, price format, font or tag scale; undoable.",
        positionals: [projectArgument],
        options: SettingsOptions.all + [jsonOption],
        discussion: """
            One history entry ('set currency “€”, prices as 12,50 €'), which 'tagproj undo' takes back. Every tag whose label changes is
            measured again and kept inside the photo by the usual rules: its bubble goes to the other side if it no longer fits, and only
            when neither side fits does its dot move; a warning says so. A new --tag-scale places every tag again by the same rules and
            warns about each pair of tags it makes overlap ('tagproj arrange' resolves them). With --json, prints the settings as 'info --json' does.
            """,
        examples: ["tagproj set dinner.tagproj --currency '$'", "tagproj set cafe.tagproj --price-format '12,50 €'",
                   "tagproj set dinner.tagproj --font 'DejaVu Sans:bold'", "tagproj set dinner.tagproj --tag-scale 1.25"])

    let target: ProjectArguments
    let arguments: ParsedArguments

    init(_ a: ParsedArguments) throws {
        target = try ProjectArguments(a, of: Self.self)
        guard SettingsOptions.given(a) else {
            throw UsageError(message: "nothing to set", hint: "pass --currency, --price-format, --font or --tag-scale")
        }
        arguments = a
    }

    func run(_ out: Output) throws {
        let opened = try Project.open(target.project, forWriting: true, frontEnd: "cli")
        let settings = try SettingsOptions.apply(arguments, to: try opened.settings())
        if let substitute = try FontSystem().substitute(for: settings.font) {
            out.warning("font family '\(settings.font)' is not installed; tags will use '\(substitute)' instead")
        }
        let result = try opened.apply(.setSettings(settings), measurer: try Fonts.measurer())
        result.notices.forEach { out.warning($0.text) }
        out.message(result.label)
        if target.json { out.line(try opened.info().json.text) }
    }
}
