/// The subset of one font face that a project carries for one label, with where it came from.
///
/// Made by ``FontSystem/embedding(_:family:)`` from an installed face with HarfBuzz's subsetter
/// ([`hb_subset_or_fail`](https://harfbuzz.github.io/harfbuzz-hb-subset.html)): only the glyphs
/// the label's characters need (with everything the face's layout tables reach from them), every
/// layout feature and script kept, hinting dropped (labels are drawn unhinted). Glyph ids are
/// renumbered; shaping the label with the subset gives the same glyphs at the same positions.
///
/// ``priority`` is the face's place in the family's fallback order when the subset was made;
/// drawing from a project's subsets tries them in that order, so every character is drawn with
/// the face it was measured with (a subset has a subset of the face's characters, and the face
/// chosen has every one it was chosen for).
public struct EmbeddedFace: Equatable, Sendable {
    /// Position in the fallback order of the project's font family (0: the family's own face,
    /// which also sets the line box).
    public var priority: Int
    /// The face's family name (`Noto Sans CJK SC`), from its name table.
    public var family: String
    /// The face's style name (`Regular`, `Bold`).
    public var style: String
    /// The font file the subset was cut from, on the machine that cut it.
    public var file: String
    /// The face index inside that file.
    public var faceIndex: Int32
    /// Whether the face draws in colour (colour emoji).
    public var isColor: Bool
    /// How many glyphs the subset holds (with `.notdef`).
    public var glyphs: Int
    /// The subset: a complete OpenType font.
    public var bytes: [UInt8]

    /// A subset as read back from a project.
    public init(priority: Int, family: String, style: String, file: String, faceIndex: Int32, isColor: Bool, glyphs: Int, bytes: [UInt8]) {
        self.priority = priority; self.family = family; self.style = style; self.file = file
        self.faceIndex = faceIndex; self.isColor = isColor; self.glyphs = glyphs; self.bytes = bytes
    }

    /// The largest subset a project may hold. A label of 64 characters needs far less (a CJK
    /// subset of 64 characters is about 40 kB); anything bigger is not one of ours.
    public static let maximumBytes = 4 << 20
}

/// Something that can cut the subsets of the faces a label is drawn with: ``FontSystem``.
/// Edits that set text embed them when their measurer is one.
public protocol FontEmbedder: LabelMeasurer {
    /// The subsets of the faces that draw `label` in family `font` and `language`, by priority;
    /// the family's own face is always among them (it sets the line box).
    func embedding(_ label: String, font: String, language: TextLanguage) throws -> [EmbeddedFace]
}

/// A font a project carries cannot be used: it is refused by name, before anything is drawn.
public struct EmbeddedFontError: TagProjError, Equatable {
    /// The face's family name as stored.
    public var family: String
    /// What is wrong with it.
    public var reason: String

    /// `the embedded font “Noto Sans CJK SC” is damaged (its GSUB table does not parse)`.
    public var message: String { tr("the embedded font “{family}” is damaged ({reason})", ["family": family, "reason": reason]) }
    /// Embed the fonts again from installed ones.
    public var advice: String? { tr("embed the fonts again on a machine that has them installed") }
    /// The project's data is bad.
    public var meaning: ErrorMeaning { .badData }
}

/// A damaged subset that only earlier states of the history are drawn with: what `check` warns of.
public struct DamagedHistoryFont: Equatable, Sendable {
    /// What opening it found.
    public var error: EmbeddedFontError
    /// The states drawn with it, ascending, each named by its history entry (`export --at N`).
    public var states: [Int64]

    /// What `check` warns of it: the font's problem, the states it leaves undrawable, and the cure.
    public var message: String {
        // TRANSLATORS: {error} says which font is damaged and how; {entries} is a list of history entry numbers (3, 7).
        trn("{error}, used only by the earlier state at history entry {entries}: exporting it fails until 'tagproj set --refresh-fonts' is run there",
            "{error}, used only by the earlier states at history entries {entries}: exporting them fails until 'tagproj set --refresh-fonts' is run there",
            count: states.count, ["error": error.message, "entries": states.map(String.init).joined(separator: ", ")])
    }
}
