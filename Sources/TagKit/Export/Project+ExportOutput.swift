extension Project {
    /// Runs `write` on a sink into `destination` and puts a file in place when it returns; returns
    /// the number of bytes written, and to memory the bytes. When it throws, no file is left, and
    /// the error says whose failure it was: the photo's (`ImageError`, named after the project's
    /// photo `photo`) or the output's (a failed write or sync: `ExportWriteError`, exit 73).
    func writeOutput(_ destination: ExportDestination, photo: ImageFileError.Subject,
                     _ write: (any OutputSink) throws -> Void) throws -> (count: Int, picture: [UInt8]?) {
        guard let output = destination.commandLineName else {  // memory
            let memory = MemorySink()
            do { try write(memory) } catch let error as ImageError { throw ImageFileError(photo, error) }
            return (memory.bytes.count, memory.bytes)
        }
        var replacing = true
        if case .newFile = destination { replacing = false }
        let file = try OutputFile(path: output, replacing: replacing)
        let counter = CountingSink(file.sink)
        do {
            try write(counter)
            try file.commit()
        } catch let error as ImageError {
            file.abandon()
            throw ImageFileError(photo, error)
        } catch let error as FileError where error.operation == .write {
            // A write or sync of the output that fails (disk full, say) is the output's failure: 73.
            file.abandon()
            throw ExportWriteError(path: output, reason: error.reason)
        } catch {
            file.abandon()
            throw error
        }
        return (counter.count, nil)
    }

    /// The lossless JPEG export of the JPEG source at its own size (the plan said `.lossless`):
    /// turned and cropped block by block, the blocks under no tag copied, the tags' MCUs re-encoded.
    func exportLossless(to destination: ExportDestination, source: ProjectStore.Source, options: ExportOptions, layout: SceneLayout) throws -> ExportResult {
        let photo = ImageFileError.Subject.photo(inProject: path)
        let upright = source.orientation.uprightSize(width: source.storedWidth, height: source.storedHeight)
        let crop = source.crop == .full ? nil : CropRect(source.crop, pictureWidth: upright.width, pictureHeight: upright.height)
        var outcome: LosslessJPEG.Outcome?
        let written = try writeOutput(destination, photo: photo) { sink in
            do {
                outcome = try LosslessJPEG.export(consuming: try store.consumableSourceBytes(), layout: layout, orientation: source.orientation,
                                                  crop: crop, maxPixels: options.maxPixels, to: sink)
            } catch is LosslessJPEG.UsedUp {
                // Scans the own decoder does not take as they are: libjpeg reads them, from the photo read anew.
                outcome = try store.sourceBytes().withUnsafeBytes {
                    try LosslessJPEG.export($0, layout: layout, orientation: source.orientation, crop: crop, maxPixels: options.maxPixels, to: sink)
                }
            }
        }
        return ExportResult(format: .jpeg, size: layout.size, bytes: written.count, warning: outcome?.warning,
                            layoutNotices: layout.notices, plan: .lossless, coding: outcome?.coding,
                            gainedColour: outcome?.gainedColour ?? false, picture: written.picture)
    }
}
