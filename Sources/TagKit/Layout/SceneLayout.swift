/// Lays out a document's tags for one output size: shapes each label with a ``FontProvider``,
/// places the tag by its geometry and rasterizes the glyphs where the text goes. A dish carrying
/// its price has the name and the price shaped apart and drawn side by side in the one bubble,
/// which changes colour between them (``TagDrawing/priceSplit``).
///
/// The label is shaped again with the provider's fonts, so the bubble fits the text as drawn.
/// Should that make a tag wider than when it was placed (the fonts changed since the edit), the
/// tag is kept inside the picture by the same rule edits use, and the layout says so with a
/// ``SceneLayout/Notice``; a tag that fits nowhere any more is an error, never drawn outside.
public struct SceneLayout: Sendable {
    /// Something the user should know about how the tags were laid out.
    public enum Notice: Equatable, Sendable {
        /// The tag no longer fits where it was placed and was drawn with its dot at `drawnAt`.
        case tagMoved(TagID, from: NormalizedPoint, drawnAt: NormalizedPoint)
    }

    /// Why a tag cannot be laid out.
    public enum LayoutError: TagProjError, Equatable {
        /// With the fonts at hand the label is too long to fit inside the picture anywhere.
        case tagDoesNotFit(TagID, label: String)

        /// `tag #3 “…” no longer fits inside the picture with the fonts of this machine`.
        public var message: String {
            switch self {
            case let .tagDoesNotFit(id, label):
                // TRANSLATORS: {id} is a tag's id (#3); {label} its text.
                return tr("tag {id} “{label}” no longer fits inside the picture with the fonts used here", ["id": id, "label": label])
            }
        }

        /// Shorten the text, or have the fonts it was made with.
        public var advice: String? { tr("edit the tag to a shorter text, or install the fonts it was made with") }

        /// It cannot be drawn as asked.
        public var meaning: ErrorMeaning { .notPossible }
    }

    /// What to draw, in id order.
    public let drawings: [TagDrawing]
    /// Tags that had to move to stay inside.
    public let notices: [Notice]
    /// The output size laid out for.
    public let size: PictureSize

    /// Lays out `tags` on a picture of `size` with `settings`' currency, font, language and tag scale.
    /// - Throws: ``LayoutError/tagDoesNotFit(_:label:)``, or the provider's ``TextError``.
    public init(tags: [Tag], settings: ProjectSettings, size: PictureSize, fonts: some FontProvider) throws {
        var drawings: [TagDrawing] = []
        var notices: [Notice] = []
        // One font size for every label: it depends only on the picture and the tag scale.
        let scale = settings.tagScale
        let fontSize = TagStyle.fontSize(on: size, scale: scale)
        for tag in tags {
            let label = tag.label(settings), parts = tag.labelParts(settings)
            let line = try fonts.shape(parts.text, family: settings.font, language: settings.language, pixelSize: fontSize)
            // A dish's price is shaped on its own and drawn after the name, a gap between them.
            let price = try parts.price.map { try fonts.shape($0, family: settings.font, language: settings.language, pixelSize: fontSize) }
            let gap = price == nil ? 0 : TagStyle.priceGapEm * fontSize
            let em = (line.advance + gap + (price?.advance ?? 0)) / fontSize
            let anchor: NormalizedPoint
            do {
                anchor = try Placement.fit(tag.anchor, side: tag.side, labelEm: em, size: size, scale: scale)
            } catch is PlacementError {
                throw LayoutError.tagDoesNotFit(tag.id, label: label)
            }
            // Rounding may nudge a tag on the edge by a hair; only a visible move is news.
            let moved = max(abs(anchor.x - tag.anchor.x) * Double(size.width), abs(anchor.y - tag.anchor.y) * Double(size.height))
            if moved >= 0.5 { notices.append(.tagMoved(tag.id, from: tag.anchor, drawnAt: anchor)) }
            let geometry = TagGeometry(anchor: anchor, side: tag.side, labelEm: em, size: size, scale: scale)
            // The line box (ascender to descender of the faces used, name and price on one
            // baseline) centred on the body.
            let ascent = max(line.ascent, price?.ascent ?? 0), descent = max(line.descent, price?.descent ?? 0)
            let baseline = geometry.textStart.y + (ascent - descent) / 2
            func placed(_ line: ShapedLine, at x: Double) throws -> [PlacedGlyph] {
                try fonts.rasterize(line, originX: x, baselineY: baseline).map {
                    PlacedGlyph(x: $0.left, y: $0.top, width: $0.width, height: $0.height, pixels: $0.pixels, isColor: $0.isColor)
                }
            }
            var drawing: TagDrawing
            if let price {
                // After the name in reading order: to its right, or to its left for a name read
                // right to left (`بيتزا` then the price, as a right-to-left line puts it).
                let rightToLeft = try BidiLine.isRightToLeft(parts.text)
                let x0 = geometry.textStart.x
                let (nameX, priceX) = rightToLeft ? (x0 + price.advance + gap, x0) : (x0, x0 + line.advance + gap)
                let split = rightToLeft ? x0 + price.advance + gap / 2 : x0 + line.advance + gap / 2
                drawing = TagDrawing(geometry: geometry, glyphs: try placed(line, at: nameX) + placed(price, at: priceX), kind: tag.kind)
                drawing.priceSplit = TagDrawing.PriceSplit(x: split, priceOnTheRight: !rightToLeft)
            } else {
                drawing = TagDrawing(geometry: geometry, glyphs: try placed(line, at: geometry.textStart.x), kind: tag.kind)
            }
            drawings.append(drawing)
        }
        self.drawings = drawings
        self.notices = notices
        self.size = size
    }

    /// The scene that paints these drawings.
    public var scene: TagScene { TagScene(drawings: drawings, size: size) }
}
