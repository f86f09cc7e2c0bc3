import TagKit

/// `tagproj list`: the tags.
struct ListCommand: Command {
    static let spec = CommandSpec(
        name: "list", abstract: tr("List the tags."),
        positionals: [projectArgument], options: [atOption, jsonOption],
        discussion: [
            tr("Columns: id, kind, side, the dot's x and y (fractions of the picture), the dot in pixels of the picture, the text as drawn (a dish's price after its name). --at N lists the tags as they were at history entry N (see tagproj history --tree). With --json, each tag also has its dot in pixels (x_px, y_px) and the whole tag's box, normalized (box) and in pixels (box_px); a dish that carries a price has it as \"price\" with two decimals (\"38.00\"); the object also carries the project's tag_scale."),
        ],
        examples: ["tagproj list dinner.tagproj", "tagproj list dinner.tagproj --json"])

    let target: ProjectArguments
    /// `--at N`: the state of history entry N instead of the current one.
    let at: Int64?

    init(_ a: ParsedArguments) throws {
        target = try ProjectArguments(a, of: Self.self)
        at = try atEntry(a)
    }

    func run(_ out: Output) throws {
        guard case let .tags(tags, size, settings) = try perform(.list(at: at), on: target.project).answer.result else { return }
        if target.json {
            out.line(tags.json(in: size, scale: settings.tagScale).text)
            return
        }
        // TRANSLATORS: the headings of list's columns: a tag's id, its kind (dish or price), the side of its bubble, its dot's
        // place (fractions, then pixels) and its text. Each is at most as wide as the column: 5, 6, 6, 6, 6 and 11 cells
        // (a Chinese character takes two).
        let headings = [trc("list's column", "ID"), trc("list's column", "KIND"), trc("list's column", "SIDE"),
                        trc("list's column", "X"), trc("list's column", "Y"), trc("list's column", "PX")]
        out.line(zip(headings, [6, 7, 7, 7, 7, 12]).map { pad($0, $1) }.joined() + trc("list's column", "TEXT"))
        for tag in tags {
            out.line(pad(String(tag.id.rawValue), 6) + pad(tag.kind.rawValue, 7) + pad(tag.side.rawValue, 7)
                     + pad(tag.anchor.formattedX, 7) + pad(tag.anchor.formattedY, 7)
                     + pad("\(Int((tag.anchor.x * Double(size.width)).rounded())),\(Int((tag.anchor.y * Double(size.height)).rounded()))", 12)
                     + tag.label(settings))
        }
    }
}

extension NormalizedPoint {
    var formattedX: String { String(formatted.split(separator: ",")[0]) }
    var formattedY: String { String(formatted.split(separator: ",")[1]) }
}
