import Glibc

/// A project's photo decoded whole, at full size and upright (orientation applied, crop not),
/// held in memory: what the editor keeps while it runs, so that the fit view and every zoomed
/// region are cut and resampled from pixels already decoded instead of decoding the photo again
/// for each (`Project.preview(size:region:quality:decoded:)`).
///
/// It remembers which photo it is (`key`, made from the photo's bytes), so a project whose photo
/// is no longer the one decoded is never shown with the old pixels. The pixels never change
/// after `init`, so any number of threads may read them at once.
public final class DecodedPicture: @unchecked Sendable {
    /// What identifies a photo: its format, stored size, orientation, length and the SHA-256 of
    /// its bytes (`PhotoDigest`), so no photo can be made to pass for another.
    public struct Key: Hashable, Sendable {
        let format: ImageFormat
        let storedWidth: Int, storedHeight: Int
        let orientation: Orientation
        let byteCount: Int
        let digest: PhotoDigest
    }

    /// The most pixels a photo is held for: 50 megapixels, 150 MB of RGB (200 MB with alpha).
    /// A larger photo is decoded for each view as before.
    public static let maxPixels = 50_000_000

    /// The photo this is.
    public let key: Key
    /// Upright width.
    public var width: Int { levels[0].width }
    /// Upright height.
    public var height: Int { levels[0].height }
    /// 3 (RGB) or 4 (RGBA).
    public var channels: Int { levels[0].channels }
    /// The photo's ICC profile, carried into what is encoded from it.
    let iccProfile: [UInt8]?
    /// The picture at full size, then each level half the one before (rounded up, each pixel the
    /// mean of four), while the shorter side stays at least `smallestLevelSide`: what a view
    /// much smaller than the photo is resampled from, so its cost follows the view's pixels
    /// rather than the photo's.
    let levels: [Level]

    /// The shorter side below which no smaller level is made.
    static let smallestLevelSide = 256

    /// Bytes of memory held.
    public var byteCount: Int { levels.reduce(0) { $0 + $1.width * $1.height * $1.channels } }

    /// Reads every upright row of `source` into memory of its own, and makes the smaller levels.
    /// - Throws: the source's error, or `ImageError.incomplete` if it ends early.
    init(key: Key, reading source: inout some RowSource, iccProfile: [UInt8]?) throws {
        var levels = [try Level(reading: &source)]
        while min(levels.last!.width, levels.last!.height) >= 2 * Self.smallestLevelSide {
            levels.append(levels.last!.halved())
        }
        self.key = key
        self.iccProfile = iccProfile
        self.levels = levels
    }

    /// The part `crop` of the picture (fractions of it) as rows of `size`: cut from the smallest
    /// level that holds at least twice `size` of it both ways (so what the four-pixel means
    /// smooth is still shrunk by Lanczos-3 at least twice over, and the view is as sharp as one
    /// resampled from the full picture), and resampled to `size` when the part is not already
    /// that size, in two bands made on two threads at once.
    func rows(_ crop: Crop, size: PictureSize) -> any RowSource {
        let level = levels.last { level in
            let rect = CropRect(crop, pictureWidth: level.width, pictureHeight: level.height)
            return rect.width >= 2 * size.width && rect.height >= 2 * size.height
        } ?? levels[0]
        let rect = Project.snapped(CropRect(crop, pictureWidth: level.width, pictureHeight: level.height), to: size,
                                   pictureWidth: level.width, pictureHeight: level.height)
        if rect.width == size.width && rect.height == size.height { return DecodedRows(level, rect: rect) }
        return ResampledBands(level, rect: rect, size: size, bands: size.height >= 64 ? 2 : 1)
    }

    /// One level of the picture.
    typealias Level = PictureMemory
}

/// The pixels of a rectangle of one level of a `DecodedPicture`, as rows.
struct DecodedRows: RowSource {
    let level: DecodedPicture.Level
    let rect: CropRect
    private var next = 0

    /// `rect`, which must lie inside `level`.
    init(_ level: DecodedPicture.Level, rect: CropRect) {
        precondition(rect.fits(width: level.width, height: level.height), "rectangle \(rect) outside the picture")
        self.level = level
        self.rect = rect
    }

    var width: Int { rect.width }
    var height: Int { rect.height }
    var channels: Int { level.channels }

    mutating func readRows(into buffer: UnsafeMutableBufferPointer<UInt8>, count: Int) throws -> Int {
        let n = min(count, rect.height - next)
        guard n > 0 else { return 0 }
        precondition(buffer.count >= n * rowBytes, "row buffer too small")
        let (c, full, bytes) = (channels, level.width * level.channels, rowBytes)
        for i in 0..<n {
            let from = level.pixels + (rect.y + next + i) * full + rect.x * c
            (buffer.baseAddress! + i * bytes).update(from: from, count: bytes)
        }
        next += n
        return n
    }
}

/// A rectangle of a level resampled to `size` in horizontal bands, each made on a thread of its
/// own from the moment this is made (`ResampledRows` of the band, read ahead whole), and read in
/// order: the bands' cores work at once while the reader encodes the first.
struct ResampledBands: RowSource {
    let width: Int, height: Int, channels: Int
    private var bands: [ReadAheadRows]
    private var current = 0

    init(_ level: DecodedPicture.Level, rect: CropRect, size: PictureSize, bands count: Int) {
        (width, height, channels) = (size.width, size.height, level.channels)
        let cuts = (0...count).map { $0 * size.height / count }
        bands = (0..<count).map { b in
            let rows = cuts[b]..<cuts[b + 1]
            let first = FilterTaps.first(of: rows.lowerBound, from: rect.height, to: size.height)
            let source = DecodedRows(level, rect: CropRect(x: rect.x, y: rect.y + first, width: rect.width, height: rect.height - first))
            let resampled = ResampledRows(source, width: size.width, height: size.height, band: rows, sourceHeight: rect.height)
            // The first band is read as it is made; every later one is held whole until its turn.
            let bandRows = 32
            let ahead = ReadAheadRows(resampled, bandRows: bandRows, bands: b == 0 ? 4 : rows.count / bandRows + 2)
            ahead.begin()
            return ahead
        }
    }

    mutating func readRows(into buffer: UnsafeMutableBufferPointer<UInt8>, count: Int) throws -> Int {
        while current < bands.count {
            let n = try bands[current].readRows(into: buffer, count: count)
            if n > 0 { return n }
            current += 1
        }
        return 0
    }
}

extension PictureMemory {
    /// This picture at half its size, rounded up: each pixel the mean of the (up to) four it
    /// covers, alpha-weighted for RGBA so that transparent pixels lend no colour.
    func halved() -> PictureMemory {
        let half = PictureMemory(width: (width + 1) / 2, height: (height + 1) / 2, channels: channels)
        let (c, stride) = (channels, width * channels)
        for y in 0..<half.height {
            let top = UnsafePointer(pixels + 2 * y * stride), bottom = UnsafePointer(pixels + min(2 * y + 1, height - 1) * stride)
            let target = half.pixels + y * half.width * c
            // Whole pairs of columns, then the last column alone when the width is odd.
            let pairs = width / 2
            if c == 3 {
                Self.meanRGB(top, bottom, pairs: pairs, into: target)
            } else {
                Self.meanRGBA(top, bottom, pairs: pairs, into: target)
            }
            if width % 2 == 1 {
                let last = (width - 1) * c, out = target + pairs * c
                if c == 3 {
                    for k in 0..<3 { out[k] = UInt8((Int(top[last + k]) + Int(bottom[last + k]) + 1) >> 1) }
                } else {  // weighted by alpha, as the pairs are
                    let a0 = Int(top[last + 3]), a1 = Int(bottom[last + 3]), sum = a0 + a1
                    for k in 0..<3 {
                        let weighted = Int(top[last + k]) * a0 + Int(bottom[last + k]) * a1
                        out[k] = sum > 0 ? UInt8((weighted + sum / 2) / sum) : 0
                    }
                    out[3] = UInt8((sum + 1) >> 1)
                }
            }
        }
        return half
    }

    private static func meanRGB(_ top: UnsafePointer<UInt8>, _ bottom: UnsafePointer<UInt8>, pairs: Int, into target: UnsafeMutablePointer<UInt8>) {
        for i in 0..<pairs * 3 {
            let x = i / 3 * 6 + i % 3
            let sum = UInt16(top[x]) &+ UInt16(top[x + 3]) &+ UInt16(bottom[x]) &+ UInt16(bottom[x + 3])
            target[i] = UInt8(truncatingIfNeeded: (sum &+ 2) >> 2)
        }
    }

    private static func meanRGBA(_ top: UnsafePointer<UInt8>, _ bottom: UnsafePointer<UInt8>, pairs: Int, into target: UnsafeMutablePointer<UInt8>) {
        for p in 0..<pairs {
            let (l, r) = (p * 8, p * 8 + 4)
            let a0 = Int(top[l + 3]), a1 = Int(top[r + 3]), a2 = Int(bottom[l + 3]), a3 = Int(bottom[r + 3])
            let sum = a0 + a1 + a2 + a3
            for k in 0..<3 {
                let weighted = Int(top[l + k]) * a0 + Int(top[r + k]) * a1 + Int(bottom[l + k]) * a2 + Int(bottom[r + k]) * a3
                target[p * 4 + k] = sum > 0 ? UInt8((weighted + sum / 2) / sum) : 0
            }
            target[p * 4 + 3] = UInt8((sum + 2) / 4)
        }
    }
}
