import Glibc
import TagKit

/// What the page is told about the project: the picture's size, every tag with the geometry the
/// page needs to keep a dragged tag inside the photo, the history, and a version to poll.
enum EditorState {
    /// `{"width","height","version","currency","tag_scale","tags":[…],"history":{…}}`.
    static func json(_ project: Project) throws -> JSON {
        let size = try project.pictureSize()
        let settings = try project.settings()
        let tags = try project.tags().map { tag in tagJSON(tag, settings: settings, size: size) }
        return .object([
            ("width", .integer(Int64(size.width))), ("height", .integer(Int64(size.height))),
            ("version", .string(version(of: project.path))), ("currency", .string(settings.currency)),
            ("tag_scale", .number(settings.tagScale)),
            ("tags", .array(tags)), ("history", try project.history().json),
        ])
    }

    /// The tag as `list --json` shows it, plus `label` (as drawn) and `region`: where its dot may
    /// go with the bubble on its side, as fractions of the picture (the invariant the CLI keeps).
    static func tagJSON(_ tag: Tag, settings: ProjectSettings, size: PictureSize) -> JSON {
        guard case .object(var members) = tag.json else { return tag.json }
        members.append(("label", .string(tag.label(settings))))
        if let region = Placement.allowedRegion(side: tag.side, labelEm: tag.labelEm, size: size, scale: settings.tagScale) {
            members.append(("region", .object([
                ("x0", .number(region.x.lowerBound)), ("x1", .number(region.x.upperBound)),
                ("y0", .number(region.y.lowerBound)), ("y1", .number(region.y.upperBound)),
            ])))
        }
        return .object(members)
    }

    /// Changes whenever the project file is written, by the editor or by another process (a
    /// `tagproj` in a shell): its modification time to the nanosecond, size and inode.
    static func version(of path: String) -> String {
        var info = stat()
        guard stat(path, &info) == 0 else { return "gone" }
        return "\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)-\(info.st_size)-\(info.st_ino)"
    }
}
