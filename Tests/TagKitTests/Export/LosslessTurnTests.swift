import Foundation
import Testing
@testable import TagKit

/// Turned and cropped JPEGs on the lossless path: block by block, as jpegtran turns and crops
/// them (`-perfect`), the tags' MCUs re-encoded; edges that do not allow it take the classic path.
@Suite struct LosslessTurnTests {
    /// 192×128, 4:2:2: whole MCUs (16×8), so every turn is lossless; a quarter turn makes it 4:4:0.
    static let turnable = LosslessJPEGTests.path("lossless-422-turnable.jpg")
    /// 203×141, 4:2:0: partial MCUs on the right and at the bottom.
    static let odd = LosslessJPEGTests.path("lossless-420-odd.jpg")

    /// jpegtran's options for the turn that EXIF orientation 2–8 asks for.
    static let jpegtran: [Int: [String]] = [2: ["-flip", "horizontal"], 3: ["-rotate", "180"], 4: ["-flip", "vertical"],
                                           5: ["-transpose"], 6: ["-rotate", "90"], 7: ["-transverse"], 8: ["-rotate", "270"]]

    /// `jpeg` with an EXIF APP1 segment saying `orientation`, right after SOI.
    static func withOrientation(_ jpeg: [UInt8], _ orientation: Int) -> [UInt8] {
        let tiff: [UInt8] = Array("Exif\0\0".utf8) + [0x4D, 0x4D, 0x00, 0x2A, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1,
                                                      0, UInt8(orientation), 0, 0, 0, 0, 0, 0]
        let length = tiff.count + 2
        return Array(jpeg[0..<2]) + [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + tiff + Array(jpeg[2...])
    }

    /// jpegtran's output for `arguments` on the file at `path`.
    static func jpegtran(_ arguments: [String], _ path: String) throws -> [UInt8] {
        let dir = TemporaryDirectory(), out = dir.file("jpegtran.jpg")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/jpegtran")
        process.arguments = arguments + ["-copy", "none", "-outfile", out, path]
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "jpegtran \(arguments) failed")
        return [UInt8](try #require(contents(out)))
    }

    struct Exported {
        let output: [UInt8], plan: ExportPlan, boxes: [PixelRect]
    }

    /// A project on the JPEG `bytes`, cropped to `crop` (fractions x, y, width, height of the
    /// upright picture), with a dish and a price tag, exported.
    static func export(_ bytes: [UInt8], crop: [Double]? = nil) throws -> Exported {
        let dir = TemporaryDirectory(), photo = dir.file("photo.jpg")
        try Data(bytes).write(to: URL(fileURLWithPath: photo))
        var options = NewProjectOptions()
        if let crop { options.crop = .rect(try Crop.validated(x: crop[0], y: crop[1], width: crop[2], height: crop[3])) }
        let project = try Project.create(at: dir.file("p.tagproj"), imagePath: photo, options: options)
        let fonts = try FontSystem()
        _ = try project.perform(.add(kind: .dish, text: "Soup", at: Position(NormalizedPoint(x: 0.3, y: 0.6)), side: .right), fonts: fonts)
        _ = try project.perform(.add(kind: .price, text: "38", at: Position(NormalizedPoint(x: 0.8, y: 0.25)), side: .left), fonts: fonts)
        let result = try project.export(to: dir.file("out.jpg"), options: ExportOptions(), reusing: fonts)
        let scene = try SceneLayout(tags: project.store.tags(), settings: project.store.header().settings,
                                    size: project.store.source().size, fonts: fonts).scene
        return Exported(output: [UInt8](try #require(contents(dir.file("out.jpg")))), plan: result.plan, boxes: scene.tags.map(\.bounds))
    }

    /// Our output matches jpegtran's everywhere but under the tags: block for block, and pixel for
    /// pixel farther than one MCU from them.
    static func expectAsJpegtran(_ e: Exported, _ reference: [UInt8]) throws {
        #expect(e.plan == .lossless)
        let blocks = try LosslessJPEGTests.compareBlocks(reference, e.output, boxes: e.boxes)
        #expect(blocks.changedOutside.isEmpty, "differ from jpegtran's outside the tags: \(blocks.changedOutside.prefix(5))")
        #expect(blocks.kept > 0 && blocks.changed > 0, "kept \(blocks.kept), changed \(blocks.changed)")
        let ours = try ImageDecoder.decode(e.output).pixels, theirs = try ImageDecoder.decode(reference).pixels
        #expect(ours.width == theirs.width && ours.height == theirs.height)
        let info = try LosslessJPEGTests.layout(e.output)
        let (far, differ) = LosslessJPEGTests.farPixels(ours, theirs, boxes: e.boxes, mcu: (Int(info.mcu_width), Int(info.mcu_height)))
        #expect(far > 0 && differ == 0, "\(differ) of \(far) pixels far from the tags differ from jpegtran's")
    }

    @Test(arguments: 2...8)
    func aTurnedPhotoIsTurnedBlockByBlockAsJpegtranTurnsIt(orientation: Int) throws {
        let source = [UInt8](try #require(contents(Self.turnable)))
        let e = try Self.export(Self.withOrientation(source, orientation))
        try Self.expectAsJpegtran(e, Self.jpegtran(Self.jpegtran[orientation]! + ["-perfect"], Self.turnable))
    }

    @Test func aCropOnTheMCUGridIsCutBlockByBlockAsJpegtranCutsIt() throws {
        let source = [UInt8](try #require(contents(Self.turnable)))
        // 192×128 from (48, 32) by (96, 64): whole 16×8 MCUs.
        try Self.expectAsJpegtran(try Self.export(source, crop: [0.25, 0.25, 0.5, 0.5]),
                                  Self.jpegtran(["-crop", "96x64+48+32"], Self.turnable))
        // To the right and bottom edges of a picture of partial MCUs.
        let odd = [UInt8](try #require(contents(Self.odd)))
        try Self.expectAsJpegtran(try Self.export(odd, crop: [32.0 / 203, 16.0 / 141, 171.0 / 203, 125.0 / 141]),
                                  Self.jpegtran(["-crop", "171x125+32+16"], Self.odd))
    }

    @Test func aTurnedAndCroppedPhotoIsCutAfterTurning() throws {
        let source = [UInt8](try #require(contents(Self.turnable)))
        // Upright 128×192 with 8×16 MCUs: from (32, 48) by (64, 96).
        let e = try Self.export(Self.withOrientation(source, 6), crop: [0.25, 0.25, 0.5, 0.5])
        try Self.expectAsJpegtran(e, Self.jpegtran(["-rotate", "90", "-perfect", "-crop", "64x96+32+48"], Self.turnable))
    }

    @Test func edgesThatDoNotAllowItTakeTheClassicPathSayingWhy() throws {
        let odd = [UInt8](try #require(contents(Self.odd)))
        #expect(try Self.export(Self.withOrientation(odd, 6)).plan == .classic(
            reason: "the photo is turned (EXIF orientation 6) and its upright width, 141 pixels, is not a whole number of 16-pixel MCUs"))
        #expect(try Self.export(Self.withOrientation(odd, 4)).plan == .classic(
            reason: "the photo is turned (EXIF orientation 4) and its upright height, 141 pixels, is not a whole number of 16-pixel MCUs"))
        // A transpose mirrors nothing: any size goes.
        #expect(try Self.export(Self.withOrientation(odd, 5)).plan == .lossless)
        #expect(try Self.export(odd, crop: [0.1, 0, 0.5, 1]).plan == .classic(reason: "the crop's edges are not on the photo's 16×16-pixel MCU grid"))
    }
}
