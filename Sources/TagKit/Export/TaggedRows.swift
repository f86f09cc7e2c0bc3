/// Rows of a picture with the tags painted on: a `RowSource` that reads a band from its source,
/// paints the parts of the tags that fall into it, and hands it on, so an export never holds more
/// than a band of the picture.
public struct TaggedRows<Source: RowSource>: RowSource {
    private var source: Source
    private let scene: TagScene
    private var nextRow = 0

    /// `source` must be `scene.size` large.
    public init(_ source: Source, scene: TagScene) {
        precondition(source.width == scene.size.width && source.height == scene.size.height, "scene and picture differ in size")
        self.source = source
        self.scene = scene
    }

    /// The source's width.
    public var width: Int { source.width }
    /// The source's height.
    public var height: Int { source.height }
    /// The source's channels (3 or 4).
    public var channels: Int { source.channels }

    /// Reads the next rows from the source and paints the tags' parts that fall in them.
    public mutating func readRows(into buffer: UnsafeMutableBufferPointer<UInt8>, count: Int) throws -> Int {
        let n = try source.readRows(into: buffer, count: count)
        if n > 0 {
            scene.paint(into: RowBand(base: buffer.baseAddress!, width: width, channels: channels,
                                      bytesPerRow: rowBytes, rows: nextRow..<nextRow + n))
            nextRow += n
        }
        return n
    }
}
