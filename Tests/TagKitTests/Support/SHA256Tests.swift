import CShims
import Testing
@testable import TagKit

@Suite struct SHA256Tests {
    private static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    /// FIPS 180-2's examples (appendix B: one block, and 56 bytes, whose padding takes a second
    /// block) and the empty message.
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
    ])
    func theStandardsExamplesHashAsPublished(_ message: String, _ digest: String) {
        #expect(Self.hex(SHA256.hash(Array(message.utf8))) == digest)
    }

    @Test func aMillionAsHashAsPublished() {
        #expect(Self.hex(SHA256.hash([UInt8](repeating: 0x61, count: 1_000_000)))
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func piecesOfAnyLengthHashAsTheWhole() {
        let message = (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let whole = SHA256.hash(message)
        for cut in [0, 1, 55, 56, 63, 64, 65, 999, 1000] {
            var h = SHA256()
            h.update(Array(message[..<cut]))
            h.update(Array(message[cut...]))
            #expect(h.finish() == whole, "cut at \(cut)")
        }
    }

    /// RFC 4231's test cases 1, 2 and 6 (a key longer than a block).
    @Test func hmacGivesRFC4231sValues() {
        #expect(Self.hex(SHA256.hmac(key: [UInt8](repeating: 0x0b, count: 20), Array("Hi There".utf8)))
                == "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7")
        #expect(Self.hex(SHA256.hmac(key: Array("Jefe".utf8), Array("what do ya want ".utf8), Array("for nothing?".utf8)))
                == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
        #expect(Self.hex(SHA256.hmac(key: [UInt8](repeating: 0xaa, count: 131),
                                     Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8)))
                == "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54")
    }

    /// The x86 SHA extensions' path (where the processor has them) and the scalar loop give the
    /// same digest for every length across a few blocks, split anywhere, and for a photo-sized
    /// message. (On a processor without them both runs take the scalar loop.)
    @Test func theExtensionsAndTheScalarLoopAgree() {
        let message = (0..<300_000).map { UInt8(truncatingIfNeeded: ($0 &* 2_654_435_761) >> 13) }
        func both(_ bytes: ArraySlice<UInt8>) -> ([UInt8], [UInt8]) {
            tp_sha256_use_extensions(1)
            let fast = SHA256.hash(Array(bytes))
            tp_sha256_use_extensions(0)
            let scalar = SHA256.hash(Array(bytes))
            tp_sha256_use_extensions(1)
            return (fast, scalar)
        }
        for length in Array(0...200) + [255, 256, 257, 4095, 4096, 300_000] {
            let (fast, scalar) = both(message[..<length])
            #expect(fast == scalar, "\(length) bytes")
        }
    }
}
