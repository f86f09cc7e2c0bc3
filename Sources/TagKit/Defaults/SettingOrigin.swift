/// Where one of a project's settings came from: what `info` says beside it.
public enum SettingOrigin: Equatable, Sendable {
    /// A flag of `new` (`--currency`).
    case flag
    /// The user's config file (`UserConfig`), at this path.
    case config(path: String)
    /// The user's locale, by name: the monetary one for the price format (`LocalePriceFormat`),
    /// the character one for the language (`TextLanguage.fromLocale`).
    case locale(String)
    /// tagproj's own default (`¥12.50`, the default font, language `und`, scale 1).
    case builtIn
    /// A later history entry on the current branch changed it (`set`, or a `restore`).
    case entry(seq: Int64, label: EntryLabel)
    /// Not recorded: a project made before tagproj recorded origins (schema 8), or by a program
    /// that did not say.
    case unknown

    /// `flag`, `config file ~/.config/tagproj/config`, `locale de_DE.UTF-8`, `default`,
    /// `entry #4 (set currency “$”)`, `unknown`.
    public var description: String {
        switch self {
        case .flag:
            // TRANSLATORS: where a setting came from, as `info` says: an option given to `new`.
            trc("setting's origin", "flag")
        case .config(let path): trc("setting's origin", "config file {path}", ["path": path])
        // TRANSLATORS: {name} is a locale's name (de_DE.UTF-8).
        case .locale(let name): trc("setting's origin", "locale {name}", ["name": name])
        // TRANSLATORS: where a setting came from, as `info` says: tagproj's own default.
        case .builtIn: trc("setting's origin", "default")
        // TRANSLATORS: {seq} is a history entry's number; {label} what the entry did (set currency “$”).
        case let .entry(seq, label): trc("setting's origin", "entry #{seq} ({label})", ["seq": seq, "label": label])
        case .unknown: trc("setting's origin", "unknown")
        }
    }

    /// The form the project stores at `new` (`flag`, `config:PATH`, `locale:NAME`, `default`);
    /// nil for an origin not stored (unknown, or an entry, which is found in the history).
    var stored: String? {
        switch self {
        case .flag: "flag"
        case .config(let path): "config:" + path
        case .locale(let name): "locale:" + name
        case .builtIn: "default"
        case .entry, .unknown: nil
        }
    }

    /// The origin a stored value names; nil for one that is not a stored form.
    init?(stored: String) {
        if stored == "flag" { self = .flag } else if stored == "default" { self = .builtIn } else if stored.hasPrefix("config:"), stored.count > 7 {
            self = .config(path: String(stored.dropFirst(7)))
        } else if stored.hasPrefix("locale:"), stored.count > 7 {
            self = .locale(String(stored.dropFirst(7)))
        } else { return nil }
    }

    /// The longest stored form (a config file's path of up to 4096 bytes).
    static let maximumStoredBytes = 4200
}

/// Where each of a project's settings came from.
public struct SettingOrigins: Equatable, Sendable {
    /// The currency symbol's.
    public var currency: SettingOrigin
    /// The price format's (symbol position, space, separator).
    public var priceFormat: SettingOrigin
    /// The font family's.
    public var font: SettingOrigin
    /// The text language's.
    public var language: SettingOrigin
    /// The tag scale's.
    public var tagScale: SettingOrigin

    /// Origins as given.
    public init(currency: SettingOrigin, priceFormat: SettingOrigin, font: SettingOrigin, language: SettingOrigin, tagScale: SettingOrigin) {
        (self.currency, self.priceFormat, self.font, self.language, self.tagScale) = (currency, priceFormat, font, language, tagScale)
    }

    /// Every setting from the same place.
    public init(all origin: SettingOrigin) {
        self.init(currency: origin, priceFormat: origin, font: origin, language: origin, tagScale: origin)
    }

    /// Nothing recorded.
    public static let unknown = SettingOrigins(all: .unknown)
}
