import CFriBidi
import Glibc

/// One line of text as the Unicode bidirectional algorithm
/// ([UAX #9](https://www.unicode.org/reports/tr9/)) lays it out, resolved by GNU FriBidi: an
/// embedding level for every character, even for left-to-right, odd for right-to-left.
///
/// A tag's text is one paragraph of one line (it holds no line breaks). Its base direction comes
/// from its first strong character (`FRIBIDI_PAR_ON`, rules P2–P3), so `بيتزا 30 سم` is a
/// right-to-left paragraph with `30` inside it left to right, and `Shawarma شاورما mix` a
/// left-to-right one with an Arabic word inside; a text with no strong character is left to right.
struct BidiLine: Equatable {
    /// The resolved level of each character (grapheme cluster, as `Array(text)` counts them), in
    /// logical order, trailing white space reset to the paragraph's level (L1).
    let levels: [UInt8]

    /// Every character of a `count`-character text at level 0: the text laid out left to right
    /// in the order it is stored, as if the algorithm were not applied.
    static func logical(count: Int) -> BidiLine { BidiLine(levels: [UInt8](repeating: 0, count: count)) }

    private init(levels: [UInt8]) { self.levels = levels }

    /// Resolves the levels of `text`
    /// ([`fribidi_get_par_embedding_levels_ex`](https://github.com/fribidi/fribidi/blob/master/lib/fribidi-bidi.h),
    /// then `fribidi_reorder_line` for L1's trailing white space). A character takes the level of
    /// its first code point; the marks after it resolve to the same one (W1).
    ///
    /// A text that can have no right-to-left level (`mayRunRightToLeft` is false: Latin, CJK,
    /// emoji…) is at level 0 throughout without asking FriBidi, which is then not even loaded.
    /// - Throws: ``BidiError`` if FriBidi cannot be loaded, or fails (only when memory runs out).
    init(_ text: String) throws {
        self = Self.mayRunRightToLeft(text) ? try BidiLine(resolving: text) : .logical(count: text.count)
    }

    /// The levels of `text` as FriBidi resolves them, whatever the text.
    init(resolving text: String) throws {
        let fribidi = try FriBidi.loaded.get()
        let scalars = text.unicodeScalars.map(\.value)
        let count = FriBidiStrIndex(scalars.count)
        var types = [FriBidiCharType](repeating: FriBidiCharType(0), count: scalars.count)
        var brackets = [FriBidiBracketType](repeating: 0, count: scalars.count)
        var levels = [FriBidiLevel](repeating: 0, count: scalars.count)
        var base = FRIBIDI_PAR_ON
        fribidi.bidiTypes(scalars, count, &types)
        fribidi.bracketTypes(scalars, count, types, &brackets)
        guard scalars.isEmpty || fribidi.paragraphLevels(types, brackets, count, &base, &levels) > 0,
              scalars.isEmpty || fribidi.reorderLine(0, types, count, 0, base, &levels, nil, nil) > 0
        else { throw BidiError.failed(text) }
        var perCharacter: [UInt8] = []
        var scalar = 0
        for character in text {
            perCharacter.append(UInt8(levels[scalar]))
            scalar += character.unicodeScalars.count
        }
        self.levels = perCharacter
    }

    /// Whether `text` is a right-to-left paragraph (its first strong character is right to left):
    /// then every character resolves to level 1 or above. FriBidi is asked only when the text can
    /// run right to left at all.
    static func isRightToLeft(_ text: String) throws -> Bool {
        guard mayRunRightToLeft(text) else { return false }
        return (try BidiLine(resolving: text).levels.min() ?? 0) % 2 == 1
    }

    /// Whether any character of `text` can resolve to an odd (right-to-left) level: one of the
    /// blocks whose characters are right-to-left or Arabic numbers (UAX #9's default `R` and
    /// `AL` ranges hold every such character), or a right-to-left mark, embedding, override or
    /// isolate. Any other text resolves to even levels only, which L2 leaves in stored order.
    static func mayRunRightToLeft(_ text: String) -> Bool {
        text.unicodeScalars.contains { scalar in
            switch scalar.value {
            case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF: true
            case 0x200F, 0x202B, 0x202E, 0x2067: true  // RLM, RLE, RLO, RLI
            default: false
            }
        }
    }

    /// The pieces of `runs` (face runs of the text, in logical order) cut where the level
    /// changes, each with its level and the script HarfBuzz shapes it in, in visual order, left
    /// to right: the runs reordered by their levels (L2). `clusters` are the UTF-8 start offsets
    /// of the characters, and `scripts` each character's script tag (nil for common ones). A piece is
    /// shaped in the first script among its characters; one of common characters only (`30`)
    /// in that of the nearest character before it that has one, else after it.
    func pieces(of runs: [TextRun], clusters: [Int], scripts: [UInt32?]) -> [BidiPiece] {
        let resolved = Self.inherited(scripts)
        var pieces: [BidiPiece] = []
        var character = 0
        for run in runs {
            while character < clusters.count, clusters[character] < run.bytes.upperBound {
                let start = clusters[character], level = levels[character]
                var end = character + 1
                while end < clusters.count, clusters[end] < run.bytes.upperBound, levels[end] == level { end += 1 }
                let upper = end < clusters.count ? min(clusters[end], run.bytes.upperBound) : run.bytes.upperBound
                let script = scripts[character..<end].first { $0 != nil } ?? resolved[character]
                pieces.append(BidiPiece(run: TextRun(face: run.face, bytes: start..<upper), level: level, script: script))
                character = end
            }
        }
        return Self.visualOrder(pieces.map(\.level)).map { pieces[$0] }
    }

    /// The positions of items at `levels` in visual order (UAX #9 L2): from the highest level
    /// down to the lowest odd one, every maximal sequence at that level or higher is reversed.
    static func visualOrder(_ levels: [UInt8]) -> [Int] {
        var order = Array(levels.indices)
        guard let highest = levels.max(), let lowest = levels.min() else { return order }
        var level = highest
        while level >= lowest | 1 {
            var i = 0
            while i < order.count {
                guard levels[order[i]] >= level else { i += 1; continue }
                var j = i
                while j < order.count, levels[order[j]] >= level { j += 1 }
                order[i..<j].reverse()
                i = j
            }
            level -= 1
        }
        return order
    }

    /// Each character's script, common ones given their neighbour's: the last known script before
    /// them, or for leading ones the first after them.
    private static func inherited(_ scripts: [UInt32?]) -> [UInt32?] {
        var result = scripts
        var last = scripts.first { $0 != nil } ?? nil
        for i in result.indices {
            if let script = result[i] { last = script } else { result[i] = last }
        }
        return result
    }
}

/// A stretch of a ``TextRun`` at one bidi level: what HarfBuzz shapes in one direction.
struct BidiPiece: Equatable {
    /// The face and the bytes of the text.
    var run: TextRun
    /// The embedding level; odd is right to left.
    var level: UInt8
    /// The script to shape it in (an ISO 15924 tag as HarfBuzz's `hb_script_t` holds it), or nil
    /// when the whole text has no script of its own (digits, punctuation).
    var script: UInt32?

    /// Whether it runs right to left (an odd level).
    var isRightToLeft: Bool { level % 2 == 1 }
}

/// GNU FriBidi, opened with `dlopen` the first time a text may run right to left: linked, it
/// cost every command about 240,000 instructions of start-up (the dynamic loader searching one
/// more library for every symbol), though only text with Arabic or Hebrew needs it.
struct FriBidi: Sendable {
    typealias BidiTypes = @convention(c) (UnsafePointer<FriBidiChar>?, FriBidiStrIndex, UnsafeMutablePointer<FriBidiCharType>?) -> Void
    typealias BracketTypes = @convention(c) (UnsafePointer<FriBidiChar>?, FriBidiStrIndex, UnsafePointer<FriBidiCharType>?,
                                             UnsafeMutablePointer<FriBidiBracketType>?) -> Void
    typealias ParagraphLevels = @convention(c) (UnsafePointer<FriBidiCharType>?, UnsafePointer<FriBidiBracketType>?, FriBidiStrIndex,
                                                UnsafeMutablePointer<FriBidiParType>?, UnsafeMutablePointer<FriBidiLevel>?) -> FriBidiLevel
    typealias ReorderLine = @convention(c) (FriBidiFlags, UnsafePointer<FriBidiCharType>?, FriBidiStrIndex, FriBidiStrIndex, FriBidiParType,
                                            UnsafeMutablePointer<FriBidiLevel>?, UnsafeMutablePointer<FriBidiChar>?,
                                            UnsafeMutablePointer<FriBidiStrIndex>?) -> FriBidiLevel

    /// `fribidi_get_bidi_types`.
    let bidiTypes: BidiTypes
    /// `fribidi_get_bracket_types`.
    let bracketTypes: BracketTypes
    /// `fribidi_get_par_embedding_levels_ex`.
    let paragraphLevels: ParagraphLevels
    /// `fribidi_reorder_line`.
    let reorderLine: ReorderLine

    /// The library's soname in Debian's libfribidi0.
    static let soname = "libfribidi.so.0"
    /// The library, opened once per process.
    static let loaded: Result<FriBidi, BidiError> = Result { () throws(BidiError) in try FriBidi() }

    private init() throws(BidiError) {
        guard let library = dlopen(Self.soname, RTLD_NOW | RTLD_LOCAL) else { throw .unavailable(Self.reason()) }
        func symbol<T>(_ name: String, as type: T.Type) throws(BidiError) -> T {
            guard let address = dlsym(library, name) else { throw .unavailable(tr("{library} lacks {symbol}", ["library": Self.soname, "symbol": name])) }
            return unsafeBitCast(address, to: type)
        }
        bidiTypes = try symbol("fribidi_get_bidi_types", as: BidiTypes.self)
        bracketTypes = try symbol("fribidi_get_bracket_types", as: BracketTypes.self)
        paragraphLevels = try symbol("fribidi_get_par_embedding_levels_ex", as: ParagraphLevels.self)
        reorderLine = try symbol("fribidi_reorder_line", as: ReorderLine.self)
    }

    private static func reason() -> String { dlerror().map { String(cString: $0) } ?? tr("cannot open {soname}", ["soname": soname]) }
}

/// Text that runs right to left could not be laid out.
public enum BidiError: TagProjError, Equatable {
    /// GNU FriBidi cannot be opened (`reason` is the dynamic loader's).
    case unavailable(String)
    /// FriBidi failed on the text, which it does only when memory runs out.
    case failed(String)

    /// `cannot load GNU FriBidi for right-to-left text: …`.
    public var message: String {
        switch self {
        // TRANSLATORS: {reason} is the dynamic loader's own words.
        case .unavailable(let reason): tr("cannot load GNU FriBidi for right-to-left text: {reason}", ["reason": reason])
        case .failed(let text): tr("the bidirectional algorithm (FriBidi) failed on “{text}”", ["text": text])
        }
    }

    /// The package that brings the library.
    public var advice: String? {
        if case .unavailable = self { tr("install the Debian package libfribidi0") } else { nil }
    }

    /// The machine lacks something, or ran out of memory: not the text's fault.
    public var meaning: ErrorMeaning { .notPossible }
}
