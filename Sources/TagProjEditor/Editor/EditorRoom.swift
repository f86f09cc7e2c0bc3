import Glibc
import TagKit

/// The room the editor's page fits the photo in: its stage less a margin, in CSS pixels, and the
/// screen's `devicePixelRatio`. The page sends it with the photo's first view (`room=W,H,RATIO`);
/// the editor remembers the last one in the user's state folder, so that the next `tagproj open`
/// draws its project's first view as it starts, while the browser loads the page, at the size
/// the page will ask for.
public struct EditorRoom: Equatable, Sendable {
    public var width: Int, height: Int
    public var pixelRatio: Double

    /// `W,H,RATIO` as the page sends it (`1264,712,3`), each in a sane range; else nil.
    public init?(_ text: String) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 3, let w = Int(parts[0]), let h = Int(parts[1]), let ratio = Double(parts[2]),
              (1...100_000).contains(w), (1...100_000).contains(h), ratio.isFinite, ratio >= 0.1, ratio <= 16 else { return nil }
        width = w
        height = h
        pixelRatio = ratio
    }

    /// As the page sends it.
    var text: String { "\(width),\(height),\(pixelRatio)" }

    /// The first view the page asks for of a `picture` in this room: editor/view.js's `fitScale`
    /// (the picture fitted in the room, never enlarged) and `pixels` (at the screen's pixels,
    /// rounded, never more than the picture's own), the same double operations in the same order.
    public func viewSize(for picture: PictureSize) -> PictureSize {
        let w = Double(picture.width), h = Double(picture.height)
        let scale = min(Double(width) / w, Double(height) / h, 1)
        func screen(_ side: Double, _ most: Int) -> Int {
            let exact = side * scale * pixelRatio
            let down = exact.rounded(.down)
            return max(1, min(most, Int(exact - down >= 0.5 ? down + 1 : down)))  // Math.round: halves up
        }
        return PictureSize(width: screen(w, picture.width), height: screen(h, picture.height))
    }

    /// `$XDG_STATE_HOME/tagproj/editor-room`, else `~/.local/state/tagproj/editor-room`: layout
    /// state, as the XDG base directories name it. Nil without a home.
    public static var file: String? { FileIO.userStateFile("editor-room") }

    /// The room last remembered, if the file holds one.
    public static func last() -> EditorRoom? {
        guard let file, let bytes = try? FileIO.read(file, limit: 256) else { return nil }
        return EditorRoom(String(decoding: bytes, as: UTF8.self).trimmingSpaces)
    }

    /// Remembers `room` unless it is the one remembered. Only a hint for speed: when it cannot
    /// be written, nothing fails.
    static func remember(_ room: EditorRoom) {
        guard room != last(), let file, (try? FileIO.makeDirectory(FileIO.directory(of: file))) != nil else { return }
        try? FileIO.write(Array((room.text + "\n").utf8), to: file)
    }
}

extension EditorRoom {
    /// Draws the first view the editor will show of the project at `path` in the room last
    /// remembered, and keeps it in the project, so that the project's first `tagproj open` sends
    /// it without decoding the photo while the browser loads the page: what `new` does once the
    /// editor has been used on this machine. From `picture` (the photo as the check at creation
    /// decoded it: `Project.pictureDecodedAtCreation`) when given, so a photo that only decodes
    /// whole is decoded once, not once to check and again to draw. Nothing without a remembered
    /// room; never fails.
    /// - Returns: the size kept, if one was.
    @discardableResult
    public static func prepareFirstView(ofProjectAt path: String, picture decoded: DecodedPicture? = nil) -> PictureSize? {
        guard let room = last(), let project = try? Project.open(path, forWriting: false),
              let picture = try? project.pictureSize() else { return nil }
        let size = room.viewSize(for: picture)
        let source = decoded.map { held in { (key: DecodedPicture.Key) in key == held.key ? held : nil } }
        guard let view = try? project.view(size: size, reuse: false, decoded: source), project.keep(view) else { return nil }
        return size
    }

    /// Whether ``prepareFirstView(ofProjectAt:picture:)`` will draw one: a room is remembered.
    /// `new` then keeps the picture its check decodes (`NewProjectOptions.keepsPicture`).
    public static var willPrepareFirstView: Bool { last() != nil }
}

private extension String {
    var trimmingSpaces: String {
        String(self.drop { $0 == " " || $0 == "\n" }.reversed().drop { $0 == " " || $0 == "\n" }.reversed())
    }
}
