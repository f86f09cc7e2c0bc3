import CShims

extension ImageFormat {
    /// WebP (lossy VP8 and lossless VP8L, with alpha), read and written through libwebp.
    public static let webp = ImageFormat("webp", displayName: "WebP")
}

/// WebP in the registry: sniffed by `RIFF….WEBP`, probed by `WebPProbe`, decoded whole by libwebp
/// (an animated WebP is refused, not reduced to its first frame), written by `WebPEncoder`.
struct WebPCodec: ImageCodec {
    var format: ImageFormat { .webp }
    var suffixes: [String] { ["webp"] }
    var canRead: Bool { true }
    var canWrite: Bool { true }
    var streams: Bool { false }
    var writesLossless: Bool { true }

    func sniff(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let data = ByteView(bytes)
        return data.matches(Array("RIFF".utf8), at: 0) && data.matches(Array("WEBP".utf8), at: 8)
    }

    func probe(_ bytes: UnsafeRawBufferPointer) throws(ImageError) -> ImageInfo {
        try WebPProbe.probe(ByteView(bytes))
    }

    func rowReader(for bytes: UnsafeRawBufferPointer, maxPixels: Int) throws -> any ImageRowReader {
        let shim = try ShimDecoder(bytes, codec: self, maxPixels: maxPixels, functions: WholePictureRowReader.functions) { limit, opened, msg, cap in
            tp_webp_decoder_open(bytes.baseAddress, bytes.count, limit, opened, msg, cap)
        }
        return WholePictureRowReader(shim)
    }

    func encoder(_ settings: EncodeSettings) throws -> any ImageEncoder {
        WebPEncoder(quality: settings.quality, lossless: settings.lossless, iccProfile: settings.iccProfile)
    }

}
