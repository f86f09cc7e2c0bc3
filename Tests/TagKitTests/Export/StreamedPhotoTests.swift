import Foundation
import Testing
@testable import TagKit

/// A progressive photo is fed to libjpeg from the project a piece at a time, and the project is
/// let go of before the picture is written.
@Suite struct StreamedPhotoTests {
    /// The coffee fixture (600×400) as a progressive JPEG made by libjpeg's own `cjpeg`, over
    /// 64 KiB so that libjpeg asks for it in several pieces.
    static func progressivePhoto(in dir: TemporaryDirectory) throws -> String {
        let pixels = try ImageDecoder.decode(Array(contents(Fixtures.coffee)!)).pixels
        var ppm = Array("P6\n\(pixels.width) \(pixels.height)\n255\n".utf8)
        for y in 0..<pixels.height { ppm += pixels.row(y) }
        try Data(ppm).write(to: URL(fileURLWithPath: dir.file("coffee.ppm")))
        let cjpeg = Process()
        cjpeg.executableURL = URL(fileURLWithPath: "/usr/bin/cjpeg")
        cjpeg.arguments = ["-progressive", "-quality", "98", "-outfile", dir.file("coffee.jpg"), dir.file("coffee.ppm")]
        try cjpeg.run()
        cjpeg.waitUntilExit()
        try #require(cjpeg.terminationStatus == 0)
        try #require(contents(dir.file("coffee.jpg"))!.count > JPEGRowReader.streamChunk)
        return dir.file("coffee.jpg")
    }

    /// A reader of `bytes` from the start that counts what it has given in `given`.
    final class Pieces {
        let bytes: [UInt8]
        var given = 0
        init(_ bytes: [UInt8]) { self.bytes = bytes }
        func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
            let n = min(buffer.count, bytes.count - given)
            bytes.withUnsafeBytes { buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[given..<(given + n)])) }
            given += n
            return n
        }
    }

    /// A multi-scan reader of `bytes` read in pieces of `chunk` bytes, and what it was given.
    static func streamed(_ bytes: [UInt8], reduction: Int = 1, chunk: Int = JPEGRowReader.streamChunk) throws
        -> (reader: JPEGRowReader?, given: Int) {
        let pieces = Pieces(bytes)
        let reader = try JPEGRowReader.multipleScans(reading: pieces.read(into:), rereading: { Pieces(bytes).read(into:) },
                                                     reduction: reduction, chunk: chunk)
        return (reader, pieces.given)
    }

    /// Every row `reader` gives, one after the other.
    static func allRows(_ reader: some ImageRowReader) throws -> [UInt8] {
        var reader = reader
        var rows = [UInt8](repeating: 0, count: reader.height * reader.rowBytes)
        var done = 0
        while done < reader.height {
            let n = try rows.withUnsafeMutableBufferPointer { whole in
                try reader.readRows(into: UnsafeMutableBufferPointer(rebasing: whole[(done * reader.rowBytes)...]),
                                    count: reader.height - done)
            }
            try #require(n > 0)
            done += n
        }
        return rows
    }

    @Test(arguments: [1, 2, 4])
    func aProgressiveJPEGReadInPiecesDecodesAsTheWholeFile(reduction: Int) throws {
        let dir = TemporaryDirectory()
        let bytes = [UInt8](contents(try Self.progressivePhoto(in: dir))!)
        let whole = try JPEGRowReader(bytes, reduction: reduction)
        let wholeRows = try Self.allRows(whole)
        for chunk in [2, 1000, JPEGRowReader.streamChunk] {
            let (reader, given) = try Self.streamed(bytes, reduction: reduction, chunk: chunk)
            let streamed = try #require(reader)
            #expect(given == bytes.count, "all of the file read before the first row")
            #expect(streamed.width == whole.width && streamed.height == whole.height)
            #expect(try Self.allRows(streamed) == wholeRows, "chunk \(chunk)")
        }
    }

    @Test func aBaselineJPEGIsLeftToTheWholeBytesAfterItsHeaders() throws {
        let bytes = [UInt8](contents(Fixtures.path("Fixtures/images/jpeg-baseline.jpg"))!)
        let (reader, given) = try Self.streamed(bytes, chunk: 256)
        #expect(reader == nil)
        #expect(given < bytes.count)
    }

    @Test(arguments: ["scans-3000.jpg", "scan-flood.jpg"])
    func thousandsOfScansAreRefusedBeforeLibjpegDecodesThem(file: String) throws {
        let flood = [UInt8](contents(Fixtures.path("Fixtures/hostile/" + file))!)
        #expect(throws: ImageError.damaged(.jpeg, "progressive JPEG has more than 100 scans")) {
            _ = try Self.streamed(flood, chunk: 512)
        }
        // libjpeg had the headers only: the count came from a walk over the markers.
        var pieces = Pieces(flood)
        var counted = 0
        _ = try? JPEGRowReader.multipleScans(reading: pieces.read(into:), rereading: {
            counted += 1
            return Pieces(flood).read(into:)
        }, chunk: 512)
        #expect(counted == 1 && pieces.given <= 1024)
        pieces = Pieces(flood)
        #expect(JPEGScanCounter.count(reading: pieces.read(into:), chunk: 7) == 101)
    }

    @Test func theScansCountedInPiecesAreTheScansOfTheWholeFile() throws {
        let dir = TemporaryDirectory()
        for bytes in [try [UInt8](contents(Self.progressivePhoto(in: dir))!),
                      [UInt8](contents(Fixtures.path("Fixtures/images/jpeg-progressive.jpg"))!),
                      [UInt8](contents(Fixtures.path("Fixtures/images/jpeg-baseline.jpg"))!)] {
            // The probe counts from the first scan's data on (these headers hold no FF DA).
            let sos = try #require(bytes.indices.first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xDA })
            let data = sos + 2 + (Int(bytes[sos + 2]) << 8 | Int(bytes[sos + 3]))
            let whole = bytes.withUnsafeBytes { JPEGProbe.scans(in: ByteView($0), from: data) }
            for chunk in [1, 2, 3, 100, 1 << 16] {
                #expect(JPEGScanCounter.count(reading: Pieces(bytes).read(into:), chunk: chunk) == whole, "chunk \(chunk)")
            }
        }
    }

    @Test func aProgressiveExportIsTheExportOfTheWholeBytes() throws {
        let dir = TemporaryDirectory()
        let photo = try Self.progressivePhoto(in: dir)
        let project = try Project.create(at: dir.file("p.tagproj"), imagePath: photo, options: NewProjectOptions())
        let fonts = try FontSystem()
        _ = try project.perform(.add(kind: .dish, text: "Flat white", at: nil, side: nil), fonts: fonts)
        _ = try project.perform(.add(kind: .price, text: "3.50", at: nil, side: nil), fonts: fonts)
        for name in ["out.png", "out.jpg"] {
            var options = ExportOptions()
            options.quality = name == "out.jpg" ? 90 : nil
            let result = try project.export(to: dir.file(name), options: options, reusing: fonts)
            #expect(result.plan != .lossless)
            // The same export, its photo decoded from the whole file in memory.
            let source = try project.store.source()
            let layout = try SceneLayout(tags: project.tags(), settings: project.settings(), size: source.size, fonts: fonts)
            let bytes = [UInt8](contents(photo)!).withUnsafeBytes { SharedBytes(copying: $0) }
            var reader = try ImageDecoder.rowReader(sharing: bytes, picture: source.size, output: source.size)
            let sink = MemorySink()
            try ExportPipeline(orientation: .upright, crop: .full, scene: layout.scene, format: result.format, options: options, sink: sink)
                .run(&reader)
            #expect([UInt8](contents(dir.file(name))!) == sink.bytes, "\(name)")
        }
    }

    @Test func aTruncatedPhotoIsRefusedAsDamagedAndNothingIsWritten() throws {
        let dir = TemporaryDirectory()
        let project = try Project.create(at: dir.file("p.tagproj"), imagePath: try Self.progressivePhoto(in: dir), options: NewProjectOptions())
        // Cut inside the scans, past the first piece libjpeg asks for.
        try Database(path: dir.file("p.tagproj")).execute("UPDATE source_bytes SET bytes = substr(bytes, 1, 70000) WHERE id = 1")
        do {
            _ = try project.export(to: dir.file("out.png"), options: ExportOptions())
            Issue.record("a truncated photo was exported")
        } catch let error as ImageFileError {
            #expect(error.subject == .photo(inProject: dir.file("p.tagproj")))
            #expect(error.meaning == .badData, "\(error.message)")
            guard case .damaged(.jpeg, _) = error.error else { Issue.record("\(error)"); return }
        }
        #expect(contents(dir.file("out.png")) == nil)
    }

    @Test func anEditInAnotherConnectionWaitsOnlyWhileTheScansAreRead() throws {
        let dir = TemporaryDirectory()
        let photo = try Self.progressivePhoto(in: dir)
        _ = try Project.create(at: dir.file("p.tagproj"), imagePath: photo, options: NewProjectOptions())
        let reading = try Project.open(dir.file("p.tagproj"), forWriting: false)
        let writer = try Project.open(dir.file("p.tagproj"), forWriting: true, busyTimeoutMS: 0)
        let source = try reading.store.source()
        // While the blob is open, the reader's lock keeps a commit out…
        _ = try reading.store.withSourceBlob { _ in
            #expect(throws: SQLiteError.self) { try writer.perform(.set(SettingsChange(tagScale: 1.5))) }
        }
        // …and once the decoder has the scans, before its first row, the lock is gone.
        let reader = try reading.photoReader(source, maxPixels: ImageDecoder.defaultMaxPixels, output: source.size)
        #expect(reader is JPEGRowReader)
        _ = try writer.perform(.set(SettingsChange(tagScale: 1.5)))
        #expect(try Self.allRows(reader) == Self.allRows(JPEGRowReader([UInt8](contents(photo)!))))
    }
}
