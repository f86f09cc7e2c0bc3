import Glibc
import TagKit

/// `tagproj export`: the finished picture, or many projects' pictures at once with `--out-dir`.
struct ExportCommand: Command {
    static let spec = CommandSpec(
        // TRANSLATORS: {formats} is a list of formats such as "JPEG, PNG or WebP".
        name: "export", abstract: tr("Render the picture with its tags as {formats} (many projects: --out-dir).",
                                     ["formats": formatList(Codecs.writable, or: true)]),
        positionals: [projectArgument,
                      // TRANSLATORS: {names} lists a file name of each format written: out.jpg, out.png, out.webp, out.avif.
                      PositionalSpec(name: "output", help: tr("{names}, or - for standard output.", ["names": outputNames]), completion: .files([]))],
        options: [
            OptionSpec(name: .format, value: formatChoices, help: tr("The format."),
                       defaultValue: tr("from the output's suffix; jpeg with --out-dir"), completion: .choices(formatNames)),
            OptionSpec(name: .quality, value: "1-100",
                       help: tr("JPEG, WebP or AVIF quality (one scale; PNG is lossless); JPEG to JPEG, it implies --reencode."),
                       defaultValue: "92"),
            OptionSpec(name: .reencode, value: nil, help: tr("JPEG to JPEG: decode and encode the whole picture, not only the tags' blocks.")),
            OptionSpec(name: .scale, value: "S", help: tr("Multiply both sides by S."), defaultValue: tr("1, full resolution")),
            OptionSpec(name: .width, value: "W", help: tr("Make the picture W pixels wide."), defaultValue: tr("full resolution")),
            OptionSpec(name: .height, value: "H", help: tr("Make the picture H pixels high."), defaultValue: tr("full resolution")),
            OptionSpec(name: .maxSize, value: "N", help: tr("Fit the picture inside N×N; never enlarge."), defaultValue: tr("full resolution")),
            OptionSpec(name: .size, value: "WxH", help: tr("Fit the picture inside W×H; never enlarge."), defaultValue: tr("full resolution")),
            OptionSpec(name: .lossless, value: nil, help: tr("Encode WebP losslessly (PNG always is; JPEG and AVIF cannot).")),
            OptionSpec(name: .dpi, value: "N", help: tr("Write N dots per inch (JPEG density, PNG pHYs; WebP and AVIF have none)."),
                       defaultValue: tr("none")),
            OptionSpec(name: .maxPixels, value: "N", help: tr("Refuse sources or outputs larger than this."), defaultValue: "100000000"),
            atOption,
            // TRANSLATORS: {names} lists the file names written: NAME.jpg, NAME.png, NAME.webp, NAME.avif.
            OptionSpec(name: .outDir, value: "DIR", help: tr("Export every project given into DIR, as {names} (by --format).",
                                                            ["names": Codecs.writable.compactMap { $0.suffixes.first.map { "NAME." + $0 } }.joined(separator: ", ")]),
                       defaultValue: tr("none: one project to <output>"), completion: .directories),
            OptionSpec(name: .jobs, value: "N", help: tr("With --out-dir: how many exports run at once."),
                       defaultValue: tr("the number of online cores")),
            jsonOption,
        ],
        discussion: [
            tr("Full resolution by default: the photo with its orientation and crop applied. Tags are drawn at the output's own resolution. The file is written beside its target and renamed into place when complete. The ICC profile is kept; other metadata (location too) is not copied. A JPEG photo exported as JPEG at full size is lossless outside the tags: only the 8×8 blocks under the tags are re-encoded, with the photo's own quantization tables; the other blocks are copied bit for bit, or, when the photo's Huffman tables cannot code the tags (tables optimized for the photo), coded again with new tables, their coefficients kept. A greyscale photo keeps its blocks as its luma and gains colour where its tags have colour. --reencode or --quality asks for the classic decode–draw–encode path. --at N draws the tags as they were at history entry N (see tagproj history --tree) without changing the project. With --json, prints {\"path\",\"width\",\"height\",\"format\",\"bytes\",\"plan\":{\"path\":\"lossless\"|\"classic\", \"reason\"}}; a lossless plan also gives \"lossless\": \"copied\" or \"new tables\", and \"colour\": \"added\" (a greyscale photo gained colour planes) or \"kept\"."),
            tr("With --out-dir, each project is exported by its own child process, --jobs at a time, to DIR under its base name with the suffix of the format. A progress bar shows on a terminal; otherwise one line per project ('ok P → DIR/P.jpg', or 'failed P: reason'). Every project is attempted; if any fail, the last line names them and the exit code is theirs when they all share one, else 1. With --json, {\"exports\":[…]} lists every project, failed or not."),
        ],
        examples: ["tagproj export dinner.tagproj dinner.jpg", "tagproj export dinner.tagproj dinner.png --max-size 1080",
                   "tagproj export dinner.tagproj - --format jpeg --quality 85 > out.jpg",
                   "tagproj export menus/*.tagproj --out-dir web --max-size 1080 --jobs 4"],
        // TRANSLATORS: a usage line; only "size options" is translated.
        otherUsages: [tr("tagproj export <project>... --out-dir DIR [--format {formats}] [--jobs N] [--quality 1-100] [size options]",
                         ["formats": formatChoices])],
        moreArguments: .files(["tagproj"]))

    /// One project to one file, or a batch.
    enum Job {
        case single(project: String, output: String)
        case batch(BatchExport)
    }

    let job: Job
    var options = ExportOptions()
    let json: Bool
    /// `--at N`: the state of history entry N instead of the current one.
    let at: Int64?

    /// The names `--format` takes, from the codec registry: `webp`, `png`, `jpeg`, `avif`.
    static var formatNames: [String] { Codecs.writable.map(\.format.rawValue).sorted(by: >) }
    /// `out.jpg, out.png, out.webp, out.avif`: a name of each format written, from the registry.
    static var outputNames: String { Codecs.writable.compactMap { $0.suffixes.first.map { "out." + $0 } }.joined(separator: ", ") }
    /// `webp|png|jpeg|avif`, for usage lines and hints.
    static var formatChoices: String { formatNames.joined(separator: "|") }
    /// `name the file .webp or .png or .jpg or .avif, or pass --format webp|png|jpeg|avif`.
    static var formatHint: String {
        let suffixes = Codecs.writable.sorted { $0.format.rawValue > $1.format.rawValue }.compactMap(\.suffixes.first)
        // TRANSLATORS: {suffixes} is a list such as ".webp or .png or .jpg", {formats} one such as webp|png|jpeg.
        return tr("name the file {suffixes}, or pass --format {formats}",
                  ["suffixes": suffixes.map { "." + $0 }.joined(separator: trc("list of suffixes", " or ")), "formats": formatChoices])
    }

    /// Parses the flags into `ExportOptions`; TagKit checks the values and how they combine.
    init(_ a: ParsedArguments) throws {
        json = a.has(.json)
        at = try atEntry(a)
        if let f = a.value(.format) { options.format = try ExportOptions.format(named: f) }
        if let q = a.value(.quality) { options.quality = try Values.integer(q, for: "--quality", in: Int.min...Int.max) }
        options.reencode = a.has(.reencode) || a.value(.quality) != nil
        var sizes: [ExportSize] = []
        if let s = a.value(.scale) { sizes.append(.scale(try Values.number(s, for: "--scale"))) }
        if let w = a.value(.width) { sizes.append(.width(try Values.integer(w, for: "--width", in: Int.min...Int.max))) }
        if let h = a.value(.height) { sizes.append(.height(try Values.integer(h, for: "--height", in: Int.min...Int.max))) }
        if let n = a.value(.maxSize) { sizes.append(.maxSize(try Values.integer(n, for: "--max-size", in: Int.min...Int.max))) }
        if let box = a.value(.size) { sizes.append(try Self.box(box)) }
        options.lossless = a.has(.lossless)
        if let d = a.value(.dpi) { options.dpi = try Values.integer(d, for: "--dpi", in: Int.min...Int.max) }
        options.size = try ExportSize.choosing(sizes)
        if let m = a.value(.maxPixels) { options.maxPixels = try Values.integer(m, for: "--max-pixels", in: Int.min...Int.max) }
        try options.validate()
        if let dir = a.value(.outDir) {
            if at != nil { throw UsageError(message: tr("--at works only with one project"), hint: tr("export each project with its own --at")) }
            if options.format == nil { options.format = .jpeg }
            job = .batch(try Self.batch(a, directory: dir, options: options, json: json))
        } else {
            job = try Self.single(a, options: options, json: json)
        }
    }

    /// `--size 1200x630`: two integers joined by `x` (or `×`).
    private static func box(_ text: String) throws -> ExportSize {
        let parts = text.lowercased().split(whereSeparator: { $0 == "x" || $0 == "×" }).map(String.init)
        guard parts.count == 2 else {
            throw UsageError(message: tr("--size takes WIDTHxHEIGHT, not '{text}'", ["text": text]), hint: tr("pass --size 1200x630"))
        }
        return .box(width: try Values.integer(parts[0], for: "--size", in: Int.min...Int.max),
                    height: try Values.integer(parts[1], for: "--size", in: Int.min...Int.max))
    }

    /// `export P OUT`: checks that OUT names a format and is not a second project.
    private static func single(_ a: ParsedArguments, options: ExportOptions, json: Bool) throws -> Job {
        let batchHint = tr("to export several projects, pass --out-dir DIR")
        if a.value(.jobs) != nil { throw UsageError(message: tr("--jobs works only with --out-dir"), hint: batchHint) }
        let project = try positional(a, 0)
        let output = try positional(a, 1)
        if a.positionals.count > 2 {
            throw UsageError(message: tr("unexpected argument '{argument}'", ["argument": a.positionals[2]]), hint: batchHint)
        }
        // TagKit checks the format against the name at export; only the usage hint is the CLI's.
        if options.format == nil && (output == "-" || Codecs.codec(forPath: output) == nil) {
            throw UsageError(message: tr("cannot tell the format of '{file}' from its name", ["file": output]),
                             hint: output.hasSuffix(".tagproj") ? batchHint : formatHint)
        }
        if json && output == "-" { throw UsageError(message: tr("--json cannot share standard output with the picture")) }
        // As gzip does: binary on a terminal is garbage on the screen, never what was meant.
        if output == "-" && isatty(1) == 1 {
            throw UsageError(message: tr("refusing to write a picture to a terminal"),
                             hint: tr("redirect standard output to a file or a pipe: tagproj export {project} - > picture.jpg", ["project": project]))
        }
        return .single(project: project, output: output)
    }

    /// `export P… --out-dir DIR`: every child gets `options` written out as flags.
    private static func batch(_ a: ParsedArguments, directory: String, options: ExportOptions, json: Bool) throws -> BatchExport {
        guard !a.positionals.isEmpty else { throw UsageError(message: tr("missing argument <{name}>", ["name": "project"])) }
        let jobs = try a.value(.jobs).map { try Values.integer($0, for: "--jobs", in: 1...1024) } ?? max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        let batch = BatchExport(projects: a.positionals, directory: directory, options: options, jobs: jobs, json: json)
        try batch.validate()
        return batch
    }

    func run(_ out: Output) throws {
        switch job {
        case .batch(let batch):
            try batch.run(out)
        case .single(let project, let output):
            let answer = try perform(.export(to: ExportDestination(naming: output), options: options, at: at), on: project).answer
            out.notices(answer.notices)
            if json, case let .exported(result, destination) = answer.result { out.line(result.json(path: destination.commandLineName).text) }
            answer.said.forEach(out.message)
        }
    }
}
