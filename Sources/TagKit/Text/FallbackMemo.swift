import Glibc

/// Remembers the fallback list fontconfig gave for a family in a language, in the user's cache
/// folder, so that `add` and `edit` need not load fontconfig's configuration at every invocation:
/// parsing its XML files costs about 25 million instructions, four times a whole `move`.
///
/// A memo is used only while everything it was made from is unchanged: fontconfig's configuration
/// files and cache folders (installing a font runs `fc-cache`, which changes them) and every font
/// file in the list (path, size, modification time). Otherwise fontconfig is asked again and the
/// memo rewritten. The memo is a cache: when it cannot be read or written, nothing fails.
/// `TAGPROJ_FONT_MEMO=0` turns it off.
enum FallbackMemo {
    static let format = "tagproj-fallback-memo 2"

    /// `$XDG_CACHE_HOME/tagproj` or `~/.cache/tagproj`, or nil when there is no home.
    static var directory: String? {
        if Environment.value("TAGPROJ_FONT_MEMO") == "0" { return nil }
        if let cache = Environment.value("XDG_CACHE_HOME"), cache.hasPrefix("/") { return cache + "/tagproj" }
        guard let home = Environment.value("HOME"), home.hasPrefix("/") else { return nil }
        return home + "/.cache/tagproj"
    }

    /// The state of fontconfig's inputs: a line that changes when the configuration or the set of
    /// fonts does.
    static func fingerprint() -> String {
        let home = Environment.value("HOME") ?? ""
        let config = Environment.value("XDG_CONFIG_HOME") ?? home + "/.config"
        let cache = Environment.value("XDG_CACHE_HOME") ?? home + "/.cache"
        let paths = ["/etc/fonts/fonts.conf", "/etc/fonts/conf.d", "/etc/fonts/local.conf", "/var/cache/fontconfig",
                     config + "/fontconfig", config + "/fontconfig/fonts.conf", home + "/.fonts.conf",
                     cache + "/fontconfig", home + "/.fontconfig"]
        let env = ["FONTCONFIG_FILE", "FONTCONFIG_PATH", "FONTCONFIG_SYSROOT"].map { Environment.value($0) ?? "" }
        return (env + paths.map(stamp)).joined(separator: "|")
    }

    /// `size:mtime` of a file or folder, or `-` when it does not exist.
    static func stamp(_ path: String) -> String {
        var info = stat()
        guard stat(path, &info) == 0 else { return "-" }
        return "\(info.st_size):\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
    }

    private static func file(for family: String, language: TextLanguage) -> String? {
        // FNV-1a of the family name and fontconfig's language: a file name any pair maps to.
        let hash = FNV1a.hash((family + "\n" + language.fontconfigName).utf8)
        return directory.map { "\($0)/fallback-\(String(hash, radix: 16)).memo" }
    }

    /// The remembered list for `family` in `language`, if there is one and it is still valid.
    /// Read as bytes: this runs at every `add` and `edit`.
    static func load(family: String, language: TextLanguage) -> FallbackList? {
        guard let path = file(for: family, language: language), let bytes = try? FileIO.read(path, limit: 16 << 20) else { return nil }
        let lines = bytes.split(separator: 10, omittingEmptySubsequences: true)
        guard lines.count >= 6, lines[0].elementsEqual(format.utf8), lines[1].elementsEqual(("family\t" + family).utf8),
              lines[2].elementsEqual(("language\t" + language.fontconfigName).utf8),
              lines[3].elementsEqual(("fonts\t" + fingerprint()).utf8)
        else { return nil }
        let primary = lines[4].split(separator: 9, omittingEmptySubsequences: false).dropFirst()
            .map { String(decoding: $0, as: UTF8.self) }
        var fonts: [FallbackFont] = []
        for line in lines.dropFirst(5) {
            let f = line.split(separator: 9, maxSplits: 4, omittingEmptySubsequences: false)
            guard f.count == 5, let index = Int32(String(decoding: f[1], as: UTF8.self)),
                  let coverage = CodepointSet(serialized: f[4]) else { return nil }
            let file = String(decoding: f[3], as: UTF8.self)
            guard f[2].elementsEqual(stamp(file).utf8) else { return nil }
            fonts.append(FallbackFont(file: file, index: index, isColor: f[0].elementsEqual("color".utf8), coverage: coverage))
        }
        return FallbackList(fonts: fonts, primaryFamilies: primary)
    }

    /// Remembers `list` for `family` in `language`, written atomically; failures are ignored.
    static func store(_ list: FallbackList, family: String, language: TextLanguage) {
        guard let path = file(for: family, language: language), !family.contains("\n"), !family.contains("\t"),
              list.fonts.allSatisfy({ !$0.file.contains("\n") && !$0.file.contains("\t") }) else { return }
        var text = "\(format)\nfamily\t\(family)\nlanguage\t\(language.fontconfigName)\nfonts\t\(fingerprint())\nprimary"
        for name in list.primaryFamilies { text += "\t" + name }
        text += "\n"
        for font in list.fonts {
            text += "\(font.isColor ? "color" : "plain")\t\(font.index)\t\(stamp(font.file))\t\(font.file)\t\(font.coverage.serialized)\n"
        }
        guard (try? FileIO.makeDirectory(FileIO.directory(of: path))) != nil else { return }
        try? FileIO.write(Array(text.utf8), to: path)
    }
}
