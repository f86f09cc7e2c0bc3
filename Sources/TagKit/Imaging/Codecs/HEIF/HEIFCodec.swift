import CShims

extension ImageFormat {
    /// HEIC/HEIF (iPhone photos), read through libheif (HEVC by libde265).
    public static let heic = ImageFormat("heic", displayName: "HEIC")
    /// AVIF, read and written through libheif (AV1 by dav1d and libaom).
    public static let avif = ImageFormat("avif", displayName: "AVIF")
}

/// A HEIF-family format in the registry (HEIC, AVIF: the same container, another codec inside),
/// sniffed by the brands of its `ftyp` box and read by libheif.
///
/// Only the primary image is read; thumbnails, alpha-less auxiliary and depth images are ignored.
/// libheif applies the file's own rotation (`irot`) and mirroring (`imir`), so the probe reports
/// the picture as shown and orientation 1: an EXIF orientation inside the file is never applied on
/// top. The ICC profile (`colr` of type `prof`/`rICC`) is kept; an `nclx` colour description is
/// turned into the matching profile where one is needed and can be made (Display P3 or BT.2020
/// with the sRGB or a linear curve; see `ICCProfile.describing(nclxPrimaries:transfer:)`), and
/// sRGB/BT.709 primaries need none. 10- and 12-bit pictures are rounded to 8 bits.
struct HEIFCodec: ImageCodec {
    let format: ImageFormat
    let suffixes: [String]
    let canWrite: Bool
    var canRead: Bool { true }
    var streams: Bool { false }
    private let brands: Set<String>

    /// HEIC: read only (writing HEVC is patent-encumbered and not what the web wants).
    static let heic = HEIFCodec(format: .heic, suffixes: ["heic", "heif", "hif"], canWrite: false,
                                brands: ["heic", "heix", "hevc", "hevx", "heim", "heis", "hevm", "hevs", "mif1", "msf1"])
    /// AVIF: read and written.
    static let avif = HEIFCodec(format: .avif, suffixes: ["avif"], canWrite: true, brands: ["avif", "avis"])

    private init(format: ImageFormat, suffixes: [String], canWrite: Bool, brands: Set<String>) {
        self.format = format
        self.suffixes = suffixes
        self.canWrite = canWrite
        self.brands = brands
    }

    /// An AVIF brand anywhere makes the file AVIF (AVIF files list `mif1` too); else a HEIF brand
    /// makes it HEIC.
    func sniff(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let found = Set(Self.brands(ByteView(bytes)))
        if format == .heic && !found.isDisjoint(with: Self.avif.brands) { return false }
        return !found.isDisjoint(with: brands)
    }

    /// The header of the primary image as libheif reads it (boxes only, nothing decoded).
    func probe(_ bytes: UnsafeRawBufferPointer) throws(ImageError) -> ImageInfo {
        var info = tp_heif_info()
        try ShimCall.check(format) { msg, cap in tp_heif_probe(bytes.baseAddress, bytes.count, &info, msg, cap) }
        // An nclx description that export turns into a profile counts as one, so `info` says what export writes.
        let described = info.nclx_primaries != 0
            && ICCProfile.describing(nclxPrimaries: Int(info.nclx_primaries), transfer: Int(info.nclx_transfer)) != nil
        return ImageInfo(format: format, storedWidth: Int(info.width), storedHeight: Int(info.height),
                         orientation: .upright, hasICC: info.has_icc != 0 || described)
    }

    func rowReader(for bytes: UnsafeRawBufferPointer, maxPixels: Int) throws -> any ImageRowReader {
        let shim = try ShimDecoder(bytes, codec: self, maxPixels: maxPixels, functions: WholePictureRowReader.functions) { limit, opened, msg, cap in
            tp_heif_decoder_open(bytes.baseAddress, bytes.count, limit, opened, msg, cap)
        }
        var info = tp_heif_info()
        guard shim.iccProfile == nil, tp_heif_probe(bytes.baseAddress, bytes.count, &info, nil, 0) == TP_OK,
              info.nclx_primaries != 0 else { return WholePictureRowReader(shim) }
        return WholePictureRowReader(shim, described: ICCProfile.describing(nclxPrimaries: Int(info.nclx_primaries),
                                                                            transfer: Int(info.nclx_transfer)))
    }

    func encoder(_ settings: EncodeSettings) throws -> any ImageEncoder {
        guard canWrite else { throw ImageError.cannotWrite(format) }
        return AVIFEncoder(quality: settings.quality, iccProfile: settings.iccProfile)
    }

    /// The brands of an `ftyp` box at the start: size, `ftyp`, the major brand, a version, then
    /// compatible brands. Returns them all (at most 64), or none for another file.
    static func brands(_ data: ByteView) -> [String] {
        guard data.matches(Array("ftyp".utf8), at: 4), let size = data.u32(0), size >= 16 else { return [] }
        let end = min(size, data.count, 8 + 4 * 64)
        return stride(from: 8, to: end - 3, by: 4).filter { $0 != 12 }.compactMap { offset in
            data.slice(offset, length: 4).map { String(decoding: UnsafeRawBufferPointer($0.bytes), as: UTF8.self) }
        }
    }
}
