import CShims

/// SHA-256 (FIPS 180-4, in `CShims/sha256.c`) and HMAC-SHA-256 (RFC 2104): what seals the
/// pictures a project keeps (see `KeptPictureSeal`).
public struct SHA256 {
    private var state = tp_sha256()

    public init() { tp_sha256_init(&state) }

    /// The digest of `bytes`: 32 bytes.
    public static func hash(_ bytes: [UInt8]) -> [UInt8] {
        var h = SHA256()
        h.update(bytes)
        return h.finish()
    }

    /// The digest of the bytes at `buffer`: 32 bytes, hashed where they lie.
    public static func hash(_ buffer: UnsafeRawBufferPointer) -> [UInt8] {
        var h = SHA256()
        tp_sha256_update(&h.state, buffer.baseAddress, buffer.count)
        return h.finish()
    }

    /// Adds `bytes` to what is hashed.
    public mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { tp_sha256_update(&state, $0.baseAddress, $0.count) }
    }

    /// The digest of everything added: 32 bytes. The hash is spent.
    public mutating func finish() -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: 32)
        digest.withUnsafeMutableBufferPointer { tp_sha256_finish(&state, $0.baseAddress) }
        return digest
    }

    /// HMAC-SHA-256 under `key` of the message `parts` make one after the other: 32 bytes.
    public static func hmac(key: [UInt8], _ parts: [UInt8]...) -> [UInt8] {
        var block = key.count > 64 ? hash(key) : key
        block += [UInt8](repeating: 0, count: 64 - block.count)
        var inner = SHA256()
        inner.update(block.map { $0 ^ 0x36 })
        for part in parts { inner.update(part) }
        var outer = SHA256()
        outer.update(block.map { $0 ^ 0x5c })
        outer.update(inner.finish())
        return outer.finish()
    }
}
