import TagKit

/// `tagproj info`: what the project holds.
struct InfoCommand: Command {
    static let spec = CommandSpec(
        name: "info", abstract: tr("Show the picture, settings, counts and embedded fonts of a project."),
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
        // TRANSLATORS: info's headings, each before its value in one column (a Chinese character takes two cells).
        let heading = (picture: tr("picture:"), crop: tr("crop:"), icc: tr("icc profile:"), source: tr("source:"), currency: tr("currency:"),
                       font: tr("font:"), language: tr("language:"), tagScale: tr("tag scale:"), priceFormat: tr("price format:"),
                       from: tr("from:"), tags: tr("tags:"), history: tr("history:"), schema: tr("schema:"), fonts: tr("fonts:"),
                       views: tr("editor views:"), jpeg: tr("jpeg export:"))
        let all = [heading.picture, heading.crop, heading.icc, heading.source, heading.currency, heading.font, heading.language,
                   heading.tagScale, heading.priceFormat, heading.from, heading.tags, heading.history, heading.schema, heading.fonts,
                   heading.views, heading.jpeg]
        // The values start one cell after the widest heading (in English, column 15).
        let column = (all.map(displayWidth).max() ?? 0) + 1
        let indent = String(repeating: " ", count: column)
        func row(_ name: String, _ value: String) { out.line(pad(name, column) + value) }
        row(heading.picture, tr("{width}×{height} ({format}, stored {storedWidth}×{storedHeight}, orientation {orientation})",
                                ["width": i.width, "height": i.height, "format": i.format, "storedWidth": i.storedWidth,
                                 "storedHeight": i.storedHeight, "orientation": i.orientation]))
        // TRANSLATORS: the crop of a project that has none.
        row(heading.crop, i.crop == .full ? trc("no crop", "none") : "\(i.crop.x),\(i.crop.y) \(i.crop.width)×\(i.crop.height)")
        row(heading.icc, i.hasICC ? tr("yes") : tr("no"))
        row(heading.source, i.sourceFile.map { tr("{bytes} bytes, from {file}", ["bytes": i.sourceBytes, "file": $0]) }
                                ?? tr("{bytes} bytes", ["bytes": i.sourceBytes]))
        row(heading.currency, i.settings.currency)
        row(heading.font, i.settings.font.isEmpty ? tr("(default sans-serif)") : i.settings.font)
        row(heading.language, i.settings.language == .undetermined
            ? tr("{language} (not said: Han characters in Chinese forms)", ["language": i.settings.language]) : "\(i.settings.language)")
        row(heading.tagScale, i.settings.formattedTagScale)
        row(heading.priceFormat, i.settings.priceFormat.example(currency: i.settings.currency))
        // TRANSLATORS: the settings, each followed by where it came from (flag, config file, locale, default, an entry).
        let origins = [(tr("currency: {origin}", ["origin": i.origins.currency.description])),
                       (tr("price format: {origin}", ["origin": i.origins.priceFormat.description])),
                       (tr("font: {origin}", ["origin": i.origins.font.description])),
                       (tr("language: {origin}", ["origin": i.origins.language.description])),
                       (tr("tag scale: {origin}", ["origin": i.origins.tagScale.description]))]
        for (n, origin) in origins.enumerated() {
            out.line((n == 0 ? pad(heading.from, column) : indent) + origin)
        }
        row(heading.tags, String(i.tags))
        row(heading.history, tr("{entries} entries, cursor at {cursor}", ["entries": i.historyEntries, "cursor": i.cursor]))
        row(heading.schema, tr("version {version}", ["version": i.schemaVersion]))
        if i.embeddedFonts.isEmpty { row(heading.fonts, tr("none embedded (tags are drawn with the installed fonts)")) }
        for (n, face) in i.embeddedFonts.enumerated() {
            let arguments: MessageArguments = ["family": face.family, "style": face.style, "glyphs": face.glyphs, "bytes": face.bytes,
                                               "tags": face.tags]
            // TRANSLATORS: an embedded font: its family and style, how many subsets of it the project holds, their glyphs and
            // bytes, and how many tags use it ({count} is the subsets).
            let text = face.tags == 0
                ? trn("{family} {style}: {count} subset, {glyphs} glyphs, {bytes} bytes (history only)",
                      "{family} {style}: {count} subsets, {glyphs} glyphs, {bytes} bytes (history only)", count: face.subsets, arguments)
                : face.tags == 1
                ? trn("{family} {style}: {count} subset, {glyphs} glyphs, {bytes} bytes (1 tag)",
                      "{family} {style}: {count} subsets, {glyphs} glyphs, {bytes} bytes (1 tag)", count: face.subsets, arguments)
                : trn("{family} {style}: {count} subset, {glyphs} glyphs, {bytes} bytes ({tags} tags)",
                      "{family} {style}: {count} subsets, {glyphs} glyphs, {bytes} bytes ({tags} tags)", count: face.subsets, arguments)
            out.line((n == 0 ? pad(heading.fonts, column) : indent) + text)
        }
        if !i.keptViews.isEmpty {
            let sizes = i.keptViews.map { "\($0.size.width)×\($0.size.height)" }.joined(separator: ", ")
            // TRANSLATORS: {sizes} lists the sizes of the views kept, as 1280×853, 640×427.
            row(heading.views, tr("{sizes} ({bytes} bytes, kept for the next open)", ["sizes": sizes, "bytes": i.keptViews.reduce(0) { $0 + $1.bytes }]))
        }
        // TRANSLATORS: {reason} says why a JPEG export would be encoded anew.
        row(heading.jpeg, plan.wordedReason.map { tr("classic ({reason})", ["reason": $0]) } ?? tr("lossless outside the tags"))
    }
}
