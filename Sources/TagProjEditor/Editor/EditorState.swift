import Glibc
import Synchronization
import TagKit

/// What the page is told about the project: the picture's size, every tag with the geometry the
/// page needs to keep a dragged tag inside the photo, the history, and a version to poll.
enum EditorState {
    /// What a page holds of the history: the tree up to entry `seq`, of the file `file` (its
    /// `FileIO.Identity.fileKey`, the first part of a version).
    struct Known: Equatable {
        let file: String
        let seq: Int64

        /// From a request's `since` and `file` arguments; nil without them.
        init?(since: String?, file: String?) {
            guard let since, let seq = Int64(since), seq >= 0, let file, !file.isEmpty else { return nil }
            (self.file, self.seq) = (file, seq)
        }
    }

    /// `{"name","width","height","crop","version","currency","tag_scale","hold_pixels","tags":[…],"history":{…}}`;
    /// `history` is the whole tree, every entry with its parent, or, for a page that holds it up
    /// to an entry of this very file (`known`), only what it lacks: `{"since":N,"entries":[the
    /// entries after N],"cursor":C}`, so that answering an edit or a poll costs what changed, not
    /// the history's size. `hold_pixels` is the largest photo the page holds decoded at 1:1 for
    /// zooming (`holdPixels`); `crop`, the part of the photo the picture is (`cropKey`), which the
    /// page sends with each view of the photo it asks for.
    static func json(_ project: Project, known: Known? = nil) throws -> JSON {
        let file = FileIO.identity(of: project.path)?.fileKey ?? ""
        let mark = try project.historyMark()
        var members = try content(project)
        members.insert(("version", .string(version(file: file, mark: mark))), at: 4)
        if let known, known.file == file, known.seq <= mark.newest, case .object(var history) = try project.historyTree(after: known.seq).json(wordingLabels: true) {
            history.insert(("since", .integer(known.seq)), at: 0)
            members.append(("history", .object(history)))
        } else {
            members.append(("history", try project.historyTree().json(wordingLabels: true)))
        }
        return .object(members)
    }

    /// What `json` answers but its version and history.
    private static func content(_ project: Project) throws -> [(String, JSON)] {
        let size = try project.pictureSize()
        let settings = try project.settings()
        let all = try project.tags()
        let overlaps = Overlaps.among(all, size: size, scale: settings.tagScale)
        let tags = all.map { tag in tagJSON(tag, settings: settings, size: size, overlaps: overlaps[tag.id]) }
        return [
            ("name", .string(FileIO.removingSuffix(FileIO.baseName(of: project.path)))),
            ("width", .integer(Int64(size.width))), ("height", .integer(Int64(size.height))),
            ("crop", .string(cropKey(try project.crop()))),
            ("currency", .string(settings.currency)),
            ("tag_scale", .number(settings.tagScale)), ("hold_pixels", .integer(Int64(holdPixels))),
            ("tags", .array(tags)),
        ]
    }

    /// `X,Y,W,H`, the crop's fractions in full: what tells one crop of the photo from another of
    /// the same size, so that the page never keeps showing (or holding) the pixels of the last.
    static func cropKey(_ crop: Crop) -> String { [crop.x, crop.y, crop.width, crop.height].map { "\($0)" }.joined(separator: ",") }

    /// The most pixels a photo may have for the page to fetch it at 1:1 and hold it decoded (four
    /// bytes a pixel, in the browser), so that zooming to 1:1 and panning there fetch nothing:
    /// `TAGPROJ_EDITOR_HOLD_MP` megapixels, 24 unless set; 0 turns it off (a zoom then fetches
    /// the region it shows, as it does before the photo is held).
    static let holdPixels: Int = {
        guard let raw = getenv("TAGPROJ_EDITOR_HOLD_MP"), let mp = Int(String(cString: raw)), (0...1000).contains(mp) else { return 24_000_000 }
        return mp * 1_000_000
    }()

    /// The tag as `list --json` shows it, plus `label` (as drawn), `overlaps` (the ids of the
    /// tags it overlaps, at most `Overlaps.listedPerTag`) and `overlaps_more` (it overlaps more
    /// than those), and `region` and `region_flipped`: where its dot may go with the bubble
    /// on its side and on the other, as fractions of the picture (null where it fits nowhere), so
    /// a drag shows live what `move` will do: keep the side, swap it, or stop the dot.
    static func tagJSON(_ tag: Tag, settings: ProjectSettings, size: PictureSize, overlaps: Overlaps.List?) -> JSON {
        guard case .object(var members) = tag.json else { return tag.json }
        members.append(("label", .string(tag.label(settings))))
        members.append(("overlaps", .array((overlaps?.others ?? []).map { .integer($0.rawValue) })))
        members.append(("overlaps_more", .bool(overlaps?.more ?? false)))
        for (key, side) in [("region", tag.side), ("region_flipped", tag.side.flipped)] {
            guard let region = Placement.allowedRegion(side: side, labelEm: tag.labelEm, size: size, scale: settings.tagScale) else {
                members.append((key, .null))
                continue
            }
            members.append((key, .object([
                ("x0", .number(region.x.lowerBound)), ("x1", .number(region.x.upperBound)),
                ("y0", .number(region.y.lowerBound)), ("y1", .number(region.y.upperBound)),
            ])))
        }
        return .object(members)
    }

    /// Changes whenever what `json` answers changes, by an edit in the editor or in another
    /// process (a `tagproj` in a shell), and only then: every such change is a history entry or
    /// a move of the cursor, so the version is `FILE-NEWEST-CURSOR`, the file's key (another file
    /// put in its place is another project), the newest entry's seq and the cursor's. The
    /// project's own writes outside the history (a view or a thumbnail kept for the next open)
    /// change the file but not the version, so the page and the gallery fetch nothing again for
    /// them. Read again only when the file's device, inode, size or modification time have changed.
    /// - Throws: what opening the project throws (it is gone, it is not a project).
    static func version(of path: String) throws -> String {
        // The file is looked at before it is read: a write in between is read and kept under the
        // older look, which the next call finds changed.
        let look = FileIO.identity(of: path)
        if let look, let known = versions.withLock({ $0[path] }), known.look == look { return known.version }
        let version = version(file: look?.fileKey ?? "", mark: try Project.open(path, forWriting: false, frontEnd: "editor").historyMark())
        if let look { versions.withLock { $0[path] = (look, version) } }
        return version
    }

    private static func version(file: String, mark: (newest: Int64, cursor: Int64)) -> String {
        "\(file)-\(mark.newest)-\(mark.cursor)"
    }

    /// The version last worked out for each project file, with how the file looked then.
    private static let versions = Mutex<[String: (look: FileIO.Identity, version: String)]>([:])
}
