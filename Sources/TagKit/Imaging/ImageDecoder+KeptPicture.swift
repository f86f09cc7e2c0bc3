extension ImageDecoder {
    /// Checks the picture in `bytes` as ``verify(_:maxPixels:file:)`` does and, when every view of
    /// it costs a whole decode anyway (its codec has no reduced decode: HEIC, AVIF, WebP, PNG) and
    /// it has at most `DecodedPicture.maxPixels` pixels, keeps what the check decoded, upright,
    /// with its smaller levels: a first view drawn from it costs no second decode. Otherwise
    /// (a JPEG, which is checked and viewed at a fraction of its size) as `verify`, keeping nothing.
    /// - Throws: what `verify` throws.
    public static func verifyKeepingPicture(_ bytes: [UInt8], maxPixels: Int = defaultMaxPixels,
                                            file: String? = nil) throws -> (check: ImageCheck, picture: DecodedPicture?) {
        let whole = bytes.withUnsafeBytes { raw in Codecs.sniff(raw).map { !$0.decodesReduced } ?? false }
        guard whole else { return (try verify(bytes, maxPixels: maxPixels, file: file), nil) }
        func keep() throws -> (check: ImageCheck, picture: DecodedPicture?) {
            try bytes.withUnsafeBytes { raw in
                let info = try ImageProbe.probeTyped(raw)
                try checkLimits(info, maxPixels: maxPixels)
                guard info.pixelCount <= DecodedPicture.maxPixels, let codec = Codecs.sniff(raw) else {
                    return (try verify(bytes, maxPixels: maxPixels), nil)
                }
                let reader = try codec.checkingReader(for: raw, maxPixels: maxPixels)
                let key = DecodedPicture.Key(format: info.format, storedWidth: info.storedWidth, storedHeight: info.storedHeight,
                                             orientation: info.orientation, byteCount: raw.count, digest: PhotoDigest(of: raw))
                let picture = try PhotoToDecode.decoded(reader, orientation: info.orientation, key: key)
                return (ImageCheck(info: info, warning: reader.warning), picture)
            }
        }
        guard let file else { return try keep() }
        return try ImageFileError.naming(.file(file)) { try keep() }
    }
}
