/// Something an edit did that the user did not ask for in so many words, and should be told.
///
/// A value, worded by the library: for the CLI (`message`, in `Notice+Wording.swift`: tags by id,
/// positions as fractions) and for people who see the tags (`sentence(naming:)`, in
/// `Notice+Sentence.swift`: tags by their text); each front end presents it its own way (the CLI
/// as a `warning:` or `note:` line, the editor as a line of its status).
public enum Notice: Equatable, Sendable {
    /// The tag's dot was moved, the least distance, to `point` so that the whole tag stays inside
    /// the picture (neither side of the bubble fitted where the dot was).
    case movedToStayInside(TagID, NormalizedPoint)
    /// The tag's bubble was put on `side`, the dot kept where it is, because the bubble did not
    /// fit on the other side.
    case sideChanged(TagID, Side)
    /// The tag the edit touched now overlaps the other tag.
    case overlaps(TagID, TagID)
    /// More pairs overlap than the edit names: it named the first `listed` (`overlaps`) and no
    /// more, so an edit among thousands of overlapping tags is told in a bounded number of lines
    /// (`OverlapLimit`).
    case moreOverlaps(listed: Int)
    /// `arrange` put the tag's dot at the point, its bubble on the side, clear of the others.
    case arranged(TagID, NormalizedPoint, Side)
    /// `redo` followed the newest entry continuing from where it stood; entry `seq` (`label`),
    /// the next newest, starts another branch from the same place.
    case otherBranch(seq: Int64, label: EntryLabel)
    /// `undo` undid entry `seq` (`label`), made by `user` through `frontEnd`: someone else, or
    /// (`otherShell`) the same user and front end in another shell.
    case undidOthersEdit(seq: Int64, label: EntryLabel, user: String, frontEnd: String, otherShell: Bool)
    /// Export drew the tag at `drawnAt`, not where it stands (`from`): with the fonts at hand its
    /// label no longer fits there.
    case drawnElsewhere(TagID, from: NormalizedPoint, drawnAt: NormalizedPoint)
    /// The decoder stepped over a problem of the photo in `project` without losing pixels
    /// (stray bytes, a missing end marker): the picture was drawn whole.
    case photoSlightlyDamaged(project: String, problem: String)
    /// A project was made from the photo `photo` (as the user named it), which decodes whole
    /// though the decoder stepped over `problem`: what `new`, `open photo`, `menu` and the
    /// gallery's upload all say of it.
    case madeFromSlightlyDamagedPhoto(photo: String, problem: String)
    /// The project's font family `family` is not installed here: its tags are drawn with
    /// `substitute`, the family fontconfig chose instead (what `new` and `set --font` say).
    case fontSubstituted(family: String, substitute: String)
    /// An export asked for `field` (the quality, the resolution), which `format` has no use for:
    /// it was left out, and the picture written without it.
    case ignoredByFormat(ExportOptions.Field, ImageFormat)
}
