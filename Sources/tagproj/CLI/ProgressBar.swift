import TagKit
/// A one-line progress bar on stderr, redrawn in place with `\r` (for a terminal only): lines
/// printed through it appear above the bar, which is drawn again below them.
struct ProgressBar {
    let total: Int
    let style: Style
    private(set) var done = 0
    private(set) var failed = 0
    /// Cells in the bar.
    private let width = 30

    /// A bar for `total` jobs, drawn at once with none done.
    init(total: Int, style: Style) {
        self.total = total
        self.style = style
        draw(last: nil)
    }

    /// Counts one job as finished (`ok` or not) and redraws, naming it.
    mutating func advance(ok: Bool, name: String) {
        done += 1
        if !ok { failed += 1 }
        draw(last: name)
    }

    /// Prints `line` above the bar.
    func print(_ line: String) {
        Output.stderr("\r\u{1B}[K" + line + "\n")
        draw(last: nil)
    }

    /// Removes the bar, leaving the cursor at the start of an empty line.
    func finish() { Output.stderr("\r\u{1B}[K") }

    /// `[##########----------]  5/10  1 failed  A.tagproj`
    private func draw(last: String?) {
        let filled = total == 0 ? width : done * width / total
        let bar = style.paint(String(repeating: "#", count: filled), .green) + String(repeating: "-", count: width - filled)
        var text = "\r\u{1B}[K[\(bar)] \(done)/\(total)"
        if failed > 0 { text += "  " + style.paint(tr("{count} failed", ["count": failed]), .red) }
        if let last { text += "  " + TerminalText.escaped(last) }  // the bar is drawn on a terminal only
        Output.stderr(text)
    }
}
