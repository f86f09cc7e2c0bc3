extension MenuSync {
    /// What the menu did to one project.
    public struct Outcome: Equatable, Sendable {
        /// `duck.tagproj`.
        public var name: String
        /// The project's path.
        public var path: String
        /// Whether the project was made by this run.
        public var created: Bool
        /// What changed (empty: the project already said what the menu says, and was not written).
        public var counts: MenuPlan.Counts
        /// The history entry's label; nil when nothing was recorded.
        public var label: String?
        /// What the edits did unasked (a bubble moved to stay inside, an overlap).
        public var notices: [Notice]

        /// `created, 2 dishes added`, `1 price changed`, `unchanged`.
        public var summary: String {
            // TRANSLATORS: {changes} is what changed in a project just created: "2 dishes added".
            created ? tr("created, {changes}", ["changes": counts.localizedPhrase]) : counts.isEmpty ? tr("unchanged") : counts.localizedPhrase
        }
    }

    /// Writes every job's plan, project after project, as `MenuSync` describes, each with the
    /// key memory in the same transaction (`Batch.menuKeys`). A project with nothing to change
    /// whose memory is not yet what the menu's keys say (an older version's file, a match by text)
    /// has the memory alone written, when it can be: a busy or read-only project keeps its old one,
    /// and its rows are matched as they were.
    /// - Returns: each project's outcome, in the menu's order.
    /// - Throws: `MenuSyncError` for the project that failed, with the outcomes of those done.
    public func carryOut(_ jobs: [Job], fonts: FontSystem) throws -> [Outcome] {
        var outcomes: [Outcome] = []
        for job in jobs {
            var created = false, made: [Notice] = []
            do {
                if let photo = job.verified {
                    try FileIO.makeDirectory(projects)
                    made = try Project.perform(Creation(path: job.path, photo: .checked(photo), options: options), fonts: fonts).answer.notices
                    created = true
                }
                var outcome = Outcome(name: job.photo.projectName, path: job.path, created: created, counts: job.plan.counts, label: nil, notices: made)
                if !job.plan.isEmpty {
                    let project = try Project.open(job.path, forWriting: true, frontEnd: MenuKeys.frontEnd)
                    let answer = try project.perform(.batch(job.batch), fonts: fonts)
                    guard case .batch(let label, _) = answer.result else { preconditionFailure("a batch answers .batch") }
                    outcome.label = label.stored
                    outcome.notices = made + answer.notices
                } else {
                    let keys = job.plan.keyUpdate.keys(after: [])
                    if keys != job.keptKeys, let project = try? Project.open(job.path, forWriting: true, frontEnd: MenuKeys.frontEnd) {
                        try? project.keepMenuKeys(keys)
                    }
                }
                outcomes.append(outcome)
            } catch {
                if created { FileIO.remove(job.path) }
                throw MenuSyncError(source: source, project: job.photo.projectName, error: error, done: outcomes,
                                    notDone: jobs.map(\.photo.projectName).drop { name in name != job.photo.projectName }.dropFirst().map { $0 })
            }
        }
        return outcomes
    }
}

/// A project of a menu that failed while it was written: it is as it was, the projects `done`
/// before it are done, those `notDone` after it were not touched.
public struct MenuSyncError: TagProjError {
    /// The menu's name.
    public let source: String
    /// The project that failed.
    public let project: String
    /// Why.
    public let error: any Error
    /// What was done to the projects before it, in order.
    public let done: [MenuSync.Outcome]
    /// The projects after it, not touched.
    public let notDone: [String]

    /// `menu.csv line 4: duck.tagproj: …` for an edit that failed, else `duck.tagproj: …`.
    public var message: String {
        if let batch = error as? BatchError {
            // TRANSLATORS: {source} is the menu's file name, {project} a project file's name, {error} what failed.
            return tr("{source} line {line}: {project}: {error}", ["source": source, "line": batch.line, "project": project, "error": batch.error.message])
        }
        // TRANSLATORS: {project} is a project file's name, {error} what failed.
        return tr("{project}: {error}", ["project": project, "error": (error as? any TagProjError)?.message ?? "\(error)"])
    }
    /// As the failure's.
    public var meaning: ErrorMeaning { (error as? any TagProjError)?.meaning ?? .internalFailure }
    /// As the failure's.
    public var advice: String? { (error as? any TagProjError)?.advice }

    /// `3 projects done (a.tagproj, b.tagproj, c.tagproj); duck.tagproj left as it was; 2 not touched (…)`.
    public var progress: String {
        let doneText = done.isEmpty ? trn("{count} project done", "{count} projects done", count: 0)
            // TRANSLATORS: {names} is a list of project file names.
            : trn("{count} project done ({names})", "{count} projects done ({names})", count: done.count, ["names": done.map(\.name).joined(separator: trc("list", ", "))])
        let notDoneText = notDone.isEmpty ? trn("{count} not touched", "{count} not touched", count: 0)
            // TRANSLATORS: {names} is a list of project file names.
            : trn("{count} not touched ({names})", "{count} not touched ({names})", count: notDone.count, ["names": notDone.joined(separator: trc("list", ", "))])
        // TRANSLATORS: {done} is "3 projects done (a.tagproj, b.tagproj)", {notDone} "2 not touched (c.tagproj, d.tagproj)".
        return tr("{done}; {project} left as it was; {notDone}; run the menu again once this is fixed", ["done": doneText, "project": project, "notDone": notDoneText])
    }
}
