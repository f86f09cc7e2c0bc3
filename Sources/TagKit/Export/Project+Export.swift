extension Project {
    /// Renders the picture with its tags and writes it to `output` (`-`: standard output), each
    /// tag drawn from the font subsets the project carries for it in the state drawn, and any
    /// tag without them from the installed fonts (see ``fonts(at:)``): the caller matches no fonts.
    ///
    /// The photo is decoded with its orientation and crop applied, resampled when a size is asked
    /// for (a JPEG at most half the size is decoded reduced by libjpeg first, see
    /// `ImageDecoder.rowReader(from:format:maxPixels:picture:output:)`), and the tags are drawn at the output's own resolution as it streams to the encoder.
    /// The file appears only when complete (see `OutputFile`). The project is only read. With
    /// `at`, the tags and settings are those of history entry `at`'s state (0: the empty start),
    /// computed in memory (`state(at:)`), drawn with the subsets they had then.
    ///
    /// - Throws: ``EmbeddedFontError`` for a damaged subset of the state drawn, before anything is
    ///   written; `ExportError`, `ImageFileError`, `ProjectError`, ``ExportWriteError``.
    public func export(to output: String, options: ExportOptions, at: Int64? = nil) throws -> ExportResult {
        try export(to: output, options: options, reusing: FontSystem(), at: at)
    }

    /// ``export(to:options:at:)`` drawing with `fonts`, a font system the caller keeps (the
    /// editor's, loaded once): the subsets of the state drawn are adopted into it first, as
    /// ``adoptFonts(into:at:)`` does, and the ones it holds already are not opened again.
    public func export(to output: String, options: ExportOptions, reusing fonts: FontSystem, at: Int64? = nil) throws -> ExportResult {
        try export(ExportDestination(naming: output), options: options, reusing: fonts, at: at)
    }

    /// ``export(to:options:reusing:at:)`` to any destination: to `.memory`, the result holds the
    /// picture (`ExportResult.picture`) and no file is written.
    public func export(_ destination: ExportDestination, options: ExportOptions, reusing fonts: FontSystem, at: Int64? = nil) throws -> ExportResult {
        try options.validate()
        let format = try options.format(for: destination)
        if let output = destination.filePath {
            if FileIO.sameFile(output, path) { throw ExportError.wouldOverwriteProject(path: output) }
            if let kind = OutputFile.databaseKind(at: output) { throw ExportError.wouldReplaceDatabase(path: output, kind) }
        }
        var source = try store.source()
        let state = try drawnState(at: at)
        // An earlier state (`at`) may have had another crop (`set --crop`): its picture is drawn.
        if state.settings.crop != source.crop {
            let upright = try store.uprightSize()
            let rect = state.settings.crop.pixelRect(width: upright.width, height: upright.height)
            (source.crop, source.size) = (state.settings.crop, PictureSize(width: rect.width, height: rect.height))
        }
        let size = try options.outputSize(for: source.size)
        try adopt(state, into: fonts)
        let layout = try SceneLayout(tags: state.tags, settings: state.settings, size: size, fonts: fonts)
        let plan = try exportPlan(source: source, format: format, options: options)
        if plan == .lossless {
            return try exportLossless(to: destination, source: source, options: options, layout: layout)
        }
        let scene = layout.scene
        let photo = ImageFileError.Subject.photo(inProject: path)
        var reader = try ImageFileError.naming(photo) { try photoReader(source, maxPixels: options.maxPixels, output: size) }
        let written = try writeOutput(destination, photo: photo) { sink in
            try draw(source, scene: scene, format: format, options: options, reader: &reader, into: sink)
        }
        return ExportResult(format: format, size: size, bytes: written.count, warning: reader.warning,
                            layoutNotices: layout.notices, plan: plan, picture: written.picture)
    }

    /// Decodes the photo through `reader`, draws `scene` over it and encodes it as `format` into
    /// `sink`, streaming: export's classic path, and the gallery's thumbnails.
    func draw(_ source: ProjectStore.Source, scene: TagScene, format: ImageFormat, options: ExportOptions,
              reader: inout any ImageRowReader, into sink: any OutputSink) throws {
        try ExportPipeline(orientation: source.orientation, crop: source.crop, scene: scene, format: format,
                           options: options, sink: sink).run(&reader)
    }
}
