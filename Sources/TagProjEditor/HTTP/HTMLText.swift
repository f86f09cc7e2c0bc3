/// Text put into the HTML the server writes: the pages' translated words and the browser launch
/// file's address.
enum HTMLText {
    /// `text` safe in HTML text and in an attribute value, double- or single-quoted.
    static func escaped(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for c in text {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(c)
            }
        }
        return out
    }
}
