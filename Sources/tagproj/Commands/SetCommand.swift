import TagKit

/// `tagproj set`: change a project's settings after `new`, as an undoable history entry.
struct SetCommand: Command {
    static let spec = CommandSpec(
        name: "set", abstract: tr("Change the currency, price format, font, language, tag scale or crop, or re-embed the fonts; undoable."),
        positionals: [projectArgument],
        options: SettingsOptions.all + [SettingsOptions.crop(defaultValue: tr("unchanged"), none: true), refreshFonts, jsonOption],
        discussion: [
            tr("One history entry ('set currency “€”, prices as 12,50 €'), which 'tagproj undo' takes back. Every tag whose label changes is measured again and kept inside the photo by the usual rules: its bubble goes to the other side if it no longer fits, and only when neither side fits does its dot move; a warning says so. A new --tag-scale places every tag again by the same rules and warns about each pair of tags it makes overlap, up to 100 ('tagproj arrange' resolves them). A new --font or --language measures every tag again: the language picks the fonts and the glyph forms (骨 in its Chinese or Japanese form). A new --crop keeps every dot on its point of the photo (its fractions taken again of the new picture) and places every tag again by the same rules; a square or W:H is centred on the whole photo, as at 'new'. A crop that would cut a dot off is refused (exit 1), naming the tags, and the project is unchanged. With --json, prints the settings as 'info --json' does. A project carries the subsets of the fonts its tags are drawn with, cut at every edit that sets text; --refresh-fonts cuts them again from the installed fonts for every tag (measuring and placing each again), as one entry: what a project made before subsets needs once, or one whose embedded font is damaged."),
        ],
        examples: ["tagproj set dinner.tagproj --currency '$'", "tagproj set cafe.tagproj --price-format '12,50 €'",
                   "tagproj set dinner.tagproj --font 'DejaVu Sans:bold'", "tagproj set dinner.tagproj --language zh-Hant",
                   "tagproj set dinner.tagproj --tag-scale 1.25",
                   "tagproj set dinner.tagproj --crop 4:5", "tagproj set dinner.tagproj --crop none",
                   "tagproj set old.tagproj --refresh-fonts"])

    static var refreshFonts: OptionSpec { OptionSpec(name: .refreshFonts, value: nil,
                                         help: tr("Re-resolve every tag's fonts from the installed ones and embed their subsets again.")) }

    let target: ProjectArguments
    /// What is asked for: the settings given, or a refresh of the fonts.
    let request: Request

    init(_ a: ParsedArguments) throws {
        target = try ProjectArguments(a, of: Self.self)
        let given = SettingsOptions.given(a) || a.has(.crop)
        guard given || a.has(.refreshFonts) else {
            throw UsageError(message: tr("nothing to set"), hint: tr("pass --currency, --price-format, --font, --language, --tag-scale, --crop or --refresh-fonts"))
        }
        if given && a.has(.refreshFonts) {
            throw UsageError(message: tr("--refresh-fonts is a step of its own"), hint: tr("run 'tagproj set' once with the settings, then with --refresh-fonts"))
        }
        var change = try SettingsOptions.change(a)
        change.crop = try SettingsOptions.cropChoice(a)
        request = a.has(.refreshFonts) ? .refreshFonts : .set(change)
    }

    func run(_ out: Output) throws {
        let (opened, answer) = try perform(request, on: target.project)
        out.notices(answer.notices)
        answer.said.forEach(out.message)
        if target.json { out.line(try opened.info().json.text) }
    }
}
