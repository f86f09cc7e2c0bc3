/// Where a front end that writes pictures on its own (the editor's Export) may write one, so that
/// it never replaces a file the user owns.
extension Project {
    /// The name for the next tagged picture beside the project: `NAME-tagged.SUFFIX` for
    /// `NAME.tagproj`, or `NAME-tagged-2.SUFFIX`, `-3`… when that name holds a file this project
    /// did not write (the user's own, or one put there since). Never the photo the project was
    /// made from. A picture this project wrote and that is still as written is replaced.
    public func taggedPicturePath(suffix: String = "jpg") throws -> String {
        let stem = FileIO.removingSuffix(path) + "-tagged"
        let photo = try store.sourceFileName()
        for n in 1...10_000 {
            let candidate = n == 1 ? "\(stem).\(suffix)" : "\(stem)-\(n).\(suffix)"
            let name = FileIO.baseName(of: candidate)
            if name == photo { continue }
            guard let found = ProjectStore.FileIdentity(path: candidate) else { return candidate }
            if FileIO.isRegularFile(candidate), try store.writtenPicture(name) == found { return candidate }
        }
        throw ExportError.noFreeName(path: stem + ".\(suffix)")
    }

    /// Records the picture just written at `path` (beside the project) as this project's, so
    /// that the next `taggedPicturePath` may replace it.
    public func recordWrittenPicture(_ path: String) throws {
        guard let identity = ProjectStore.FileIdentity(path: path) else { return }
        try store.recordWrittenPicture(FileIO.baseName(of: path), identity)
    }
}
