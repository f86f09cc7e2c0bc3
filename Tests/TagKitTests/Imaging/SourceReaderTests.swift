import Testing
@testable import TagKit

extension ImagingTests {
/// `ImageCodec.rowReader(from:maxPixels:reduction:)`: each codec makes its reader from wherever
/// the file is, reading it as little as its format allows; export and the preview decode so.
@Suite struct SourceReaderTests {
    /// A file in memory as an `ImageSource`, counting how it was read.
    final class CountingSource: ImageSource {
        let bytes: [UInt8]
        private(set) var wholeReads = 0
        private(set) var piecesOpened = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        func wholeBytes() throws -> SharedBytes {
            wholeReads += 1
            return bytes.withUnsafeBytes { SharedBytes(copying: $0) }
        }

        func withPieces<T>(_ body: (_ read: ByteReader, _ rereading: () throws -> ByteReader) throws -> T) throws -> T {
            piecesOpened += 1
            return try body(StreamedPhotoTests.Pieces(bytes).read(into:), { StreamedPhotoTests.Pieces(self.bytes).read(into:) })
        }
    }

    /// The reader `ImageDecoder` makes from `source` for the whole picture, said to be `format`.
    static func reader(_ source: CountingSource, format: ImageFormat, output: ((Int, Int)) -> (Int, Int) = { $0 }) throws
        -> any ImageRowReader {
        let info = try ImageProbe.probe(source.bytes)
        let (w, h) = output((info.storedWidth, info.storedHeight))
        return try ImageDecoder.rowReader(from: source, format: format, picture: PictureSize(width: info.storedWidth, height: info.storedHeight),
                                          output: PictureSize(width: w, height: h))
    }

    @Test(arguments: [("jpeg-progressive.jpg", 1, 0), ("jpeg-baseline.jpg", 1, 1), ("png-rgb8.png", 0, 1),
                      ("png-palette4-interlaced.png", 0, 1), ("webp-lossy.webp", 0, 1), ("heic-8bit.heic", 0, 1), ("avif-alpha.avif", 0, 1)])
    func theReaderFromASourceGivesTheRowsOfTheWholeFilesReader(_ file: String, pieces: Int, whole: Int) throws {
        let source = CountingSource(try Fixture.bytes(file))
        let format = try ImageProbe.probe(source.bytes).format
        let reader = try Self.reader(source, format: format)
        // A multi-scan JPEG is read in pieces only; a single-scan one has its headers read so,
        // then is read whole; every other format is read whole.
        #expect(source.piecesOpened == pieces && source.wholeReads == whole)
        let expected = try source.bytes.withUnsafeBytes { try ImageDecoder.rowReader(for: $0) }
        #expect(reader.format == format && reader.width == expected.width && reader.height == expected.height)
        #expect(try StreamedPhotoTests.allRows(reader) == StreamedPhotoTests.allRows(expected))
    }

    @Test(arguments: ["jpeg-progressive.jpg", "jpeg-baseline.jpg"])
    func aJPEGFromASourceIsDecodedReducedForASmallOutput(_ file: String) throws {
        let source = CountingSource(try Fixture.bytes(file))
        let info = try ImageProbe.probe(source.bytes)
        let reader = try Self.reader(source, format: .jpeg) { ($0.0 / 4, $0.1 / 4) }
        #expect(reader.width == (info.storedWidth + 3) / 4 && reader.height == (info.storedHeight + 3) / 4)
    }

    @Test func aFileReadWholeThatIsNotWhatItIsSaidToBeDecodesAsWhatItIs() throws {
        let reader = try Self.reader(CountingSource(try Fixture.bytes("jpeg-baseline.jpg")), format: .png)
        #expect(reader.format == .jpeg)
    }

    @Test func aFileReadInPiecesThatIsNotAJPEGIsRefusedByLibjpeg() throws {
        let source = CountingSource(try Fixture.bytes("png-rgb8.png"))
        do {
            _ = try Self.reader(source, format: .jpeg)
            Issue.record("a PNG was read as a JPEG")
        } catch let error as ImageError {
            guard case .damaged(.jpeg, _) = error else { Issue.record("\(error)"); return }
        }
        #expect(source.wholeReads == 0)
    }

    @Test func aFormatNotReadIsRefusedBeforeTheSourceIsRead() throws {
        let source = CountingSource(try Fixture.bytes("png-rgb8.png"))
        #expect(throws: ImageError.otherFormat(.gif)) { try Self.reader(source, format: .gif) }
        #expect(source.piecesOpened == 0 && source.wholeReads == 0)
    }
}
}
