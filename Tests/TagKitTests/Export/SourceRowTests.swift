import Testing
@testable import TagKit

/// The project's source row is read into types (`ImageFormat`, `Orientation`): a value this build
/// does not know is a damaged project, refused by export, its plan, the preview and info alike.
@Suite struct SourceRowTests {
    /// Expects `body` to refuse the project as damaged (exit 65) for `reason`.
    static func expectDamage(_ reason: String, _ what: String, _ body: () throws -> Void) {
        do {
            try body()
            Issue.record("\(what) accepted the row")
        } catch let error as ProjectError {
            #expect(error.meaning == .badData && error.message.hasSuffix("is damaged: \(reason)"), "\(what): \(error.message)")
        } catch {
            Issue.record("\(what): \(error)")
        }
    }

    @Test(arguments: [
        ("format = 'bmp'", "the source photo's format is unknown"),
        // Names a codec answers to, but not the name a project stores.
        ("format = 'JPEG'", "the source photo's format is unknown"),
        ("format = 'jpg'", "the source photo's format is unknown"),
        // A format tagproj recognises but does not read.
        ("format = 'tiff'", "the source photo's format is unknown"),
        ("orientation = 9", "the source photo's orientation is invalid"),
        ("orientation = 0", "the source photo's orientation is invalid"),
        // 2³² + 6: 6 if it were cut to 32 bits.
        ("orientation = 4294967302", "the source photo's orientation is invalid"),
    ])
    func aValueTheBuildDoesNotKnowIsDamage(_ assignment: String, _ reason: String) throws {
        let dir = TemporaryDirectory()
        let project = try makeProject(in: dir)
        try Database(path: dir.file("p.tagproj")).execute("PRAGMA ignore_check_constraints = ON; UPDATE source SET \(assignment)")
        Self.expectDamage(reason, "export") { _ = try project.export(to: dir.file("out.jpg"), options: ExportOptions()) }
        #expect(contents(dir.file("out.jpg")) == nil)
        Self.expectDamage(reason, "the plan") { _ = try project.exportPlan() }
        Self.expectDamage(reason, "the preview") { _ = try project.preview(size: PictureSize(width: 60, height: 40)) }
        Self.expectDamage(reason, "info") { _ = try project.info() }
    }

    @Test func theRowIsReadAsTheTypesItNames() throws {
        let dir = TemporaryDirectory()
        let project = try Project.create(at: dir.file("p.tagproj"), imagePath: Fixtures.path("Fixtures/images/jpeg-orient6.jpg"),
                                         options: NewProjectOptions())
        let source = try project.store.source()
        #expect(source.format == .jpeg && source.orientation == .rotateClockwise)
        let info = try project.info()
        #expect(info.format == "jpeg" && info.orientation == 6)
    }
}
