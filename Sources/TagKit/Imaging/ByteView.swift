/// Bounds-checked reads over borrowed bytes, for walking untrusted headers.
///
/// Every read past either end returns `nil` instead of trapping, so a parser can turn a short or
/// lying file into a thrown error with one `guard`.
struct ByteView {
    /// The bytes being read; never written.
    let bytes: UnsafeRawBufferPointer

    init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    var count: Int { bytes.count }

    /// Whether `length` bytes starting at `offset` lie inside the buffer (overflow-safe).
    func contains(_ offset: Int, length: Int) -> Bool {
        offset >= 0 && length >= 0 && offset <= count && length <= count - offset
    }

    /// The byte at `offset`.
    func u8(_ offset: Int) -> UInt8? {
        contains(offset, length: 1) ? bytes[offset] : nil
    }

    /// A 16-bit unsigned integer at `offset`, big-endian unless `littleEndian`.
    func u16(_ offset: Int, littleEndian: Bool = false) -> Int? {
        guard contains(offset, length: 2) else { return nil }
        let a = Int(bytes[offset]), b = Int(bytes[offset + 1])
        return littleEndian ? a | b << 8 : a << 8 | b
    }

    /// A 32-bit unsigned integer at `offset`, big-endian unless `littleEndian`.
    func u32(_ offset: Int, littleEndian: Bool = false) -> Int? {
        guard contains(offset, length: 4) else { return nil }
        var value = 0
        for i in 0..<4 {
            let byte = Int(bytes[offset + (littleEndian ? 3 - i : i)])
            value = value << 8 | byte
        }
        return value
    }

    /// Whether the bytes at `offset` equal `expected`.
    func matches(_ expected: [UInt8], at offset: Int) -> Bool {
        guard contains(offset, length: expected.count) else { return false }
        for (i, byte) in expected.enumerated() where bytes[offset + i] != byte { return false }
        return true
    }

    /// A view of `length` bytes from `offset`, or `nil` if they are not all inside.
    func slice(_ offset: Int, length: Int) -> ByteView? {
        guard contains(offset, length: length) else { return nil }
        return ByteView(UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + length)]))
    }
}
