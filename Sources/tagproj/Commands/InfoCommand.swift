import TagKit

/// `tagproj info`: what the project holds.
struct InfoCommand: Command {
    static let spec = CommandSpec(
        name: "info", abstract: "Show the picture, settings, counts and embedded fonts of a project.",
        positionals: [projectArgument], options: [jsonOption],
        examples: ["tagproj info dinner.tagproj --json"])

    let target: ProjectArguments

    init(_ a: ParsedArguments) throws { target = try ProjectArguments(a, of: Self.self) }

    func run(_ out: Output) throws {
        guard case let .info(i, plan) = try perform(.info, on: target.project).answer.result else { return }
        if target.json {
            guard case .object(let members) = i.json else { return out.line(i.json.text) }
            out.line(JSON.object(members + [("plan", plan.json)]).text)
            return
        }
        out.line("picture:      \(i.width)×\(i.height) (\(i.format), stored \(i.storedWidth)×\(i.storedHeight), orientation \(i.orientation))")
        out.line("crop:         " + (i.crop == .full ? "none" : "\(i.crop.x),\(i.crop.y) \(i.crop.width)×\(i.crop.height)"))
        out.line("icc profile:  \(i.hasICC ? "yes" : "no")")
        out.line("source:       \(i.sourceBytes) bytes" + (i.sourceFile.map { ", from \($0)" } ?? ""))
        out.line("currency:     \(i.settings.currency)")
        out.line("font:         \(i.settings.font.isEmpty ? "(default sans-serif)" : i.settings.font)")
        out.line("language:     \(i.settings.language)" + (i.settings.language == .undetermined ? " (not said: Han characters in Chinese forms)" : ""))
        out.line("tag scale:    \(i.settings.formattedTagScale)")
        out.line("price format: \(i.settings.priceFormat.example(currency: i.settings.currency))")
        let origins = [("currency", i.origins.currency), ("price format", i.origins.priceFormat), ("font", i.origins.font),
                       ("language", i.origins.language), ("tag scale", i.origins.tagScale)]
        for (n, (name, origin)) in origins.enumerated() {
            out.line((n == 0 ? "from:         " : "              ") + "\(name): \(origin.description)")
        }
        out.line("tags:         \(i.tags)")
        out.line("history:      \(i.historyEntries) entries, cursor at \(i.cursor)")
        out.line("schema:       version \(i.schemaVersion)")
        if i.embeddedFonts.isEmpty { out.line("fonts:        none embedded (tags are drawn with the installed fonts)") }
        for (n, face) in i.embeddedFonts.enumerated() {
            let use = face.tags == 0 ? "history only" : face.tags == 1 ? "1 tag" : "\(face.tags) tags"
            let subsets = face.subsets == 1 ? "1 subset" : "\(face.subsets) subsets"
            out.line((n == 0 ? "fonts:        " : "              ")
                     + "\(face.family) \(face.style): \(subsets), \(face.glyphs) glyphs, \(face.bytes) bytes (\(use))")
        }
        if !i.keptViews.isEmpty {
            let sizes = i.keptViews.map { "\($0.size.width)×\($0.size.height)" }.joined(separator: ", ")
            out.line("editor views: \(sizes) (\(i.keptViews.reduce(0) { $0 + $1.bytes }) bytes, kept for the next open)")
        }
        out.line("jpeg export:  " + (plan.reason.map { "classic (\($0))" } ?? "lossless outside the tags"))
    }
}
