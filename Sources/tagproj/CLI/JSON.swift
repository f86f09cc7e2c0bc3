import TagKit

/// `members` followed by the members of `object`, a JSON object's text (`{"a":1}` → `{…,"a":1}`).
func spliced(_ members: [(String, JSON)], into object: String) -> JSON {
    let head = JSON.object(members).text.dropLast()
    let body = object.drop { $0 != "{" }.dropFirst().trimmingSuffix()
    return .raw(body.count <= 1 ? head + "}" : head + "," + body)
}

extension Substring {
    /// Without trailing newlines and spaces.
    fileprivate func trimmingSuffix() -> Substring {
        var s = self
        while let last = s.last, last == "\n" || last == " " { s.removeLast() }
        return s
    }
}
