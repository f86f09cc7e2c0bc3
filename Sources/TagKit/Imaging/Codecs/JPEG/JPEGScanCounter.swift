import Glibc

/// Counts a JPEG's scans from pieces of the file given in order: markers found by their `FF` (the
/// entropy-coded data skipped with `memchr`), segments skipped by their lengths, counting stopped
/// at EOI or past `JPEGProbe.maxScans`. A file read a piece at a time has its scans counted before
/// libjpeg decodes any of them; `JPEGProbe.scans(in:from:)` feeds a file held whole as one piece.
struct JPEGScanCounter {
    /// The scans (SOS markers) seen so far, and any counted before the first piece.
    private(set) var scans: Int

    /// A walk that starts between markers with `scans` already counted.
    init(scans: Int = 0) { self.scans = scans }
    /// Whether the walk is over: the end marker seen, or more scans than `JPEGProbe.maxScans`.
    var finished: Bool { ended || scans > JPEGProbe.maxScans }

    private var ended = false
    private var state = State.data

    private enum State {
        /// Between markers or in entropy-coded data: looking for the next `FF`.
        case data
        /// After an `FF`: the marker's code comes next.
        case marker
        /// A segment's two length bytes, the first of them once read.
        case length(high: UInt8?)
        /// Inside a segment, this many bytes left.
        case skip(Int)
    }

    /// Walks the next `piece` of the file.
    mutating func feed(_ piece: UnsafeRawBufferPointer) {
        guard let base = piece.baseAddress else { return }
        var i = 0
        while i < piece.count && !finished {
            switch state {
            case .data:
                guard let found = memchr(base + i, 0xFF, piece.count - i) else { return }
                i = base.distance(to: UnsafeRawPointer(found)) + 1
                state = .marker
            case .marker:
                let code = piece[i]
                i += 1
                switch code {
                case 0xFF: break  // fill
                case 0x00, 0x01, 0xD0...0xD8: state = .data  // stuffed byte, TEM, RSTn, SOI stand alone
                case 0xD9: ended = true
                default:
                    if code == 0xDA { scans += 1 }
                    state = .length(high: nil)
                }
            case .length(nil):
                state = .length(high: piece[i])
                i += 1
            case .length(let high?):
                state = .skip(max((Int(high) << 8 | Int(piece[i])) - 2, 0))
                i += 1
            case .skip(let left):
                let step = min(left, piece.count - i)
                i += step
                state = left == step ? .data : .skip(left - step)
            }
        }
    }

    /// The scans of the file that `read` gives from its start (see
    /// `JPEGRowReader.multipleScans(reading:…)`), read in pieces of `chunk` bytes until the walk
    /// is finished or the file ends; at most `JPEGProbe.maxScans + 1`.
    static func count(reading read: (UnsafeMutableRawBufferPointer) throws -> Int, chunk: Int = JPEGRowReader.streamChunk) rethrows -> Int {
        var counter = JPEGScanCounter()
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunk, alignment: 16)
        defer { buffer.deallocate() }
        while !counter.finished {
            let n = try read(buffer)
            guard n > 0 else { break }
            counter.feed(UnsafeRawBufferPointer(rebasing: buffer[..<n]))
        }
        return counter.scans
    }
}
