/// An image file's bytes in memory of their own, which a decoder keeps reading in place for as
/// long as it lives instead of copying them.
///
/// An export reads the photo from the project straight into one of these and hands it to the
/// decoder (`ImageDecoder.rowReader(sharing:maxPixels:picture:output:)`), so the compressed photo
/// is in memory once while it is decoded, not once as read and once more as the decoder's copy.
/// The bytes never change after `init`.
public final class SharedBytes: @unchecked Sendable {
    /// The bytes; valid as long as this object lives.
    public let buffer: UnsafeRawBufferPointer

    /// A copy of `bytes`.
    public convenience init(copying bytes: UnsafeRawBufferPointer) {
        self.init(count: bytes.count) { $0.copyMemory(from: bytes) }
    }

    /// `count` bytes written by `fill`, which must write all of them.
    /// - Throws: what `fill` throws (the memory is then freed).
    public init(count: Int, fill: (UnsafeMutableRawBufferPointer) throws -> Void) rethrows {
        let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: count, alignment: 16)
        do {
            try fill(memory)
        } catch {
            memory.deallocate()
            throw error
        }
        buffer = UnsafeRawBufferPointer(memory)
    }

    deinit { buffer.deallocate() }

    /// The number of bytes.
    public var count: Int { buffer.count }
}
