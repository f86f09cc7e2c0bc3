import TagKit

/// The text measurer commands hand to TagKit: created only by the commands that set text
/// (add, edit), so that other edits never pay for font discovery.
enum Fonts {
    static func measurer() throws -> LabelMeasurer { try FontSystem() }
}
