import Foundation
import Testing
@testable import TagKit

/// `Creation`: the one way every front end makes a project, answered with what making it says.
@Suite struct CreationTests {
    @Test func aCreationAnswersWithTheProjectItsFactsAndWhatMakingItSays() throws {
        let dir = TemporaryDirectory()
        var options = NewProjectOptions()
        options.settings.font = "No Such Family 9f3c"
        let (project, answer) = try Project.perform(Creation(path: dir.file("d.tagproj"), photo: .file(Fixtures.path("Fixtures/hostile/missing-eoi.jpg")),
                                                             options: options, name: "d.tagproj"))
        guard case .created(let name, let info) = answer.result else { Issue.record("\(answer.result)"); return }
        let stored = try project.info()
        #expect(name == "d.tagproj" && info == stored)
        #expect(answer.said == ["created d.tagproj: jpeg \(info.width)×\(info.height)"])
        // The font first (said before anything is drawn), then the photo; both warnings, worded here.
        #expect(answer.notices.count == 2 && answer.notices.allSatisfy { $0.severity == .warning }, "\(answer.notices)")
        guard case .fontSubstituted("No Such Family 9f3c", let substitute) = answer.notices.first else { Issue.record("\(answer.notices)"); return }
        #expect(answer.notices[0].message == "font family 'No Such Family 9f3c' is not installed; tags will use '\(substitute)' instead")
        guard case .madeFromSlightlyDamagedPhoto(let photo, _) = answer.notices.last else { Issue.record("\(answer.notices)"); return }
        #expect(photo == Fixtures.path("Fixtures/hostile/missing-eoi.jpg"))
        #expect(answer.notices.map(\.json).allSatisfy { $0.text.contains("\"severity\":\"warning\"") })
    }

    @Test func aCleanPhotoInAnInstalledFontIsMadeWithoutNotices() throws {
        let dir = TemporaryDirectory()
        let (_, answer) = try Project.perform(Creation(path: dir.file("c.tagproj"), photo: .file(Fixtures.coffee), options: NewProjectOptions()))
        #expect(answer.notices.isEmpty && answer.said == ["created \(dir.file("c.tagproj")): png 600×400"], "\(answer)")
    }

    @Test func aPhotoCheckedEarlierIsMadeFromAndAFailedCreationLeavesNothing() throws {
        let dir = TemporaryDirectory()
        let checked = try VerifiedPhoto(path: Fixtures.coffee)
        let made = try Project.perform(Creation(path: dir.file("m.tagproj"), photo: .checked(checked), options: NewProjectOptions()))
        #expect(try made.project.info().width == 600)
        // A project is there now: a second creation without `force` is refused and changes nothing.
        let before = try Data(contentsOf: URL(fileURLWithPath: dir.file("m.tagproj")))
        #expect(throws: ProjectError.exists(path: dir.file("m.tagproj"))) {
            try Project.perform(Creation(path: dir.file("m.tagproj"), photo: .checked(checked), options: NewProjectOptions()))
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir.file("m.tagproj"))) == before)
    }

    @Test func settingAFontThatIsNotInstalledSaysSoAndSettingAnythingElseDoesNot() throws {
        let dir = TemporaryDirectory()
        let project = try Project.perform(Creation(path: dir.file("s.tagproj"), photo: .file(Fixtures.coffee), options: NewProjectOptions())).project
        let set = try project.perform(.set(SettingsChange(font: "No Such Family 9f3c")))
        guard case .fontSubstituted("No Such Family 9f3c", _) = set.notices.first else { Issue.record("\(set.notices)"); return }
        let currency = try project.perform(.set(SettingsChange(currency: "$")))
        #expect(!currency.notices.contains { if case .fontSubstituted = $0 { true } else { false } }, "\(currency.notices)")
    }
}
