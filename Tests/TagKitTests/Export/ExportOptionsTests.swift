import Testing
@testable import TagKit

/// The rules of an export request live in TagKit; the command line only parses.
@Suite struct ExportOptionsTests {
    @Test func theDefaultsAreValidAndWriteNoArguments() throws {
        try ExportOptions().validate()
        #expect(ExportOptions().arguments.isEmpty)
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

    @Test func everyNonDefaultOptionIsWrittenAsArguments() {
        var options = ExportOptions()
        options.format = .png
        options.quality = 85
        options.size = .maxSize(1080)
        options.maxPixels = 4_000_000
        #expect(options.arguments == ["--format", "png", "--quality", "85", "--max-size", "1080", "--max-pixels", "4000000"])
        options.size = .scale(0.5)
        #expect(options.arguments.contains("--scale") && options.arguments.contains("0.5"))
        options.size = .width(300)
        #expect(Array(options.arguments.suffix(4)) == ["--width", "300", "--max-pixels", "4000000"])
    }
}
