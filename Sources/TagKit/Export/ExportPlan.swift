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
    case classic(reason: String)

    /// `lossless` or `classic`, as `--json` prints it.
    public var name: String {
        if case .lossless = self { return "lossless" }
        return "classic"
    }

    /// Why the classic path was taken; nil for the lossless one.
    public var reason: String? {
        if case .classic(let reason) = self { return reason }
        return nil
    }

    /// The plan for a source in `sourceFormat` with EXIF `orientation` and `crop`, written as
    /// `format` with `options`. The first reason that rules the lossless path out is given.
    public static func choose(sourceFormat: String, orientation: Int, crop: Crop, format: ImageFormat,
                              options: ExportOptions) -> ExportPlan {
        if format != .jpeg { return .classic(reason: "the output is \(format.displayName), not JPEG") }
        if sourceFormat != ImageFormat.jpeg.rawValue {
            return .classic(reason: "the source is \(ImageFormat(rawValue: sourceFormat)?.displayName ?? sourceFormat), not JPEG")
        }
        if options.reencode { return .classic(reason: "re-encoding was asked for") }
        if options.quality != ExportOptions().quality { return .classic(reason: "a quality was asked for") }
        if options.size != .full { return .classic(reason: "a size was asked for") }
        // The coefficient writer copies no density; a resolution asked for is written by the encoder.
        if options.dpi != nil { return .classic(reason: "a resolution was asked for") }
        if orientation != 1 { return .classic(reason: "the photo is turned (EXIF orientation \(orientation))") }
        if crop != .full { return .classic(reason: "the photo is cropped") }
        return .lossless
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
        let source = try store.source()
        return ExportPlan.choose(sourceFormat: source.format, orientation: source.orientation, crop: source.crop,
                                 format: format, options: options)
    }
}
