import Glibc

/// A whole picture in memory of its own: `width × height` pixels of `channels` bytes, packed rows.
///
/// The memory is asked to be backed by huge pages where the system offers them on request
/// (`madvise(MADV_HUGEPAGE)`; Linux's transparent huge pages set to `madvise`): the 44 MB of a
/// 14.7 MP photo then costs a few dozen page faults instead of eleven thousand, and walking it
/// column-wise misses the TLB far less. Without them it is ordinary memory. What a turned photo is
/// read into (`UprightRows`) and what the editor keeps decoded (`DecodedPicture`).
final class PictureMemory: @unchecked Sendable {
    let width: Int, height: Int, channels: Int
    let pixels: UnsafeMutablePointer<UInt8>

    /// Uninitialised memory for the picture. Running out of memory stops the process, as for any
    /// Swift array.
    init(width: Int, height: Int, channels: Int) {
        (self.width, self.height, self.channels) = (width, height, channels)
        let count = max(width * height * channels, 1), huge = 2 << 20
        let memory = UnsafeMutableRawPointer.allocate(byteCount: count, alignment: huge)
        _ = madvise(memory, count / huge * huge, MADV_HUGEPAGE)  // whole huge pages inside it
        pixels = memory.bindMemory(to: UInt8.self, capacity: count)
    }

    /// Every row of `source` (at its first row), read straight into the memory.
    /// - Throws: the source's error, or `ImageError.incomplete` if it ends early.
    convenience init(reading source: inout some RowSource) throws {
        self.init(width: source.width, height: source.height, channels: source.channels)
        // Every property is set: if a row fails, the object is released and `deinit` frees the
        // memory (freeing it here too freed it twice: a damaged turned photo crashed).
        let (rowBytes, height) = (source.rowBytes, source.height)
        var row = 0
        while row < height {
            let rest = UnsafeMutableBufferPointer(start: pixels + row * rowBytes, count: (height - row) * rowBytes)
            let n = try source.readRows(into: rest, count: height - row)
            guard n > 0 else { throw ImageError.incomplete(rows: row, of: height) }
            row += n
        }
    }

    deinit { pixels.deallocate() }
}
