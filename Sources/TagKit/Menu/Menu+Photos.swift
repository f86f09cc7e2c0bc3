/// The dishes of one photo: what one project is made to hold.
public struct MenuPhoto: Equatable, Sendable {
    /// The project's name without its suffix: the photo's base name without its own
    /// (`mains/duck.jpg` → `duck`, so `duck.tagproj`).
    public var name: String
    /// The photo's path inside the photos folder.
    public var photo: String
    /// Its rows, in the menu's order.
    public var rows: [Menu.Row]

    /// `duck.tagproj`.
    public var projectName: String { name + ".tagproj" }
}

extension Menu {
    /// The rows grouped by photo, in the order each photo first appears.
    /// - Throws: `MenuError` at the first row whose photo is another file than an earlier row's
    ///   of the same project name (`duck.jpg` and `duck.png`, `a/duck.jpg` and `b/duck.jpg`).
    public func photos(source: String) throws(MenuError) -> [MenuPhoto] {
        var photos: [MenuPhoto] = []
        var byName: [String: Int] = [:]
        for row in rows {
            let name = FileIO.removingSuffix(FileIO.baseName(of: row.photo))
            if let index = byName[name] {
                guard photos[index].photo == row.photo else {
                    throw MenuError(source: source, line: row.line, reason: tr(
                        "the photo '{photo}' and '{other}' (line {line}) would both be the project {name}.tagproj; rename one of the photos",
                        ["photo": row.photo, "other": photos[index].photo, "line": photos[index].rows[0].line, "name": name]))
                }
                photos[index].rows.append(row)
            } else {
                byName[name] = photos.count
                photos.append(MenuPhoto(name: name, photo: row.photo, rows: [row]))
            }
        }
        return photos
    }

    /// Checks that every photo is a file in `folder` (exit 66 for one that is not there).
    /// - Throws: `MenuError` naming the first row of a photo that is missing or not a file.
    public static func checkPhotos(_ photos: [MenuPhoto], in folder: String, source: String) throws(MenuError) {
        for photo in photos {
            let path = FileIO.joined(folder, photo.photo)
            if FileIO.isRegularFile(path) { continue }
            let line = photo.rows[0].line
            if FileIO.exists(path) {
                throw MenuError(source: source, line: line, reason: tr("the photo '{path}' is not a file", ["path": path]), meaning: .invalidRequest)
            }
            throw MenuError(source: source, line: line, reason: tr("the photo '{path}' is not there", ["path": path]), meaning: .missingInput)
        }
    }
}

extension FileIO {
    /// `folder/name`, with one slash between them (`name` as it is when `folder` is `.` or empty).
    public static func joined(_ folder: String, _ name: String) -> String {
        if folder.isEmpty || folder == "." { return name }
        return folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }
}
