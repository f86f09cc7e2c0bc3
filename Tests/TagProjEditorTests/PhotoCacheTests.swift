import Foundation
import Testing
@testable import TagKit
@testable import TagProjEditor

/// The photos the editor holds decoded: decoded on a thread of their own, never waited for,
/// kept within a budget, and decoded again when the project's photo is another.
@Suite struct PhotoCacheTests {
    /// A project at `dir/name.tagproj` of a `width × height` JPEG of one grey `level`.
    static func project(_ name: String, width: Int, height: Int, level: UInt8 = 128, in dir: String, force: Bool = false) throws -> String {
        let photo = dir + "/\(name).jpg", path = dir + "/\(name).tagproj"
        let pixels = PixelBuffer(width: width, height: height, channels: 3, filledWith: level)
        try Data(try JPEGEncoder(quality: 90).encode(pixels)).write(to: URL(fileURLWithPath: photo))
        var options = NewProjectOptions()
        options.force = force
        _ = try Project.create(at: path, imagePath: photo, options: options)
        return path
    }

    static func folder() throws -> String {
        let dir = NSTemporaryDirectory() + "tagproj-photo-cache-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    static func key(_ path: String) throws -> DecodedPicture.Key { try Project.open(path, forWriting: false).sourceKey() }

    @Test func aWarmedPhotoIsHeldOnceItsDecodeIsDone() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = try Self.project("a", width: 640, height: 480, in: dir)
        let cache = PhotoCache()
        cache.warm(path)
        cache.settle()
        let picture = try #require(cache.picture(at: path, key: try Self.key(path)))
        #expect(picture.width == 640 && picture.height == 480)
        #expect(cache.heldBytes == picture.byteCount)
    }

    @Test func theFirstViewGetsNothingAndStartsNothingUntilWarmed() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = try Self.project("a", width: 320, height: 240, in: dir)
        let cache = PhotoCache()
        let key = try Self.key(path)
        #expect(cache.picture(at: path, key: key) == nil, "nothing held: the view decodes for itself")
        cache.settle()
        #expect(cache.picture(at: path, key: key) == nil, "and no decode competes with it")
        cache.warm(path)
        cache.settle()
        #expect(cache.picture(at: path, key: key) != nil, "once warmed, the photo is held for the next")
    }

    @Test func anotherPhotoInTheProjectIsDecodedAgainAndTheOldOneNeverGiven() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = try Self.project("a", width: 320, height: 240, level: 30, in: dir)
        let cache = PhotoCache()
        cache.warm(path)
        cache.settle()
        let old = try Self.key(path)
        #expect(cache.picture(at: path, key: old) != nil)
        _ = try Self.project("a", width: 320, height: 240, level: 200, in: dir, force: true)
        let new = try Self.key(path)
        #expect(new != old)
        #expect(cache.picture(at: path, key: new) == nil, "the old pixels are not the project's photo")
        cache.settle()
        let picture = try #require(cache.picture(at: path, key: new))
        #expect((190...210).contains(picture.levels[0].pixels[0]), "the new photo's grey")
        #expect(cache.picture(at: path, key: old) == nil)
    }

    @Test func theLeastRecentlyUsedPhotoGoesToKeepWithinTheBudget() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let a = try Self.project("a", width: 400, height: 300, in: dir), b = try Self.project("b", width: 400, height: 300, in: dir)
        let c = try Self.project("c", width: 400, height: 300, in: dir)
        let one = 400 * 300 * 3  // no smaller level under 512 rows
        let cache = PhotoCache(budget: 2 * one)
        for path in [a, b] { cache.warm(path); cache.settle() }
        #expect(cache.picture(at: a, key: try Self.key(a)) != nil)  // a used last: b is the older
        cache.warm(c)
        cache.settle()
        #expect(cache.heldBytes == 2 * one)
        #expect(cache.picture(at: a, key: try Self.key(a)) != nil)
        #expect(cache.picture(at: c, key: try Self.key(c)) != nil)
        #expect(cache.picture(at: b, key: try Self.key(b)) == nil, "b was let go")
        cache.settle()
        #expect(cache.picture(at: b, key: try Self.key(b)) != nil, "and is decoded again when asked for")
    }

    @Test func aPhotoLargerThanTheBudgetIsNeverHeld() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = try Self.project("a", width: 200, height: 100, in: dir)
        let cache = PhotoCache(budget: 200 * 100 * 3 - 1)
        cache.warm(path)
        cache.settle()
        let key = try Self.key(path)
        #expect(cache.picture(at: path, key: key) == nil)
        cache.settle()
        #expect(cache.picture(at: path, key: key) == nil, "and not decoded again for each view")
        #expect(cache.heldBytes == 0)
    }

    /// A photo without a reduced decode (HEIC) costs a whole decode for any view: its first view
    /// decodes it into the cache, the views that follow are cut from it, and warming decodes
    /// nothing more. A picture decoded elsewhere (what `open photo.heic`'s check decoded) is held
    /// as if decoded here.
    @Test func aHEICIsDecodedOnceForItsFirstViewAndTheViewsThatFollow() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let heic = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures/images/heic-8bit.heic").path
        let path = dir + "/h.tagproj"
        _ = try Project.create(at: path, imagePath: heic, options: NewProjectOptions())
        let cache = PhotoCache()
        let source = try #require(cache.viewSource(for: try Project.open(path, forWriting: false), at: path))
        let picture = try #require(source(try Self.key(path)))
        #expect(picture.width == 37 && picture.height == 23 && cache.heldBytes == picture.byteCount)
        #expect(cache.picture(at: path, key: try Self.key(path)) === picture, "held for the views that follow")
        cache.warm(path)
        cache.settle()
        #expect(cache.picture(at: path, key: try Self.key(path)) === picture, "warming decodes nothing more")
        let other = PhotoCache()
        other.hold(picture, for: path)
        #expect(other.viewSource(for: try Project.open(path, forWriting: false), at: path)?(try Self.key(path)) === picture)
        // A JPEG's first view decodes only what it shows, reduced: nothing is decoded for it here.
        let jpeg = try Self.project("j", width: 320, height: 240, in: dir)
        #expect(cache.viewSource(for: try Project.open(jpeg, forWriting: false), at: jpeg) == nil)
    }
}

