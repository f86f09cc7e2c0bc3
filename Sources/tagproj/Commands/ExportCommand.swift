import TagKit

/// `tagproj export`: the finished picture.
struct ExportCommand: Command {
    static let spec = CommandSpec(
        name: "export", abstract: "Render the picture with its tags as JPEG or PNG.",
        positionals: [projectArgument, PositionalSpec(name: "output", help: "out.png, out.jpg, or - for standard output.")],
        options: [
            OptionSpec(name: "format", value: "png|jpeg", help: "The format.", defaultValue: "from the output's suffix"),
            OptionSpec(name: "quality", value: "1-100", help: "JPEG quality.", defaultValue: "92"),
            OptionSpec(name: "scale", value: "S", help: "Multiply both sides by S."),
            OptionSpec(name: "width", value: "W", help: "Make the picture W pixels wide."),
            OptionSpec(name: "max-size", value: "N", help: "Fit the picture inside N×N."),
            OptionSpec(name: "max-pixels", value: "N", help: "Refuse sources or outputs larger than this.", defaultValue: "100000000"),
        ],
        discussion: """
            Full resolution by default: the photo with its orientation and crop applied. Tags are drawn
            at the output's own resolution. The file is written beside its target and renamed into
            place when complete. The ICC profile is kept; other metadata (location too) is not copied.
            """,
        examples: ["tagproj export dinner.tagproj dinner.jpg", "tagproj export dinner.tagproj dinner.png --max-size 1080",
                   "tagproj export dinner.tagproj - --format jpeg --quality 85 > out.jpg"])

    let project: String
    let output: String
    var options = ExportOptions()

    init(_ a: ParsedArguments) throws {
        project = try Self.positional(a, 0)
        output = try Self.positional(a, 1)
        try Self.noExtraPositionals(a)
        if let f = a.value("format") {
            guard let format = ExportFormat(rawValue: f == "jpg" ? "jpeg" : f) else {
                throw UsageError(message: "unknown format '\(f)'", hint: "the formats are png and jpeg")
            }
            options.format = format
        } else if ExportFormat.from(path: output) == nil {
            throw UsageError(message: "cannot tell the format of '\(output)' from its name",
                             hint: "name the file .png or .jpg, or pass --format png|jpeg")
        }
        if let q = a.value("quality") { options.quality = try Values.integer(q, for: "--quality", in: 1...100) }
        let sizes = ["scale", "width", "max-size"].filter { a.value($0) != nil }
        guard sizes.count <= 1 else { throw UsageError(message: "give at most one of --scale, --width and --max-size") }
        if let s = a.value("scale") {
            let scale = try Values.number(s, for: "--scale")
            guard scale > 0 else { throw UsageError(message: "--scale: '\(s)' is not a positive number") }
            options.size = .scale(scale)
        }
        if let w = a.value("width") { options.size = .width(try Values.integer(w, for: "--width", in: 1...1_000_000)) }
        if let n = a.value("max-size") { options.size = .maxSize(try Values.integer(n, for: "--max-size", in: 1...1_000_000)) }
        if let m = a.value("max-pixels") { options.maxPixels = try Values.integer(m, for: "--max-pixels", in: 1...4_000_000_000) }
    }

    func run(_ out: Output) throws {
        let result = try Project.open(project, forWriting: false).export(to: output, options: options, fonts: try FontSystem())
        if let warning = result.warning { out.warning("\(project): the photo is slightly damaged but decoded whole: \(warning)") }
        if output != "-" {
            out.message("wrote \(output): \(result.format.rawValue) \(result.size.width)×\(result.size.height), \(result.bytes) bytes")
        }
    }
}
