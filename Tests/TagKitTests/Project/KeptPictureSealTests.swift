import Foundation
import Glibc
import Testing
@testable import TagKit

@Suite struct KeptPictureSealTests {
    let seal = KeptPictureSeal(key: Array(0..<32))
    let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xDB, 0x00, 0x43] + [UInt8](repeating: 9, count: 67) + [0xFF, 0xD9]

    @Test func aSealedPictureOpensAsItWasForWhatItWasSealedFor() {
        let sealed = seal.sealed(jpeg, for: "view a")
        #expect(sealed.count == jpeg.count + 81)
        #expect(seal.opened(sealed, for: "view a") == jpeg)
        #expect(seal.opened(sealed, for: "view b") == nil)
        #expect(KeptPictureSeal(key: [UInt8](repeating: 0, count: 32)).opened(sealed, for: "view a") == nil)
        #expect(seal.opened(jpeg, for: "view a") == nil, "a picture without a seal")
    }

    @Test func anyByteChangedBreaksTheSeal() {
        let sealed = seal.sealed(jpeg, for: "view a")
        for i in 0..<sealed.count {
            var changed = sealed
            changed[i] ^= 0x20
            #expect(seal.opened(changed, for: "view a") == nil, "byte \(i)")
        }
        #expect(seal.opened(Array(sealed.dropLast()), for: "view a") == nil)
        #expect(seal.opened(sealed + [0], for: "view a") == nil)
    }

    @Test func theKeyIsMadeOnceOwnerOnlyAndReadBack() throws {
        let dir = TemporaryDirectory()
        let file = dir.file("state/tagproj/seal-key")
        let made = try #require(KeptPictureSeal.makeKey(file))
        #expect(made.count == 32)
        var info = stat()
        #expect(stat(file, &info) == 0 && info.st_mode & 0o777 == 0o600)
        #expect(KeptPictureSeal.readKey(file) == made)
        #expect(KeptPictureSeal.makeKey(file) == made, "a second process finds the first one's key")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.file("state/tagproj")) == ["seal-key"])
    }

    @Test(arguments: ["readable by others", "a link", "short"])
    func aKeyFileThatCannotBeTrustedIsNotUsed(_ flaw: String) throws {
        let dir = TemporaryDirectory()
        let file = dir.file("seal-key")
        let key = try #require(KeptPictureSeal.makeKey(dir.file("real-key")))
        switch flaw {
        case "readable by others":
            #expect(FileManager.default.createFile(atPath: file, contents: Data(key)))
            chmod(file, 0o644)
        case "a link": #expect(symlink(dir.file("real-key"), file) == 0)
        default:
            #expect(FileManager.default.createFile(atPath: file, contents: Data(key.prefix(16))))
            chmod(file, 0o600)
        }
        #expect(KeptPictureSeal.readKey(file) == nil)
    }
}
