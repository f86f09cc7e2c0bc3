import Foundation
import Testing
import TagKit

/// The committed test images in Fixtures/images (made by scripts/make-image-fixtures.py).
struct Fixture: CustomTestStringConvertible, Sendable {
    let file: String
    let reference: String
    let maxMeanDiff: Double
    let maxDiff: Int
    let note: String

    var testDescription: String { file }

    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/images")

    /// Every row of manifest.tsv (JPEG, PNG) and formats-manifest.tsv (WebP, HEIC, AVIF, made by
    /// scripts/make-format-fixtures.py with the libraries' own tools).
    static let all: [Fixture] = ["manifest.tsv", "formats-manifest.tsv"].flatMap { rows(of: $0) }

    private static func rows(of manifest: String) -> [Fixture] {
        let text = (try? String(contentsOf: directory.appendingPathComponent(manifest), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            return Fixture(file: f[0], reference: f[1], maxMeanDiff: Double(f[2])!, maxDiff: Int(f[3])!, note: f[4])
        }
    }

    static func named(_ file: String) -> Fixture { all.first { $0.file == file }! }

    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: directory.appendingPathComponent(name)))
    }

    var bytes: [UInt8] { get throws { try Self.bytes(file) } }

    /// The reference decode (a PAM file: P7, MAXVAL 255, DEPTH 3 or 4).
    var referencePixels: PixelBuffer { get throws { try Self.readPAM(reference) } }

    static func readPAM(_ name: String) throws -> PixelBuffer { try PixelBuffer.pam(bytes(name)) }
}

/// How far apart two pictures of the same shape are, sample by sample.
struct PixelDifference: CustomStringConvertible {
    let mean: Double
    let max: Int
    var description: String { "mean \(mean), max \(max)" }

    init(_ a: PixelBuffer, _ b: PixelBuffer) {
        precondition(a.width == b.width && a.height == b.height && a.channels == b.channels)
        var total = 0, largest = 0
        for (x, y) in zip(a.bytes, b.bytes) {
            let d = abs(Int(x) - Int(y))
            total += d
            largest = Swift.max(largest, d)
        }
        mean = Double(total) / Double(a.bytes.count)
        max = largest
    }
}

/// A picture with smooth and sharp content, made without any codec.
func testPattern(width: Int, height: Int, channels: Int) -> PixelBuffer {
    PixelBuffer(width: width, height: height, channels: channels, bytes: (0..<(width * height)).flatMap { i -> [UInt8] in
        let (x, y) = (i % width, i / width)
        let rgb = [UInt8(x * 255 / max(width - 1, 1)), UInt8(y * 255 / max(height - 1, 1)),
                   UInt8((x / 8 + y / 8) % 2 == 0 ? 40 : 210)]
        return channels == 4 ? rgb + [UInt8((x * 7 + y * 3) % 256)] : rgb
    })
}

extension PixelBuffer {
    /// A PAM file (P7, MAXVAL 255, DEPTH 3 or 4) as a buffer.
    static func pam(_ data: [UInt8]) throws -> PixelBuffer {
        let marker = Array("ENDHDR\n".utf8)
        guard data.count >= marker.count,
              let end = (0...(data.count - marker.count)).first(where: { Array(data[$0..<($0 + marker.count)]) == marker })
        else { throw CocoaError(.fileReadCorruptFile) }
        var fields: [String: Int] = [:]
        for line in String(decoding: data[..<end], as: UTF8.self).split(separator: "\n") {
            let parts = line.split(separator: " ")
            if parts.count == 2, let value = Int(parts[1]) { fields[String(parts[0])] = value }
        }
        return PixelBuffer(width: fields["WIDTH"]!, height: fields["HEIGHT"]!, channels: fields["DEPTH"]!,
                           bytes: Array(data[(end + marker.count)...]))
    }
}
