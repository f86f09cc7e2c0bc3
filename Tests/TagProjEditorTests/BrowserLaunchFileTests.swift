import Foundation
import Glibc
import Testing
@testable import TagKit
@testable import TagProjEditor

/// The file `tagproj open` starts the browser on: private, in the runtime folder when that is the
/// user's alone, forwarding to the address with the address escaped; the browser gets its path.
@Suite(.serialized) struct BrowserLaunchFileTests {
    @Test func thePageForwardsToTheAddressEscaped() {
        let page = BrowserLaunchFile.page(forwardingTo: "http://127.0.0.1:1/#token=a&b<c>\"d'")
        let escaped = "http://127.0.0.1:1/#token=a&amp;b&lt;c&gt;&quot;d&#39;"
        #expect(page.contains("<meta http-equiv=\"refresh\" content=\"0;url=\(escaped)\">"))
        #expect(page.contains("<a href=\"\(escaped)\">"))
    }

    @Test func theFileIsPrivateInTheRuntimeFolderAndItsURLIsItsPathEncoded() throws {
        let dir = try PhotoCacheTests.folder() + "/run time é"
        #expect(mkdir(dir, 0o700) == 0)
        defer { try? FileManager.default.removeItem(atPath: FileIO.directory(of: dir)) }
        let saved = getenv("XDG_RUNTIME_DIR").map { String(cString: $0) }
        setenv("XDG_RUNTIME_DIR", dir, 1)
        defer { if let saved { setenv("XDG_RUNTIME_DIR", saved, 1) } else { unsetenv("XDG_RUNTIME_DIR") } }
        let file = try BrowserLaunchFile(forwardingTo: "http://127.0.0.1:1/#token=0123")
        #expect(FileIO.directory(of: file.path) == dir + "/tagproj")
        #expect(file.url == "file://" + dir.replacingOccurrences(of: " ", with: "%20").replacingOccurrences(of: "é", with: "%C3%A9")
                + "/tagproj/" + FileIO.baseName(of: file.path))
        var info = stat()
        #expect(lstat(file.path, &info) == 0)
        #expect(info.st_mode & S_IFMT == S_IFREG && info.st_mode & 0o7777 == 0o600 && info.st_uid == geteuid())
        #expect(try String(contentsOfFile: file.path, encoding: .utf8) == BrowserLaunchFile.page(forwardingTo: "http://127.0.0.1:1/#token=0123"))
        file.remove()
        #expect(!FileIO.exists(file.path))
        // A runtime folder others may enter is not used.
        chmod(dir, 0o755)
        #expect(FileIO.userRuntimeFolder() == nil)
    }
}
