extension ImageFormat {
    /// HEIC/HEIF (iPhone photos): recognised, not read yet.
    public static let heic = ImageFormat("heic", displayName: "HEIC")
    /// AVIF: recognised, not read yet.
    public static let avif = ImageFormat("avif", displayName: "AVIF")
    /// WebP: recognised, not read yet.
    public static let webp = ImageFormat("webp", displayName: "WebP")
    /// TIFF: recognised, not read.
    public static let tiff = ImageFormat("tiff", displayName: "TIFF")
    /// GIF: recognised, not read.
    public static let gif = ImageFormat("gif", displayName: "GIF")
}

/// A format tagproj recognises by its magic bytes only, so that an error can say what a file is
/// (`'cups.heic' is a HEIC image; tagproj reads JPEG and PNG`) instead of "not an image". It keeps
/// the `ImageCodec` defaults, which refuse to probe, read or write.
struct RecognisedCodec: ImageCodec {
    let format: ImageFormat
    let suffixes: [String]
    private let matches: @Sendable (ByteView) -> Bool

    init(_ format: ImageFormat, suffixes: [String], matches: @escaping @Sendable (ByteView) -> Bool) {
        self.format = format
        self.suffixes = suffixes
        self.matches = matches
    }

    func sniff(_ bytes: UnsafeRawBufferPointer) -> Bool { matches(ByteView(bytes)) }

    /// HEIF-family files (HEIC, AVIF) start with an `ftyp` box: size, `ftyp`, the major brand, a
    /// version, then compatible brands. Returns them all (at most 64), or none for another file.
    static func brands(_ data: ByteView) -> [String] {
        guard data.matches(Array("ftyp".utf8), at: 4), let size = data.u32(0), size >= 16 else { return [] }
        let end = min(size, data.count, 8 + 4 * 64)
        return stride(from: 8, to: end - 3, by: 4).filter { $0 != 12 }.compactMap { offset in
            data.slice(offset, length: 4).map { String(decoding: UnsafeRawBufferPointer($0.bytes), as: UTF8.self) }
        }
    }

    static let heifBrands: Set<String> = ["heic", "heix", "hevc", "hevx", "heim", "heis", "hevm", "hevs", "mif1", "msf1"]
    static let avifBrands: Set<String> = ["avif", "avis"]

    /// The recognised formats, for `Codecs.builtIn`.
    static let all: [RecognisedCodec] = [
        RecognisedCodec(.avif, suffixes: ["avif"]) { !avifBrands.isDisjoint(with: brands($0)) },
        RecognisedCodec(.heic, suffixes: ["heic", "heif", "hif"]) { data in
            let found = brands(data)
            return avifBrands.isDisjoint(with: found) && !heifBrands.isDisjoint(with: found)
        },
        RecognisedCodec(.webp, suffixes: ["webp"]) { $0.matches(Array("RIFF".utf8), at: 0) && $0.matches(Array("WEBP".utf8), at: 8) },
        RecognisedCodec(.tiff, suffixes: ["tif", "tiff"]) { $0.matches([0x49, 0x49, 0x2A, 0x00], at: 0) || $0.matches([0x4D, 0x4D, 0x00, 0x2A], at: 0) },
        RecognisedCodec(.gif, suffixes: ["gif"]) { $0.matches(Array("GIF87a".utf8), at: 0) || $0.matches(Array("GIF89a".utf8), at: 0) },
    ]
}
