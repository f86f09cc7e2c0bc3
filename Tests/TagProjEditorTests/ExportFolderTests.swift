import Foundation
import Testing
import TagKit
@testable import TagProjEditor

/// The folder the gallery's *Export all* writes into, as the user names it in its dialog: a folder
/// of its own, `exported` unless named, never the projects' own folder by any name.
@Suite struct ExportFolderTests {
    /// A gallery of a fresh folder (`menu` inside a temporary one), and that folder's real path.
    func gallery() throws -> (GalleryAPI, String) {
        let root = NSTemporaryDirectory() + "tagproj-export-folder-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root + "/menu", withIntermediateDirectories: true)
        let real = try #require(realpath(root + "/menu", nil))
        defer { free(real) }
        return (try GalleryAPI(folder: ProjectFolder(root + "/menu"), maxUploadBytes: 1000), String(cString: real))
    }

    @Test func unnamedItIsExportedBesideTheProjectsAndNamedItIsTheOneNamed() throws {
        let (g, menu) = try gallery()
        #expect(try g.exportFolder(named: nil) == menu + "/exported", "absolute, links resolved, though it does not exist yet")
        #expect(try g.exportFolder(named: "") == menu + "/exported")
        #expect(try g.exportFolder(named: "web/") == menu + "/web", "a relative name is inside the projects' folder")
        #expect(try g.exportFolder(named: "../menu-web") == FileIO.directory(of: menu) + "/menu-web")
        #expect(try g.exportFolder(named: "/srv/pictures") == "/srv/pictures", "a full path as it is")
        #expect(throws: FileError.self, "a name under a folder that does not exist cannot go back up") { try g.exportFolder(named: "missing/..") }
        // Its own name is kept, not resolved: a link there is refused when Export all makes or checks it.
        symlink(NSTemporaryDirectory(), g.folder.path + "/out")
        #expect(try g.exportFolder(named: "out") == menu + "/out")
    }

    @Test func theProjectsOwnFolderIsRefusedByAnyName() throws {
        let (g, menu) = try gallery()
        try FileManager.default.createDirectory(atPath: g.folder.path + "/exported", withIntermediateDirectories: false)
        for name in [".", "./", "exported/..", "exported/../.", menu, menu + "/", "../menu", "../menu/", "//" + menu] {
            #expect(throws: EditorRequestError.self, "\(name)") { try g.exportFolder(named: name) }
            do { _ = try g.exportFolder(named: name) } catch let error as EditorRequestError {
                guard case .exportFolderIsProjects = error else { Issue.record("\(name): \(error)"); continue }
                #expect(error.message.contains("never among the projects"))
            }
        }
        #expect(throws: EditorRequestError.self, "a control character") { try g.exportFolder(named: "web\u{7}") }
    }
}
