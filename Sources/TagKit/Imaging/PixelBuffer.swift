/// An 8-bit RGB or RGBA picture in memory.
///
/// Layout, fixed for every producer and consumer in TagKit:
/// - `height` rows, the top row first; each row `width` pixels, the leftmost first;
/// - each pixel `channels` bytes: R, G, B for 3, R, G, B, A for 4; alpha is straight (not
///   premultiplied), 255 opaque;
/// - no padding: row `y` starts at byte `y * rowBytes`, `rowBytes == width * channels`.
///
/// Values carry no colour-space conversion: they are the file's samples (sRGB or whatever the
/// ICC profile travelling beside them says). Operations return new buffers and never change
/// their input.
public struct PixelBuffer: Sendable, Equatable {
    /// Pixels per row, at least 1.
    public let width: Int
    /// Number of rows, at least 1.
    public let height: Int
    /// Bytes per pixel: 3 (RGB) or 4 (RGBA).
    public let channels: Int
    /// The samples, `height * rowBytes` of them, in the layout described above.
    public var bytes: [UInt8]

    /// Wraps existing samples. The count must be exactly `width * height * channels`.
    public init(width: Int, height: Int, channels: Int, bytes: [UInt8]) {
        precondition(width > 0 && height > 0, "a picture needs at least one pixel")
        precondition(channels == 3 || channels == 4, "channels must be 3 (RGB) or 4 (RGBA)")
        precondition(bytes.count == width * height * channels, "byte count does not match the size")
        self.width = width
        self.height = height
        self.channels = channels
        self.bytes = bytes
    }

    /// A buffer of the given size with every sample set to `value` (0: black and transparent).
    public init(width: Int, height: Int, channels: Int, filledWith value: UInt8 = 0) {
        self.init(width: width, height: height, channels: channels,
                  bytes: [UInt8](repeating: value, count: width * height * channels))
    }

    /// A buffer whose samples are written by `fill`, which receives the uninitialized storage
    /// (`width * height * channels` bytes) and must write all of it. Saves zero-filling big
    /// buffers that are about to be overwritten anyway.
    public init(width: Int, height: Int, channels: Int,
                fill: (UnsafeMutableBufferPointer<UInt8>) throws -> Void) rethrows {
        let count = width * height * channels
        let bytes = try [UInt8](unsafeUninitializedCapacity: count) { storage, initialized in
            try fill(storage)
            initialized = count
        }
        self.init(width: width, height: height, channels: channels, bytes: bytes)
    }

    /// Bytes per row: `width * channels`.
    public var rowBytes: Int { width * channels }
    /// Whether the buffer has an alpha channel.
    public var hasAlpha: Bool { channels == 4 }

    /// The samples of the pixel at column `x`, row `y` (both from 0, top-left origin), as a new
    /// array indexed from 0: `[r, g, b]` or `[r, g, b, a]`. For inspection, not for hot loops.
    public subscript(x: Int, y: Int) -> [UInt8] {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel outside the picture")
        let start = y * rowBytes + x * channels
        return Array(bytes[start..<(start + channels)])
    }

    /// The samples of row `y`, without copying. Like every `ArraySlice`, it keeps the indices
    /// of `bytes`: its first sample is at `y * rowBytes`, not 0.
    public func row(_ y: Int) -> ArraySlice<UInt8> {
        precondition(y >= 0 && y < height, "row outside the picture")
        return bytes[(y * rowBytes)..<((y + 1) * rowBytes)]
    }
}
