/// The SHA-256 of a photo's bytes: what binds a picture drawn from the photo (a kept view, a
/// thumbnail, a photo decoded in memory) to exactly those bytes.
///
/// A project travels, so its photo may have been swapped for another by whoever sent it back; a
/// digest someone can aim at (a 64-bit multiply-xorshift hash took 16 chosen bytes to give any
/// JPEG another photo's value) would let a kept view of one photo be shown for another. Finding
/// bytes with a given SHA-256 is out of reach. Hashed with the x86 SHA extensions where the
/// processor has them (`CShims/sha256.c`): a few milliseconds for a 5 MB photo.
public struct PhotoDigest: Hashable, Sendable, CustomStringConvertible {
    /// The 32 bytes of the digest.
    public let bytes: [UInt8]

    /// The digest of the photo at `buffer`.
    public init(of buffer: UnsafeRawBufferPointer) { bytes = SHA256.hash(buffer) }

    /// The 64 lowercase hexadecimal digits.
    public var description: String {
        let digits = Array("0123456789abcdef".utf8)
        return String(decoding: bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] }, as: UTF8.self)
    }
}
