import TagKit

/// One tag drawn by the export renderer onto a transparent picture of the page's size, cut to
/// the tag's bounds: what the page shows over the photo, so the page never imitates the look.
enum TagImage {
    /// The PNG of `tag` as it is drawn on a `size` picture, where its top-left corner lies, and its size.
    static func render(_ tag: Tag, settings: ProjectSettings, size: PictureSize,
                       fonts: some FontProvider) throws -> (png: [UInt8], origin: (x: Int, y: Int), size: PictureSize) {
        let layout = try SceneLayout(tags: [tag], settings: settings, size: size, fonts: fonts)
        let scene = layout.scene
        let full = PixelRect(x0: 0, y0: 0, x1: size.width, y1: size.height)
        let bounds = scene.tags.map(\.bounds).reduce(PixelRect(x0: 0, y0: 0, x1: 0, y1: 0)) { $0.isEmpty ? $1 : $0.union($1) }
            .intersection(full)
        guard !bounds.isEmpty else { throw EditorRequestError.notDrawable(tag.id) }
        // Rows of the whole picture's width, only those the tag covers, then the columns cut out.
        var band = [UInt8](repeating: 0, count: size.width * bounds.height * 4)
        band.withUnsafeMutableBufferPointer { buffer in
            scene.paint(into: RowBand(base: buffer.baseAddress!, width: size.width, channels: 4,
                                      bytesPerRow: size.width * 4, rows: bounds.y0..<bounds.y1))
        }
        let pixels = PixelBuffer(width: bounds.width, height: bounds.height, channels: 4) { storage in
            for row in 0..<bounds.height {
                let from = (row * size.width + bounds.x0) * 4
                for i in 0..<bounds.width * 4 { storage[row * bounds.width * 4 + i] = band[from + i] }
            }
        }
        return (try PNGEncoder(compressionLevel: 3).encode(pixels), (bounds.x0, bounds.y0), PictureSize(width: bounds.width, height: bounds.height))
    }
}
