import Glibc
import TagKit

/// What the fuzz targets do with one input, shared with the regression test that replays every
/// file in `Fixtures/regressions/` through the same code in the normal test suite.
///
/// Each body must return normally for every input: any `TagProjError` thrown for bad input is
/// the expected outcome, while a crash, a sanitizer report, a hang or a non-TagProj error is a
/// finding. The limits are lowered (4 megapixels) so the fuzzer spends its time on parsing, not
/// on decoding large legitimate pictures.
public enum FuzzBodies {
    /// The pixel limit the decode target uses.
    public static let maxPixels = 4_000_000

    /// Probes `bytes` as an image, decodes it whole, and applies every EXIF orientation to it.
    /// Returns whether the input decoded.
    @discardableResult
    public static func decode(_ bytes: UnsafeRawBufferPointer) -> Bool {
        do {
            let info = try ImageProbe.probe(bytes)
            let decoded = try ImageDecoder.decode(bytes, maxPixels: maxPixels, applyOrientation: false)
            precondition(decoded.pixels.width * decoded.pixels.height * decoded.pixels.channels == decoded.pixels.bytes.count)
            var rows = PixelBufferRows(decoded.pixels)
            _ = try info.orientation.readUpright(&rows)
            if info.format == .jpeg { try jpegRegion(bytes, orientation: info.orientation) }
            return true
        } catch is any TagProjError {
            return false
        } catch {
            fatalError("decode threw a non-tagproj error: \(error)")
        }
    }

    /// Decodes a part of a JPEG alone (`JPEGRegion`, as the editor's zoomed view does): the part,
    /// the scale (eighths) and the turn chosen from the input's length, so the fuzzer's inputs
    /// reach libjpeg's crop and skip on every edge and scale.
    static func jpegRegion(_ bytes: UnsafeRawBufferPointer, orientation: Orientation) throws {
        var random = SplitMix64(state: UInt64(bytes.count))
        let eighths = 1 + Int(random.next() % 8)
        let a = Double(random.next() % 1001) / 1000, b = Double(random.next() % 1001) / 1000
        let c = Double(random.next() % 1001) / 1000, d = Double(random.next() % 1001) / 1000
        let crop = Crop(x: min(a, b), y: min(c, d), width: max(abs(a - b), 0.001), height: max(abs(c - d), 0.001))
        let reader = try JPEGRowReader(sharing: SharedBytes(copying: bytes), maxPixels: maxPixels, eighths: eighths)
        var rows = try JPEGRegion.rows(reader, orientation: orientation, crop: crop)
        let part = try rows.readAll()
        precondition(part.width >= 1 && part.height >= 1)
    }

    /// Runs the lossless JPEG path on `bytes`: half the inputs (by length) upright, the others
    /// turned as an EXIF orientation chosen by the length asks (a transpose, which any picture
    /// allows, when its edges do not allow that one); three rectangles (one in the middle, one at
    /// the bottom-right edge, where MCUs are partial, one across the whole picture's top) are
    /// decoded, painted (red, but for the top one, inverted) and re-encoded, and the whole file is
    /// written to memory. When it
    /// succeeds, the output must decode to the size the rectangles were given; when it went by
    /// MCUs (its blocks copied, or coded again with new tables), to the very pixels the
    /// coefficient path writes; when the coefficient path read it upright, the own progressive path
    /// (`LosslessJPEG.export(consuming:)`) gives those pixels too, or leaves the photo to libjpeg.
    /// Returns whether the input went through.
    @discardableResult
    public static func lossless(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var orientation = bytes.count % 2 == 0 ? .upright : Orientation.allCases[bytes.count / 2 % 8]
        if let grid = LosslessJPEG.Grid(jpeg: bytes), LosslessJPEG.obstacle(orientation: orientation, crop: .full, grid: grid) != nil {
            orientation = .transpose
        }
        var picture = PictureSize(width: 0, height: 0)
        // With `consuming`, a copy of the photo the rewrite may use up, upright: a progressive photo
        // then goes to tagproj's own scan decoder and writer (nil when they leave it to libjpeg).
        func rewrite(byMCUs: Bool, consuming: Bool = false) throws -> (DecodedImage, LosslessJPEG.Outcome)? {
            let sink = MemorySink(), photo = consuming ? ConsumableBytes(count: bytes.count) { $0.copyMemory(from: bytes) } : nil
            let source = photo.map { UnsafeRawBufferPointer($0.buffer) } ?? bytes
            let outcome: LosslessJPEG.Outcome
            do {
                outcome = try withExtendedLifetime(photo) { try LosslessJPEG.rewrite(source, maxPixels: maxPixels, orientation: orientation, crop: nil,
                                                                                    byMCUs: byMCUs, consuming: consuming, to: sink) { size in
                picture = size
                let (w, h) = (size.width, size.height)
                return [PixelRect(x0: w / 3, y0: h / 3, x1: w / 2 + 1, y1: h / 2 + 1),
                        PixelRect(x0: w - w / 5 - 1, y0: h - h / 5 - 1, x1: w, y1: h),
                        PixelRect(x0: 0, y0: 0, x1: w, y1: min(h, 3))]
            } paint: { band, rect in
                // The rectangle at the top inverted; the others red, which gives a greyscale
                // picture colour planes.
                let red = rect.y0 > 0
                for y in band.rows where y >= rect.y0 && y < rect.y1 {
                    let row = band.row(y)
                    for x in rect.x0..<rect.x1 {
                        if red { (row[3 * x], row[3 * x + 1], row[3 * x + 2]) = (200, 30, 40) }
                        else { for i in 3 * x..<3 * x + 3 { row[i] = 255 &- row[i] } }
                    }
                }
            } }
            } catch is LosslessJPEG.UsedUp {
                return nil
            }
            return (try sink.bytes.withUnsafeBytes { try ImageDecoder.decode($0, maxPixels: maxPixels) }, outcome)
        }
        do {
            let (out, outcome) = try rewrite(byMCUs: true)!
            precondition(out.pixels.width == picture.width && out.pixels.height == picture.height, "the lossless output changed size")
            if outcome.byMCUs {
                let other = try rewrite(byMCUs: false)!.0
                precondition(other.pixels == out.pixels, "the MCU path and the coefficient path differ")
            } else if orientation == .upright {
                let own: DecodedImage?
                do {
                    own = try rewrite(byMCUs: false, consuming: true)?.0
                } catch {
                    preconditionFailure("libjpeg's coefficient path took the photo, tagproj's own progressive path threw \(error)")
                }
                if let own { precondition(own.pixels == out.pixels, "tagproj's own progressive path and libjpeg's differ") }
            }
            return true
        } catch is any TagProjError {
            return false
        } catch {
            fatalError("the lossless path threw a non-tagproj error: \(error)")
        }
    }

    /// `decode` for bytes that are a HEIC or AVIF by their `ftyp` brands, nothing else: libheif's
    /// box parser and the HEVC/AV1 decoders behind it get the whole of the fuzzer's time.
    @discardableResult
    public static func decodeHEIF(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let format = ImageProbe.format(of: bytes), format == .heic || format == .avif else { return false }
        return decode(bytes)
    }

    /// Writes `bytes` to a private temporary file and opens it as a project: `check`, then the
    /// tags, the history (its branch, its tree drawn, the start's state and its first two entries') and the info are read. Returns whether every step succeeded.
    @discardableResult
    public static func openProject(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var template = Array("/tmp/tagproj-fuzz-XXXXXX.tagproj".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemps($0.baseAddress!, 8) }
        precondition(fd >= 0, "cannot create a temporary file")
        let path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        defer {
            unlink(path)
            unlink(path + "-journal")
        }
        do { try FileDescriptorSink(fd: fd, name: path).write(bytes) } catch { fatalError("\(error)") }
        close(fd)
        do {
            let project = try Project.open(path, forWriting: false)
            var ok = true
            do { try project.check() } catch is any TagProjError { ok = false }
            _ = try project.tags()
            _ = try project.history()
            // The whole tree drawn, and the state of its first entries computed along it.
            let tree = try project.historyTree()
            _ = HistoryGraph.rows(tree)
            for seq in [0] + tree.items.prefix(2).map(\.seq) {
                do { _ = try project.state(at: seq) } catch is any TagProjError { ok = false }
            }
            _ = try project.info()
            _ = try project.keptMenuKeys()
            // The embedded font subsets, opened and checked as export opens them.
            do { _ = try project.fonts() } catch is any TagProjError {}
            return ok
        } catch is any TagProjError {
            return false
        } catch {
            fatalError("opening a project threw a non-tagproj error: \(error)")
        }
    }

    /// Reads `bytes` as a font subset a project carries and draws a sample of it (see
    /// `FontSystem.drawSample(of:pixelSizes:limit:)`): load, checks, shaping and rasterizing, with
    /// HarfBuzz and FreeType reading the bytes. The input is a 3-byte header, the glyph count the
    /// project records (big-endian) and 1 for a colour face, then the font itself, so the fuzzer
    /// gets past the glyph-count check. Returns whether the input drew.
    @discardableResult
    public static func font(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard bytes.count > 3 else { return false }
        let face = EmbeddedFace(priority: 0, family: "fuzz", style: "Regular", file: "fuzz", faceIndex: 0, isColor: bytes[2] == 1,
                                glyphs: Int(bytes[0]) << 8 | Int(bytes[1]), bytes: Array(bytes[3...]))
        do {
            // A size the colour strikes are shrunk to and one they are enlarged to.
            _ = try FontSystem.drawSample(of: face, pixelSizes: [14, 150])
            return true
        } catch is any TagProjError {
            return false
        } catch {
            fatalError("drawing a font subset threw a non-tagproj error: \(error)")
        }
    }

    /// Parses `bytes` as JSON (as the editor parses a request body); a text that parses must
    /// write back to JSON that parses to the same text again. A text that is a request (as
    /// `tagproj request`, `apply` and the editor read it) is decoded, and an export's options
    /// are resolved for pictures of the smallest, a usual and the largest sides a project holds
    /// (nothing is drawn or written). Returns whether the input parsed.
    @discardableResult
    public static func json(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let parser = JSONParser()
        let value: JSON
        do {
            value = try parser.parse(Array(bytes))
            let written = value.text
            let again = try parser.parse(written)
            precondition(again.text == written, "JSON does not round-trip: \(written) → \(again.text)")
        } catch {
            return false
        }
        if case .export(_, let options, _)? = try? RequestCodec.request(from: value) { exportSizes(options) }
        return true
    }

    /// Resolves `options` for pictures from 1×1 to 1,000,000×1,000,000 (the sides a project's
    /// source row may have): a size is refused as an error or is at least 1×1 and within the limit.
    static func exportSizes(_ options: ExportOptions) {
        let pictures = [(1, 1), (600, 400), (1_000_000, 1), (1, 1_000_000), (1_000_000, 1_000_000)]
        for (width, height) in pictures {
            guard let size = try? options.outputSize(for: PictureSize(width: width, height: height)) else { continue }
            let (pixels, overflow) = size.width.multipliedReportingOverflow(by: size.height)
            precondition(size.width >= 1 && size.height >= 1 && !overflow && pixels <= options.maxPixels,
                         "\(options.size) of \(width)×\(height) resolved to \(size.width)×\(size.height), past \(options.maxPixels) pixels")
        }
    }
}
