import Testing
@testable import TagKit

extension ImagingTests {
/// The registry finds a codec by a file's suffix, by a format's name and by the file's bytes.
@Suite struct CodecRegistryTests {
    @Test(arguments: [("out.jpg", ImageFormat.jpeg), ("OUT.JPEG", .jpeg), ("a.b/photo.jpe", .jpeg), ("x.png", .png), ("x.PNG", .png)])
    func aSuffixNamesItsFormat(_ path: String, _ format: ImageFormat) {
        #expect(Codecs.codec(forPath: path)?.format == format)
    }

    @Test(arguments: ["out", "-", "dir.png/out", "out.tagproj", ".hidden"])
    func aPathWithoutAKnownSuffixNamesNoFormat(_ path: String) {
        #expect(Codecs.codec(forPath: path) == nil)
    }

    @Test func namesAndSuffixesFindTheSameCodec() {
        #expect(Codecs.codec(named: "jpeg")?.format == .jpeg)
        #expect(Codecs.codec(named: "jpg")?.format == .jpeg)
        #expect(Codecs.codec(named: "PNG")?.format == .png)
        #expect(Codecs.codec(named: "bmp") == nil)
        #expect(ImageFormat(rawValue: "png") == .png)
        #expect(ImageFormat(rawValue: "jpg") == nil, "a suffix is not a format's name")
    }

    @Test(arguments: [("jpeg-baseline.jpg", ImageFormat.jpeg), ("jpeg-progressive.jpg", .jpeg), ("png-rgb8.png", .png),
                      ("png-palette4-interlaced.png", .png), ("webp-lossy.webp", .webp), ("webp-lossless-alpha.webp", .webp),
                      ("heic-8bit.heic", .heic), ("avif-alpha.avif", .avif)])
    func theBytesNameTheirFormat(_ file: String, _ format: ImageFormat) throws {
        let bytes = try Fixture.bytes(file)
        #expect(bytes.withUnsafeBytes { Codecs.sniff($0)?.format } == format)
        #expect(try ImageProbe.probe(bytes).format == format)
    }

    @Test func bytesOfNoKnownFormatAreNotAnImage() {
        for bytes in [[], [0xFF, 0xD8], Array("GIF8".utf8), Array("hello, world".utf8)] as [[UInt8]] {
            #expect(bytes.withUnsafeBytes { Codecs.sniff($0) } == nil)
        }
    }

    @Test func whatIsReadAndWrittenIsSaidSoInMessages() {
        #expect(Codecs.readable.map(\.format).prefix(5) == [.jpeg, .png, .webp, .heic, .avif])
        #expect(Codecs.writable.map(\.format).prefix(4) == [.jpeg, .png, .webp, .avif])
        #expect(ImageError.notAnImage.message == "not a JPEG, PNG, WebP, HEIC or AVIF image")
        #expect(ImageError.notAnImage.advice == "tagproj reads JPEG, PNG, WebP, HEIC and AVIF photos")
        // Other suites may register a codec of their own after the built-in ones, so AVIF is the
        // last writer when this suite runs alone and followed by theirs when it runs with them.
        let message = ImageError.cannotWrite(.heic).message
        #expect(message == "tagproj cannot write HEIC images; it writes JPEG, PNG, WebP and AVIF"
                || message.hasPrefix("tagproj cannot write HEIC images; it writes JPEG, PNG, WebP, AVIF"), "\(message)")
    }

    @Test func namesReadAsProse() {
        let codecs = Codecs.builtIn.filter(\.canRead)
        #expect(Codecs.names(Array(codecs.prefix(1))) == "JPEG")
        #expect(Codecs.names(Array(codecs.prefix(2)), joinedBy: "or") == "JPEG or PNG")
        #expect(Codecs.names(codecs) == "JPEG, PNG, WebP, HEIC and AVIF")
    }
}
}
