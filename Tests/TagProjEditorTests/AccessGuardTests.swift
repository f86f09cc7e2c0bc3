import Testing
@testable import TagProjEditor

@Suite struct AccessGuardTests {
    @Test func theTokenIs128RandomBits() throws {
        let a = try AccessGuard(port: 8080), b = try AccessGuard(port: 8080)
        #expect(a.token.count == 32 && a.token.allSatisfy(\.isHexDigit))
        #expect(a.token != b.token)
    }

    @Test func onlyTheExactTokenMatches() throws {
        let access = try AccessGuard(port: 8080)
        #expect(access.matches(access.token))
        #expect(!access.matches(String(access.token.dropLast()) + (access.token.last == "0" ? "1" : "0")))
        #expect(!access.matches(""))
        #expect(!access.matches(access.token + "0"))
    }

    @Test func onlyLoopbackNamesWithOurPortAreOurHost() throws {
        let access = try AccessGuard(port: 8080)
        #expect(access.hostIsOurs("127.0.0.1:8080"))
        #expect(access.hostIsOurs("localhost:8080"))
        #expect(!access.hostIsOurs("evil.example:8080"))
        #expect(!access.hostIsOurs("127.0.0.1:8081"))
        #expect(!access.hostIsOurs("127.0.0.1"))
        #expect(!access.hostIsOurs(nil))
    }

    @Test func theLANAddressIsOurHostAndOriginOnlyWhenServedThere() throws {
        let local = try AccessGuard(port: 8080), lan = try AccessGuard(port: 8080, lanAddress: "10.250.0.1")
        #expect(!local.hostIsOurs("10.250.0.1:8080"))
        #expect(!local.origins.contains("http://10.250.0.1:8080"))
        #expect(lan.hostIsOurs("10.250.0.1:8080"))
        #expect(lan.hostIsOurs("127.0.0.1:8080"))
        #expect(!lan.hostIsOurs("10.250.0.1:8081"))
        #expect(!lan.hostIsOurs("10.250.0.2:8080"))
        #expect(lan.origins.contains("http://10.250.0.1:8080"))
        #expect(lan.addresses == ["127.0.0.1", "10.250.0.1"])
    }

    @Test func theCookieIsStrictAndHiddenFromScripts() throws {
        let cookie = try AccessGuard(port: 8080).cookie
        #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict") && cookie.contains("Path=/"))
    }

    @Test func failuresMapToHTTPStatuses() {
        #expect(EditorRequestError.badField("x").meaning.httpStatus == 400)
        #expect(EditorRequestError.notDrawable(.init(1)).meaning.httpStatus == 409)
    }
}

/// Which requests the editor serves side by side: those that only read the project, by what they
/// do, not by their method; an edit runs alone.
@Suite struct ReadsOnlyTests {
    @Test func exportsAndTheRoomRunBesideThePagesReadsAndEditsRunAlone() {
        for path in ["/", "/editor.js", "/api/state", "/api/version", "/api/photo", "/api/tags", "/api/preview",
                     "/api/download", "/api/room", "/api/export", nil] {
            #expect(EditorServer.readsOnly(path: path), "\(path ?? "nil")")
        }
        for path in ["/api/edit", "/api/session", "/api/export-all", GalleryAPI.uploadPath] {
            #expect(!EditorServer.readsOnly(path: path), "\(path)")
        }
    }
}
