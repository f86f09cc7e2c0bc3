import TagKit
import TagProjEditor

/// `tagproj new`: a project from a photo.
struct NewCommand: Command {
    static let spec = CommandSpec(
        // TRANSLATORS: {formats} is a list of formats such as "JPEG, PNG or WebP".
        name: "new", abstract: tr("Create a project from a {formats} photo.", ["formats": formatList(Codecs.readable, or: true)]),
        positionals: [projectArgument, PositionalSpec(name: "image", help: tr("The photo ({formats}, recognised by content).",
                                                                             ["formats": formatList(Codecs.readable, or: true)]),
                                                      completion: .files(Codecs.readable.flatMap(\.suffixes).flatMap { [$0, $0.uppercased()] }))],
        options: projectOptionSpecs + [
            OptionSpec(name: .force, value: nil, help: tr("Replace an existing tagproj project at <project> (nothing else).")),
            jsonOption,
        ],
        discussion: [
            tr("The photo's bytes are stored in the project unchanged. The whole picture is decoded once, its pixels discarded as they come, so a damaged file is refused here, naming it; its size, EXIF orientation and ICC profile come from its headers. HEIC and AVIF are shown as their own rotation and mirroring (irot, imir) say, and an EXIF orientation inside them is not applied on top; an animated WebP is refused (tagproj reads still pictures). The project starts with no tags and an empty history. Without --currency or --price-format, prices are written as the user's locale writes them (LC_ALL, LC_MONETARY or LANG: its symbol, before or after the amount, the space, the decimal separator; ¥12.50 where it has none, as C and POSIX), unless the config file sets them ('tagproj config'); a flag beats the config file, which beats the locale. Without --language, the text's language is the locale's (LC_ALL, LC_CTYPE or LANG: zh_CN is zh-Hans, zh_TW and zh_HK zh-Hant, ja_JP ja, ko_KR ko, others their language; und for C and POSIX), unless the config file sets it. 'tagproj info' says where each setting came from. Once 'tagproj open' has been used on this machine, the view of the photo it will show first (at the size of the window it remembers, in $XDG_STATE_HOME/tagproj/editor-room) is drawn now and kept in the project, so its first open need not decode the photo. Says \"created …\" on stderr; with --json, prints what 'tagproj info --json' would."),
        ],
        examples: ["tagproj new dinner.tagproj photo.jpg", "tagproj new menu.tagproj dish.png --crop square --currency '$'",
                   "tagproj new story.tagproj dish.jpg --crop 4:5",
                   "tagproj new cafe.tagproj latte.jpg --price-format '12,50 €'",
                   "tagproj new ramen.tagproj ramen.jpg --language ja"])

    let project: String
    let image: String
    var options = NewProjectOptions()
    let json: Bool

    init(_ a: ParsedArguments) throws {
        project = try Self.positional(a, 0)
        image = try Self.positional(a, 1)
        try Self.noExtraPositionals(a)
        if project == image || FileIO.sameFile(project, image) {
            throw UsageError(message: tr("the project and the photo are the same file '{file}'", ["file": image]),
                             hint: tr("the project is a new file: did you mean 'tagproj new {project} {photo}'?",
                                      ["project": Self.projectName(for: image), "photo": image]))
        }
        options = try Self.projectOptions(a)
        options.force = a.has(.force)
        json = a.has(.json)
    }

    func run(_ out: Output) throws {
        // The pixels the check decodes are kept when they will serve the first view drawn below.
        var options = options
        options.keepsPicture = EditorRoom.willPrepareFirstView
        let (created, answer): (Project, Answer)
        do {
            (created, answer) = try Project.perform(Creation(path: project, photo: .file(image), options: options))
        } catch let error as ProjectError {
            // A photo where the project should go: the arguments look swapped.
            guard case .occupied(_, .image) = error else { throw error }
            throw HintedError(error, hint: tr("did you mean 'tagproj new {project} {photo}'?", ["project": Self.projectName(for: image), "photo": project]))
        }
        out.notices(answer.notices)
        // Once the editor has been used here, its first view of the photo is drawn now, while
        // nothing else wants the cores, instead of while the browser loads the page.
        EditorRoom.prepareFirstView(ofProjectAt: project, picture: created.pictureDecodedAtCreation)
        answer.said.forEach(out.message)
        // Read again: the facts include the first view kept just now.
        if json { out.line(try created.info().json.text) }
    }

    /// The options that say how a project is made (crop, settings, pixel limit): `new`'s, and
    /// `menu`'s for the projects it creates.
    static var projectOptionSpecs: [OptionSpec] { [
        SettingsOptions.crop(defaultValue: tr("the whole photo"), none: false),
        SettingsOptions.currency, SettingsOptions.font, SettingsOptions.language, SettingsOptions.priceFormat, SettingsOptions.tagScale,
        OptionSpec(name: .maxPixels, value: "N", help: tr("Refuse photos larger than this."), defaultValue: "100000000"),
    ] }

    /// How a project is made, from `projectOptionSpecs` and, where they say nothing, the user's
    /// defaults: the one place `new` and `menu` both take it from, so both make the same project.
    static func projectOptions(_ a: ParsedArguments) throws -> NewProjectOptions {
        var options = NewProjectOptions()
        if let crop = try SettingsOptions.cropChoice(a) { options.crop = crop }
        // Flag, then config file, then locale, then tagproj's default, each setting on its own
        // (ProjectDefaults), by TagKit's rules (ProjectSettings.validated), before any file is read.
        let defaults = try ProjectDefaults.resolve(flags: try SettingsOptions.change(a), environment: ProcessEnvironment.current())
        (options.settings, options.origins) = (defaults.settings, defaults.origins)
        if let max = a.value(.maxPixels) {
            options.maxPixels = try Values.integer(max, for: "--max-pixels", in: 1...4_000_000_000)
        }
        return options
    }

    /// `photo.tagproj` for `photo.jpg`; a name that already ends in `.tagproj` as it is.
    static func projectName(for path: String) -> String {
        path.hasSuffix(".tagproj") ? path : FileIO.removingSuffix(path) + ".tagproj"
    }
}

/// A TagKit error reported with a hint that only `new` can give, as it knows the arguments.
private struct HintedError: CommandLineError {
    let message: String
    let hint: String?
    let exitCode: ExitCode

    init(_ error: TagProjError, hint: String) {
        message = error.message
        self.hint = hint
        exitCode = ExitCode(error.meaning)
    }
}
