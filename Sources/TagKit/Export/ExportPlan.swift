/// How an export is made: the lossless JPEG path or the classic decode–draw–encode path.
///
/// JPEG to JPEG at the source's own size keeps every 8×8 block no tag touches as it was, and
/// re-encodes only the MCUs under the tags with the source's own tables (see `LosslessJPEG`).
/// Everything else, and whatever the lossless path cannot do yet, takes the classic path; the
/// reason is said so that `export --json` and `info` can report it.
public enum ExportPlan: Equatable, Sendable {
    /// Untouched blocks copied, the tags' MCUs re-encoded.
    case lossless
    /// Decode, orient, crop, resample, draw, encode at `ExportOptions.quality`, for `reason`.
    case classic(reason: PlanReason)

    /// `lossless` or `classic`, as `--json` prints it.
    public var name: String {
        if case .lossless = self { return "lossless" }
        return "classic"
    }

    /// Why the classic path was taken, in English (as `--json` carries it); nil for the lossless one.
    public var reason: String? {
        if case .classic(let reason) = self { return reason.english }
        return nil
    }

    /// Why the classic path was taken, in the current language; nil for the lossless one.
    public var wordedReason: String? {
        if case .classic(let reason) = self { return reason.description }
        return nil
    }

    /// The plan for a source in `sourceFormat` with EXIF `orientation` and `crop`, written as
    /// `format` with `options`. The first reason that rules the lossless path out is given (in
    /// English whatever the user's language: `--json` carries it as it is). A
    /// turned or cropped JPEG is lossless when its block grid (`grid`, asked for only then; nil
    /// when its headers cannot be read) allows the turn and crop block by block.
    public static func choose(sourceFormat: ImageFormat, orientation: Orientation, crop: Crop, format: ImageFormat,
                              options: ExportOptions, grid: () throws -> LosslessJPEG.Grid? = { nil }) rethrows -> ExportPlan {
        if format != .jpeg { return .classic(reason: PlanReason { tr("the output is {format}, not JPEG", ["format": format.displayName]) }) }
        if sourceFormat != .jpeg { return .classic(reason: PlanReason { tr("the source is {format}, not JPEG", ["format": sourceFormat.displayName]) }) }
        if options.reencode { return .classic(reason: PlanReason { tr("re-encoding was asked for") }) }
        if options.quality != ExportOptions().quality { return .classic(reason: PlanReason { tr("a quality was asked for") }) }
        if options.size != .full { return .classic(reason: PlanReason { tr("a size was asked for") }) }
        // The coefficient writer copies no density; a resolution asked for is written by the encoder.
        if options.dpi != nil { return .classic(reason: PlanReason { tr("a resolution was asked for") }) }
        if orientation == .upright && crop == .full { return .lossless }
        guard let grid = try grid() else {
            return .classic(reason: orientation != .upright
                ? PlanReason { tr("the photo is turned (EXIF orientation {orientation})", ["orientation": orientation.rawValue]) }
                : PlanReason { tr("the photo is cropped") })
        }
        return LosslessJPEG.obstacle(orientation: orientation, crop: crop, grid: grid).map { .classic(reason: PlanReason(english: $0)) } ?? .lossless
    }

    /// `{"path":"lossless"}` or `{"path":"classic","reason":"…"}`: the `plan` member of
    /// `export --json` and `info --json`.
    public var json: JSON {
        .object([("path", .string(name))] + (reason.map { [("reason", JSON.string($0))] } ?? []))
    }
}

extension Project {
    /// The plan an export to `format` with `options` would follow (only the project is read).
    public func exportPlan(format: ImageFormat = .jpeg, options: ExportOptions = ExportOptions()) throws -> ExportPlan {
        try exportPlan(source: store.source(), format: format, options: options)
    }

    /// The plan for `source`; a turned or cropped JPEG's headers are read from the project. A
    /// photo whose headers cannot be read takes the classic path (whose decoder then says why);
    /// a lock held too long or memory running out is no answer about the photo and passes up.
    func exportPlan(source: ProjectStore.Source, format: ImageFormat, options: ExportOptions) throws -> ExportPlan {
        try ExportPlan.choose(sourceFormat: source.format, orientation: source.orientation, crop: source.crop,
                              format: format, options: options) {
            let bytes: [UInt8]
            do {
                bytes = try store.sourceBytes()
            } catch let error as any TagProjError where error.meaning == .busy || error.meaning == .internalFailure || error.meaning == .io {
                throw error
            } catch {
                return nil
            }
            return bytes.withUnsafeBytes { LosslessJPEG.Grid(jpeg: $0) }
        }
    }
}

/// Why an export takes the classic path: worded in the reader's language when read, and in
/// English for `--json`, which is the same in every language.
public struct PlanReason: Equatable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The reason in English.
    public let english: String
    private let wording: @Sendable () -> String

    /// A reason worded by `wording` (a `tr` call), in whatever language is current when it is read.
    init(_ wording: @escaping @Sendable () -> String) {
        self.wording = wording
        english = Messages.speaking(.english, wording)
    }

    /// A reason that has only its English (the lossless path's own obstacles, worded in C).
    public init(english: String) {
        self.english = english
        wording = { english }
    }

    public init(stringLiteral english: String) { self.init(english: english) }

    /// The reason in the current language.
    public var description: String { wording() }

    public static func == (a: PlanReason, b: PlanReason) -> Bool { a.english == b.english }
}
