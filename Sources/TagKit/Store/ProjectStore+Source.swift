/// The `source` row and the photo's bytes, read whole, shared, used up, or a piece at a time from
/// the blob (see `ProjectStore`).
extension ProjectStore {
    /// What the project knows of its photo, and how to turn it into the picture the user sees.
    struct Source {
        /// The stored photo's format: one this build reads.
        var format: ImageFormat
        /// The pixel grid as stored in the file, before orientation and crop.
        var storedWidth: Int, storedHeight: Int
        /// How the stored grid is turned upright.
        var orientation: Orientation
        var crop: Crop
        var hasICC: Bool
        /// The length of the stored photo.
        var byteCount: Int
        /// The picture as the user sees it.
        var size: PictureSize
        /// The base name of the file the photo came from, when the project was made at version 7
        /// or later.
        var fileName: String? = nil
    }

    /// The `source` row (never its bytes).
    func source() throws -> Source {
        let s = try db.prepare("""
            SELECT format, stored_width, stored_height, orientation, crop_x, crop_y, crop_w, crop_h, has_icc, byte_count
            FROM source WHERE id = 1
            """)
        guard try s.step() else { throw damaged(tr("the source photo is missing")) }
        guard let raw = s.value(3).integer, let orientation = Orientation(rawValue: Int(clamping: raw)) else {
            throw damaged(tr("the source photo's orientation is invalid"))
        }
        guard let sw = s.value(1).integer, let sh = s.value(2).integer, Self.sides.contains(sw), Self.sides.contains(sh) else {
            throw damaged(tr("the source photo's stored size is invalid"))
        }
        let crop: Crop
        do {
            crop = try Crop.validated(x: s.value(4).real ?? .nan, y: s.value(5).real ?? .nan,
                                      width: s.value(6).real ?? .nan, height: s.value(7).real ?? .nan)
        } catch { throw damaged(tr("the crop is invalid")) }
        guard let name = s.value(0).text, let icc = s.value(8).integer, let count = s.value(9).integer, count > 0 else {
            throw damaged(tr("the source photo's row is invalid"))
        }
        guard let format = ImageFormat(rawValue: name), Codecs.codec(for: format)?.canRead == true else {
            throw damaged(tr("the source photo's format is unknown"))
        }
        return Source(format: format, storedWidth: Int(sw), storedHeight: Int(sh), orientation: orientation, crop: crop,
                      hasICC: icc != 0, byteCount: Int(count), size: try pictureSize(), fileName: try sourceFileName())
    }

    /// The photo's file name (`file_name`), or nil when the project does not know it; a name that
    /// could not have been stored (a slash, a control character) is damage. The column is always
    /// there: `open` brings every file to the latest schema.
    func sourceFileName() throws -> String? {
        switch try db.scalar("SELECT file_name FROM source WHERE id = 1") {
        case nil, .null?: return nil
        case .text(let name)? where FileIO.isPlainName(name): return name
        default: throw damaged(tr("the source photo's file name is invalid"))
        }
    }

    /// The picture size as the user sees it (oriented and cropped): all an edit needs of the photo.
    func pictureSize() throws -> PictureSize {
        let s = try db.prepare("SELECT width, height FROM source WHERE id = 1")
        guard try s.step() else { throw damaged(tr("the source photo is missing")) }
        guard let w = s.value(0).integer, let h = s.value(1).integer, Self.sides.contains(w), Self.sides.contains(h)
        else { throw damaged(tr("the source photo's size is invalid")) }
        return PictureSize(width: Int(w), height: Int(h))
    }

    /// A side a project may store, in pixels, whatever the pixel limit.
    static let sides: ClosedRange<Int64> = 1...Int64(ImageDecoder.maximumSide)

    /// The photo's bytes, read straight from the blob into one array (`sqlite3_blob_read`), so
    /// the photo is in memory once, not also in a copy SQLite assembles from its overflow pages.
    /// Only export needs them. A lock held too long (busy) or memory running out says nothing
    /// about the file and passes up unchanged; any other failure means the blob is damaged.
    func sourceBytes() throws -> [UInt8] {
        try readSource { try db.readBlob(table: "source_bytes", column: "bytes", row: 1, limit: $0) }
    }

    /// The photo's bytes as `sourceBytes()` reads them, in memory a decoder can keep reading in
    /// place (`SharedBytes`), so that an export holds the compressed photo once.
    func sharedSourceBytes() throws -> SharedBytes {
        try readSource {
            try db.readBlob(table: "source_bytes", column: "bytes", row: 1, limit: $0) { count, read in
                try SharedBytes(count: count, fill: read)
            }
        }
    }

    /// The photo's bytes as `sourceBytes()` reads them, on pages a reader may use up as it goes
    /// (`ConsumableBytes`), so that the lossless export of a progressive photo never holds both the
    /// photo and its decoded blocks whole.
    func consumableSourceBytes() throws -> ConsumableBytes {
        try readSource {
            try db.readBlob(table: "source_bytes", column: "bytes", row: 1, limit: $0) { count, read in
                try ConsumableBytes(count: count, fill: read)
            }
        }
    }

    /// Calls `body` with the photo's blob open for reading a piece at a time, then closes it, which
    /// ends the read transaction: the project's lock is held only while `body` runs. Errors are
    /// those of `sourceBytes()`, whether they come from opening the blob or from a read in `body`.
    func withSourceBlob<T>(_ body: (BlobReader) throws -> T) throws -> T {
        try readSource { limit in
            let blob = try BlobReader(db, table: "source_bytes", column: "bytes", row: 1, limit: limit)
            defer { blob.close() }
            return try body(blob)
        }
    }

    private func readSource<Bytes>(_ read: (_ limit: Int) throws -> Bytes) throws -> Bytes {
        do {
            return try read(Int(Database.maximumBlobLength))
        } catch let error as SQLiteError where error.meaning != .busy && !error.isOutOfMemory {
            throw damaged(tr("the photo cannot be read: {reason}", ["reason": error.reason]))
        }
    }
}
