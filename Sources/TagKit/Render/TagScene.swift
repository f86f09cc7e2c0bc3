/// The tags of a project rasterized for one output size: what export paints.
///
/// Each tag's shapes are rasterized once into coverage masks, so painting the picture band by
/// band costs only the blending of the rows each tag covers. The scene is made from
/// ``TagDrawing``s (see ``SceneLayout``, which shapes the labels with a ``FontProvider``); it
/// draws and writes nothing else.
public struct TagScene: Sendable {
    /// The prepared tags, in id order (later ids are painted over earlier ones).
    public let tags: [PreparedTag]
    /// The output picture's size.
    public let size: PictureSize

    /// Rasterizes `drawings` for a picture of `size`, in the order given.
    public init(drawings: [TagDrawing], size: PictureSize) {
        self.size = size
        tags = drawings.map { TagPainter.prepare($0.geometry, glyphs: $0.glyphs, picture: size, kind: $0.kind, priceSplit: $0.priceSplit) }
    }

    /// Paints every tag's part that falls in `band`.
    public func paint(into band: RowBand) {
        TagPainter.paint(tags, into: band)
    }
}
