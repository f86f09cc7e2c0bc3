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
        // A band of the whole picture's width (as painting expects) over the rows the tag covers,
        // of which only the tag's columns are cleared, painted and read: the rest is left
        // uninitialised, so a tag on a 14.7 MP photo at 1:1 touches its own pages only.
        let rowBytes = size.width * 4, spanBytes = bounds.width * 4
        let band = UnsafeMutablePointer<UInt8>.allocate(capacity: rowBytes * bounds.height)
        defer { band.deallocate() }
        let start = band + bounds.x0 * 4
        for row in 0..<bounds.height { (start + row * rowBytes).initialize(repeating: 0, count: spanBytes) }
        scene.paint(into: RowBand(base: band, width: size.width, channels: 4, bytesPerRow: rowBytes, rows: bounds.y0..<bounds.y1))
        let pixels = PixelBuffer(width: bounds.width, height: bounds.height, channels: 4) { storage in
            for row in 0..<bounds.height {
                (storage.baseAddress! + row * spanBytes).initialize(from: start + row * rowBytes, count: spanBytes)
            }
        }
        // Unfiltered: a tag is flat colour and clear pixels, which row filters do not shrink, and
        // trying them took about 40% of the server's time drawing tags.
        return (try PNGEncoder(compressionLevel: 3, adaptiveFilters: false).encode(pixels), (bounds.x0, bounds.y0), PictureSize(width: bounds.width, height: bounds.height))
    }
}
