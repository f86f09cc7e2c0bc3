/// A menu carried out on a folder of projects: what `tagproj menu` does, with the front end
/// left only to read the file and print the report.
///
/// Two steps, so that every error the menu holds is found before anything is written:
/// `plan()` checks every photo and plans every project (each photo of a new project decoded
/// once, on every core at once; each batch tried on its project's document, so a dish whose
/// tag cannot fit is found too); `carryOut(_:)` then writes project after project, each one
/// transaction and one history entry, creating the missing ones as `tagproj new` does.
///
/// A project that still fails while it is written (another process edited it meanwhile, the
/// disk filled up) is left as it was, and a project made for it is removed; the projects
/// before it stay done and the rest are not touched: `MenuSyncError` says which were done.
/// The menu can be run again once the cause is fixed: what was done is unchanged by it.
public struct MenuSync {
    /// The menu.
    public var menu: Menu
    /// Its name in errors and history labels (`menu.csv`).
    public var source: String
    /// The folder the photos are in.
    public var photos: String
    /// The folder of the projects.
    public var projects: String
    /// Whether dish tags no row matches are deleted.
    public var prune: Bool
    /// How missing projects are made.
    public var options: NewProjectOptions

    /// A sync of `menu` from `photos` into `projects`.
    public init(menu: Menu, source: String, photos: String, projects: String, prune: Bool, options: NewProjectOptions) {
        (self.menu, self.source, self.photos, self.projects, self.prune, self.options) = (menu, source, photos, projects, prune, options)
    }

    /// One project's part: its photo, where it is, and what it needs.
    public struct Job: Sendable {
        /// The photo and its rows.
        public var photo: MenuPhoto
        /// The project's path.
        public var path: String
        /// The checked photo, for a project to be made.
        public var verified: VerifiedPhoto?
        /// The edits.
        public var plan: MenuPlan
        /// The plan's batch.
        var batch: Batch
        /// The key memory the project keeps now (empty for a project to be made).
        var keptKeys: [String: TagID]
    }

    /// Every project's job, found without writing anything. Reads each project's key memory, and
    /// an older version's file of them beside the projects for a project that keeps none yet (a
    /// damaged one, or one that is not a regular file, is reported in `problem` and ignored).
    /// - Throws: `MenuError` naming the line of the first problem: a photo that is missing, not
    ///   a picture or damaged, a project that is not one, a price the project does not read, a dish
    ///   whose tag cannot be placed.
    public func plan(fonts: FontSystem) throws -> (jobs: [Job], problem: String?) {
        let photos = try menu.photos(source: source)
        try Menu.checkPhotos(photos, in: self.photos, source: source)
        let (legacy, problem) = MenuKeys.read(folder: projects)
        var documents: [Document?] = [], remembered: [[String: TagID]] = [], kept: [[String: TagID]] = [], fresh: [Int] = []
        for (index, photo) in photos.enumerated() {
            let path = FileIO.joined(projects, photo.projectName)
            if FileIO.exists(path) {
                let project = try lined(photo) { try Project.open(path, forWriting: false, frontEnd: MenuKeys.frontEnd) }
                documents.append(try project.document())
                let keys = try project.keptMenuKeys()
                kept.append(keys)
                remembered.append(keys.isEmpty ? try project.menuKeys(legacy: legacy.projects[photo.projectName]) : keys)
            } else {
                documents.append(nil)
                remembered.append([:])
                kept.append([:])
                fresh.append(index)
            }
        }
        // The photos of new projects, decoded whole (pixels discarded) on every core at once.
        var verified = [VerifiedPhoto?](repeating: nil, count: photos.count)
        let checked = VerifiedPhoto.verifying(fresh.map { FileIO.joined(self.photos, photos[$0].photo) }, maxPixels: options.maxPixels)
        for (index, result) in zip(fresh, checked) {
            let photo = try lined(photos[index]) { try result.get() }
            verified[index] = photo
            documents[index] = try options.document(for: photo)
        }
        var jobs: [Job] = []
        for (index, photo) in photos.enumerated() {
            let document = documents[index]!
            let plan = try photo.plan(tags: document.tags.sorted, remembered: remembered[index], settings: document.settings,
                                      prices: menu.hasPrices, prune: prune, source: source)
            let batch = plan.batch(source: source)
            if !plan.isEmpty {
                do { _ = try document.applying(batch, measurer: fonts) } catch let error as BatchError {
                    throw MenuError(source: source, line: error.line, reason: tr("{project}: {error}", ["project": photo.projectName, "error": error.error.message]), meaning: error.meaning)
                }
            }
            jobs.append(Job(photo: photo, path: FileIO.joined(projects, photo.projectName), verified: verified[index], plan: plan, batch: batch,
                            keptKeys: kept[index]))
        }
        return (jobs, problem)
    }

    /// `body`, its error named by the photo's first line.
    private func lined<T>(_ photo: MenuPhoto, _ body: () throws -> T) throws -> T {
        do { return try body() } catch let error as any TagProjError {
            throw MenuError(source: source, line: photo.rows[0].line, reason: error.message, meaning: error.meaning)
        }
    }
}
