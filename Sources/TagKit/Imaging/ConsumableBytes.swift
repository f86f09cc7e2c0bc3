import Glibc

/// A photo's bytes on pages of their own, for a reader that may use them up as it goes: the
/// lossless export of a progressive JPEG decodes each scan in place and gives its pages back to
/// the system once it is decoded (`tp_lossless_open_consuming`), so the compressed photo and its
/// decoded blocks are never both held whole. Mapped rather than allocated, with at least 8 zero
/// bytes after the photo (the C readers look that far ahead).
public final class ConsumableBytes {
    /// The bytes, valid and writable as long as this object lives; they may have been used up.
    public let buffer: UnsafeMutableRawBufferPointer
    private let mapped: Int

    /// `count` bytes written by `fill`, which must write all of them. Running out of memory stops
    /// the process, as for any allocation.
    /// - Throws: what `fill` throws (the pages are then unmapped).
    public init(count: Int, fill: (UnsafeMutableRawBufferPointer) throws -> Void) rethrows {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        mapped = (count + 8 + page - 1) / page * page
        guard let pages = mmap(nil, mapped, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0), pages != MAP_FAILED else {
            fatalError("out of memory: \(mapped) bytes for the photo")
        }
        buffer = UnsafeMutableRawBufferPointer(start: pages, count: count)
        do {
            try fill(buffer)
        } catch {
            munmap(pages, mapped)
            throw error
        }
    }

    deinit { munmap(buffer.baseAddress, mapped) }
}
