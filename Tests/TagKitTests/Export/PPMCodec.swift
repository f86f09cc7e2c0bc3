@testable import TagKit

/// A codec that lives only in the tests: binary PPM (P6), written, never read. It proves the
/// seam: adding it is this one file and one `Codecs.register` call.
struct PPMCodec: ImageCodec {
    /// Registers the codec once per test process.
    static let registered: Void = Codecs.register(PPMCodec())

    var format: ImageFormat { .ppm }
    var suffixes: [String] { ["ppm"] }
    var canWrite: Bool { true }

    func sniff(_ bytes: UnsafeRawBufferPointer) -> Bool {
        bytes.count >= 3 && bytes[0] == 0x50 && bytes[1] == 0x36 && bytes[2] == 0x0A
    }

    func encoder(_ settings: EncodeSettings) throws -> any ImageEncoder { PPMEncoder() }
}

extension ImageFormat {
    /// Binary PPM, for the tests.
    static let ppm = ImageFormat("ppm", displayName: "PPM")
}

/// `P6\nW H\n255\n` then RGB rows; an alpha channel is dropped.
struct PPMEncoder: ImageEncoder {
    func encode<Source: RowSource>(_ source: inout Source, to sink: any OutputSink) throws {
        let header = Array("P6\n\(source.width) \(source.height)\n255\n".utf8)
        try header.withUnsafeBytes { try sink.write($0) }
        var row = [UInt8](repeating: 0, count: source.rowBytes)
        var rgb = [UInt8](repeating: 0, count: source.width * 3)
        for _ in 0..<source.height {
            guard try row.withUnsafeMutableBufferPointer({ try source.readRows(into: $0, count: 1) }) == 1 else {
                throw ImageError.incomplete(rows: 0, of: source.height)
            }
            for x in 0..<source.width { for c in 0..<3 { rgb[x * 3 + c] = row[x * source.channels + c] } }
            try rgb.withUnsafeBytes { try sink.write($0) }
        }
    }
}
