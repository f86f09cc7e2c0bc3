import Testing
@testable import TagKit

/// `ReadAheadRows`: another source's rows read on a thread of their own, a few bands ahead.
@Suite struct ReadAheadRowsTests {
    /// A source that gives its rows and then fails at row `failing`.
    struct Failing: RowSource {
        var rows: PixelBufferRows
        let failing: Int
        var next = 0
        var width: Int { rows.width }
        var height: Int { rows.height }
        var channels: Int { rows.channels }
        mutating func readRows(into buffer: UnsafeMutableBufferPointer<UInt8>, count: Int) throws -> Int {
            guard next + count <= failing else { throw ImageError.damaged(.jpeg, "row \(failing) is damaged") }
            let n = try rows.readRows(into: buffer, count: count)
            next += n
            return n
        }
    }

    @Test(arguments: [(1, 2), (7, 3), (32, 4), (500, 2)])
    func theRowsAreTheSourcesInOrder(bandRows: Int, bands: Int) throws {
        let picture = testPattern(width: 37, height: 211, channels: 3)
        var ahead = ReadAheadRows(PixelBufferRows(picture), bandRows: bandRows, bands: bands)
        // Read in pieces that do not line up with the bands.
        var out = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 13 * picture.width * 3)
        while true {
            let n = try chunk.withUnsafeMutableBufferPointer { try ahead.readRows(into: $0, count: 13) }
            if n == 0 { break }
            out += chunk.prefix(n * picture.width * 3)
        }
        #expect(out == picture.bytes)
    }

    @Test func theSourcesErrorComesAfterTheRowsBeforeIt() throws {
        let picture = testPattern(width: 20, height: 100, channels: 4)
        var ahead = ReadAheadRows(Failing(rows: PixelBufferRows(picture), failing: 64), bandRows: 16, bands: 2)
        var chunk = [UInt8](repeating: 0, count: 64 * picture.width * 4)
        #expect(try chunk.withUnsafeMutableBufferPointer { try ahead.readRows(into: $0, count: 64) } == 64)
        #expect(Array(chunk) == Array(picture.bytes.prefix(chunk.count)))
        #expect(throws: ImageError.self) { _ = try chunk.withUnsafeMutableBufferPointer { try ahead.readRows(into: $0, count: 1) } }
    }

    @Test func aReaderThatStopsEarlyStopsTheThread() throws {
        // The thread waits with its bands full; letting go of the reader must end it, not hang.
        for _ in 0..<50 {
            var ahead = ReadAheadRows(PixelBufferRows(testPattern(width: 64, height: 400, channels: 3)), bandRows: 4, bands: 2)
            var row = [UInt8](repeating: 0, count: 64 * 3)
            #expect(try row.withUnsafeMutableBufferPointer { try ahead.readRows(into: $0, count: 1) } == 1)
        }
    }
}
