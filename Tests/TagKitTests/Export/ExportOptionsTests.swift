import Testing
@testable import TagKit

/// The rules of an export request live in TagKit; the command line only parses.
@Suite struct ExportOptionsTests {
    @Test func theDefaultsAreValidAndWriteNoMembers() throws {
        try ExportOptions().validate()
        #expect(RequestCodec.exportMembers(ExportOptions()).isEmpty)
    }

    static func with(_ change: (inout ExportOptions) -> Void) -> ExportOptions {
        var options = ExportOptions()
        change(&options)
        return options
    }

    @Test(arguments: [
        (with { $0.quality = 0 }, ExportError.outOfRange(.quality, 0, 1...100)),
        (with { $0.quality = 101 }, .outOfRange(.quality, 101, 1...100)),
        (with { $0.size = .scale(0) }, .invalidScale(0)),
        (with { $0.size = .scale(-.infinity) }, .invalidScale(-.infinity)),
        (with { $0.size = .width(0) }, .outOfRange(.width, 0, 1...1_000_000)),
        (with { $0.size = .maxSize(2_000_000) }, .outOfRange(.maxSize, 2_000_000, 1...1_000_000)),
        (with { $0.maxPixels = 0 }, .outOfRange(.maxPixels, 0, 1...4_000_000_000)),
    ])
    func aValueOutOfRangeIsAnInvalidRequest(_ options: ExportOptions, _ expected: ExportError) {
        #expect(throws: expected) { try options.validate() }
        #expect(expected.meaning == .invalidRequest)
    }

    @Test func atMostOneSizeIsChosen() throws {
        #expect(try ExportSize.choosing([]) == .full)
        #expect(try ExportSize.choosing([.width(300)]) == .width(300))
        #expect(throws: ExportError.severalSizes(2)) { try ExportSize.choosing([.width(300), .scale(0.5)]) }
    }

    @Test func theFormatComesFromTheOptionOrTheSuffixAndTheyMustAgree() throws {
        var options = ExportOptions()
        #expect(try options.format(forOutput: "out.JPG") == .jpeg)
        #expect(throws: ExportError.unknownFormat(path: "-")) { try options.format(forOutput: "-") }
        #expect(throws: ExportError.unknownFormat(path: "out")) { try options.format(forOutput: "out") }
        options.format = .png
        #expect(try options.format(forOutput: "-") == .png)
        #expect(try options.format(forOutput: "out.png") == .png)
        #expect(try options.format(forOutput: "picture") == .png)
        #expect(throws: ExportError.contradiction(path: "out.jpg", format: .png, suffix: .jpeg)) {
            try options.format(forOutput: "out.jpg")
        }
        #expect(ExportError.contradiction(path: "out.jpg", format: .png, suffix: .jpeg).message
                == "'out.jpg' is named as a JPEG but PNG was asked for")
    }

    @Test func aFormatIsNamedByItsNameOrSuffix() throws {
        #expect(try ExportOptions.format(named: "jpg") == .jpeg)
        #expect(try ExportOptions.format(named: "png") == .png)
        #expect(throws: ExportError.unknownFormatName("bmp")) { try ExportOptions.format(named: "bmp") }
    }

    @Test func everyNonDefaultOptionTravelsInAnExportRequest() throws {
        var options = ExportOptions()
        options.format = .png
        options.quality = 85
        options.maxPixels = 4_000_000
        for size in [ExportSize.maxSize(1080), .scale(0.5), .width(300), .height(480), .box(width: 1200, height: 630)] {
            options.size = size
            let request = Request.export(to: .file("out.png"), options: options, at: 3)
            #expect(try RequestCodec.request(from: JSONParser().parse(RequestCodec.json(request).text)) == request)
        }
        #expect(RequestCodec.json(.export(to: .file("a.png"), options: options, at: nil)).text
                == #"{"op":"export","to":"a.png","format":"png","quality":85,"box":"1200x630","max_pixels":4000000}"#)
    }
}

/// Sizes people know: boxes that never enlarge, a height, a resolution.
@Suite struct ExportSizeTests {
    let picture = PictureSize(width: 1600, height: 900)

    @Test(arguments: [(ExportSize.maxSize(4000), 1600, 900), (.maxSize(800), 800, 450), (.box(width: 1200, height: 630), 1120, 630),
                      (.box(width: 4000, height: 4000), 1600, 900), (.height(450), 800, 450), (.height(1800), 3200, 1800),
                      (.width(3200), 3200, 1800)])
    func boxesFitInsideAndNeverEnlargeWhileWidthAndHeightAreExact(_ size: ExportSize, _ width: Int, _ height: Int) throws {
        #expect(try size.resolve(for: picture, maxPixels: ImageDecoder.defaultMaxPixels) == PictureSize(width: width, height: height))
    }

    /// Issue 40, item 7: a size of more pixels than the limit is refused as a request out of
    /// range before it is counted in integers, where a scale of 5e6 overflowed the pixel count
    /// and one of 1e300 trapped converting the width.
    @Test(arguments: [ExportSize.scale(5e6), .scale(1e300), .scale(.greatestFiniteMagnitude), .width(1_000_000),
                      .height(1_000_000), .scale(40)])
    func aSizePastThePixelLimitIsAnInvalidRequest(_ size: ExportSize) throws {
        var options = ExportOptions()
        options.size = size
        #expect(throws: ExportError.self) { try options.outputSize(for: picture) }
        do {
            _ = try options.outputSize(for: picture)
        } catch {
            guard case let .outputTooLarge(width, height, limit) = error else { Issue.record("\(error)"); return }
            #expect(width > 1600 && height > 900 && limit == ImageDecoder.defaultMaxPixels)
            #expect(error.meaning == .invalidRequest)
            #expect(error.message.hasPrefix("the output would be "), "\(error.message)")
        }
    }

    @Test func aSizeWithinTheLimitIsExactAndNaNOrInfinityIsNoScale() throws {
        var options = ExportOptions()
        options.size = .scale(6.5)  // 10400×5850: 60.8 megapixels, within 100.
        #expect(try options.outputSize(for: picture) == PictureSize(width: 10400, height: 5850))
        options.maxPixels = 10400 * 5850 - 1
        #expect(throws: ExportError.outputTooLarge(width: 10400, height: 5850, limit: 10400 * 5850 - 1)) { try options.outputSize(for: picture) }
        for scale in [Double.nan, .infinity, -1, -.greatestFiniteMagnitude] {
            options.size = .scale(scale)
            #expect(throws: ExportError.self) { try options.outputSize(for: picture) }
        }
        #expect(ExportError.outputTooLarge(width: ExportError.uncountable, height: 5, limit: 100).message
                == "the output would be far larger than the limit of 100 pixels")
    }

    @Test func aProjectRefusesAnOutputPastTheLimitAndWritesNothing() throws {
        let dir = TemporaryDirectory()
        let project = try makeProject(in: dir)
        let before = contents(project.path)
        for size in [ExportSize.scale(1e300), .scale(5e6), .width(1_000_000)] {
            var options = ExportOptions()
            options.size = size
            #expect(throws: ExportError.self) { try project.export(to: dir.file("out.png"), options: options) }
        }
        #expect(contents(dir.file("out.png")) == nil && contents(project.path) == before)
    }

    @Test func theNewOptionsAreValidatedAndWrittenAsArguments() throws {
        var options = ExportOptions()
        options.size = .box(width: 1200, height: 630)
        options.dpi = 300
        try options.validate()
        options.size = .height(480)
        options.lossless = true
        let request = Request.export(to: .file("out.webp"), options: options, at: nil)
        #expect(try RequestCodec.request(from: RequestCodec.json(request)) == request)
        #expect(try options.format(forOutput: "out.webp") == .webp)
        #expect(throws: ExportError.notLossless(.jpeg)) { try options.format(forOutput: "out.jpg") }
        options.lossless = false
        options.dpi = 0
        #expect(throws: ExportError.outOfRange(.dpi, 0, 1...65535)) { try options.validate() }
        options.dpi = nil
        options.size = .box(width: 0, height: 10)
        #expect(throws: ExportError.outOfRange(.boxWidth, 0, 1...1_000_000)) { try options.validate() }
    }

    @Test func whatAFormatCannotHonourIsReported() {
        var options = ExportOptions()
        #expect(options.ignored(for: .png).isEmpty)
        options.quality = 80
        options.dpi = 300
        #expect(options.ignored(for: .png) == [.quality])
        #expect(options.ignored(for: .jpeg).isEmpty)
        #expect(options.ignored(for: .webp) == [.dpi])
        #expect(options.ignored(for: .avif) == [.dpi])
    }
}
