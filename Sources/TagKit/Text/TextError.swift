import CFreeType

/// Why a label could not be measured, shaped or drawn.
///
/// Thrown by ``FontSystem``. Each case is described where it is detected; callers pass it up.
public enum TextError: TagProjError, Equatable, Sendable {
    /// No installed font has a glyph for this character (a grapheme cluster of the label).
    case missingGlyph(Character)
    /// fontconfig could not load its configuration and font cache.
    case fontconfigUnavailable
    /// fontconfig found no font at all for the family (not even a fallback).
    case noFonts(family: String)
    /// A font file that fontconfig listed cannot be opened or parsed.
    case unreadableFont(path: String, reason: String)
    /// FreeType failed while sizing, loading or rendering a glyph.
    case freeType(operation: String, code: Int32, path: String)
    /// A size that is not a finite, positive number of pixels per em.
    case invalidPixelSize(Double)
    /// A drawing position that is not a finite number of pixels within reach.
    case invalidPosition(x: Double, y: Double)
    /// A glyph that was not shaped by this ``FontSystem``.
    case foreignGlyph

    /// The one-line explanation.
    public var message: String {
        switch self {
        case .missingGlyph(let character):
            // TRANSLATORS: {character} is the character and its code points: '𓀀' (U+13000).
            return tr("no installed font can draw {character}", ["character": Self.quoted(character)])
        case .fontconfigUnavailable:
            return tr("fontconfig could not load its configuration and font list")
        case .noFonts(let family):
            return tr("fontconfig found no font for family '{family}'", ["family": family])
        case .unreadableFont(let path, let reason):
            return tr("cannot read font {path}: {reason}", ["path": path, "reason": reason])
        case .freeType(let operation, let code, let path):
            // TRANSLATORS: {operation} is FreeType's function or step; {reason} FreeType's own words.
            return tr("FreeType {operation} failed for {path} ({reason})", ["operation": operation, "path": path, "reason": Self.freeTypeReason(code)])
        case .invalidPixelSize(let size):
            return tr("text size must be a positive number of pixels, not {size}", ["size": size])
        case .invalidPosition(let x, let y):
            return tr("cannot draw text at {x},{y}: not a finite pixel position", ["x": x, "y": y])
        case .foreignGlyph:
            return tr("internal error: a glyph from another font system was drawn")
        }
    }

    /// The package to install or the file to repair.
    public var advice: String? {
        switch self {
        case .missingGlyph(let character):
            return Self.installHint(for: character)
        case .fontconfigUnavailable, .noFonts:
            return tr("install fontconfig and a font, e.g. the Debian packages fontconfig and fonts-dejavu-core")
        case .unreadableFont:
            return tr("the font file may be damaged; reinstall its package or run fc-cache -f")
        default:
            return nil
        }
    }

    /// An I/O error for an unreadable font, an internal failure for misuse, else not possible.
    public var meaning: ErrorMeaning {
        switch self {
        case .unreadableFont: return .io
        case .invalidPixelSize, .invalidPosition, .foreignGlyph: return .internalFailure
        default: return .notPossible
        }
    }

    /// `'𓀀' (U+13000)`: the character as typed and its code points, so an invisible or
    /// look-alike character can still be identified.
    /// A character no terminal can show (private-use, unassigned, a format or control code) is named
    /// by its code points alone.
    static func quoted(_ character: Character) -> String {
        let codes = character.unicodeScalars.map(codePoint).joined(separator: " ")
        let invisible: Set<Unicode.GeneralCategory> = [.privateUse, .unassigned, .format, .control, .surrogate]
        if let first = character.unicodeScalars.first, invisible.contains(first.properties.generalCategory) {
            return codes
        }
        return "'\(character)' (\(codes))"
    }

    /// `U+00A5`, `U+1F35C`: at least four upper-case hex digits.
    static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// The Debian package that brings a font for `character`, worded as a next step.
    static func installHint(for character: Character) -> String {
        let scalars = character.unicodeScalars.filter { !$0.properties.isDefaultIgnorableCodePoint }
        guard let scalar = scalars.first ?? character.unicodeScalars.first else {
            return tr("install a font that covers it")
        }
        let code = codePoint(scalar)
        switch ScriptFamily(scalar) {
        case .privateUse:
            return tr("{code} is a private-use character that no standard font draws; remove it from the text", ["code": code])
        case .cjk:
            return tr("install the Debian package fonts-noto-cjk")
        case .emoji:
            return tr("install the Debian package fonts-noto-color-emoji (or a newer version of it)")
        case .unassigned:
            return tr("{code} is not an assigned Unicode character; remove it from the text", ["code": code])
        case .other:
            return tr("install a font that covers it, e.g. the Debian package fonts-noto-core or fonts-noto-extra")
        }
    }

    /// FreeType's name for its error code, where the library was built with error strings.
    private static func freeTypeReason(_ code: Int32) -> String {
        let hex = "0x" + String(UInt32(bitPattern: code), radix: 16, uppercase: true)
        guard let text = FT_Error_String(code) else { return tr("error {code}", ["code": hex]) }
        return tr("{reason}, error {code}", ["reason": String(cString: text), "code": hex])
    }
}

/// Which font package a code point calls for: the coarse grouping behind a missing-glyph hint.
enum ScriptFamily: Equatable {
    case cjk, emoji, privateUse, unassigned, other

    init(_ scalar: Unicode.Scalar) {
        let v = scalar.value
        let category = scalar.properties.generalCategory
        if category == .privateUse {
            self = .privateUse
        } else if Self.cjkRanges.contains(where: { $0.contains(v) }) {
            self = .cjk
        } else if scalar.properties.isEmojiPresentation || (0x1F000...0x1FAFF).contains(v) {
            self = .emoji
        } else if category == .unassigned {
            self = .unassigned
        } else {
            self = .other
        }
    }

    /// Han (with extensions and compatibility forms), kana, Hangul, Bopomofo and CJK punctuation:
    /// what Noto Sans CJK is made to cover.
    private static let cjkRanges: [ClosedRange<UInt32>] = [
        0x1100...0x11FF, 0x2E80...0x2FDF, 0x2FF0...0x303F, 0x3040...0x31FF, 0x3200...0x4DBF,
        0x4E00...0x9FFF, 0xA960...0xA97F, 0xAC00...0xD7FF, 0xF900...0xFAFF, 0xFE30...0xFE4F,
        0xFF00...0xFFEF, 0x1B000...0x1B16F, 0x20000...0x3FFFF,
    ]
}
