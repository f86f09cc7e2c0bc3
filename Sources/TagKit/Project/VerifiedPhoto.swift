import Dispatch

/// A photo whose whole picture was decoded once and found sound: what a project is created from.
/// It keeps what the check found and which file it was, not the bytes; and the pixels only when
/// asked (`picture`).
public struct VerifiedPhoto: Sendable {
    /// The photo's path.
    public let path: String
    /// What decoding found: the picture's facts, and a problem stepped over without losing pixels.
    public let check: ImageCheck
    /// The file as it was when checked (device, inode, size, modification time).
    let identity: FileIO.Identity?
    /// The picture the check decoded, when it was asked to keep it and every view of the photo
    /// is a whole decode (`ImageDecoder.verifyKeepingPicture`): a first view is drawn from it.
    public let picture: DecodedPicture?

    /// Reads the photo at `path` and decodes it whole, streaming (see `ImageDecoder.verify`).
    /// - Throws: `FileError` when it cannot be read, `ImageFileError` naming it when it is no
    ///   picture tagproj reads, is damaged, or is larger than `maxPixels`.
    public init(path: String, maxPixels: Int = ImageDecoder.defaultMaxPixels) throws {
        let identity = FileIO.identity(of: path)
        try self.init(bytes: try FileIO.read(path, limit: Int(Database.maximumBlobLength)), path: path, maxPixels: maxPixels, identity: identity)
    }

    /// `name`: what errors call the photo when `path` is a temporary copy (the gallery's upload);
    /// `keepingPicture`: keep the decoded picture where it serves views (see `picture`).
    init(bytes: [UInt8], path: String, maxPixels: Int, identity: FileIO.Identity? = nil, name: String? = nil,
         keepingPicture: Bool = false) throws {
        self.path = path
        self.identity = identity
        // The pixel limit and the longest side (`ImageDecoder.maximumSide`) are checked on the
        // headers first, before a band of rows is allocated; damage is found now, naming the file.
        if keepingPicture {
            (check, picture) = try ImageDecoder.verifyKeepingPicture(bytes, maxPixels: maxPixels, file: name ?? path)
        } else {
            check = try ImageDecoder.verify(bytes, maxPixels: maxPixels, file: name ?? path)
            picture = nil
        }
    }
}

extension VerifiedPhoto {
    /// Each of `paths` checked as `init(path:maxPixels:)` does, on every core at once (the
    /// decoding is each photo's own work; nothing is shared but the answers): what
    /// `tagproj menu` runs before it creates any project. The results are in the order of `paths`.
    public static func verifying(_ paths: [String], maxPixels: Int = ImageDecoder.defaultMaxPixels) -> [Result<VerifiedPhoto, any Error>] {
        let results = Slots<Result<VerifiedPhoto, any Error>>(count: paths.count)
        DispatchQueue.concurrentPerform(iterations: paths.count) { index in
            results.set(index, Result { try VerifiedPhoto(path: paths[index], maxPixels: maxPixels) })
        }
        return results.values
    }
}

/// A fixed number of slots that concurrent workers fill, each its own slot, under a lock.
private final class Slots<Value>: @unchecked Sendable {
    private var items: [Value?]
    private let lock = DispatchQueue(label: "tagproj.slots")

    init(count: Int) { items = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ value: Value) { lock.sync { items[index] = value } }

    /// Every slot's value; call after all are set.
    var values: [Value] { lock.sync { items.map { $0! } } }
}
