import TagKit

/// `tagproj config`: the user's defaults for `new` and `export`, in a `git config`-like file.
struct ConfigCommand: Command {
    static let spec = CommandSpec(
        name: "config", abstract: tr("Show or set the defaults of new projects and exports (currency, price format, font, language, tag scale, quality)."),
        positionals: [PositionalSpec(name: "key", help: tr("One of: {keys}.", ["keys": UserConfig.Key.list]), optional: true,
                                     completion: .choices(UserConfig.Key.allCases.map(\.rawValue))),
                      PositionalSpec(name: "value", help: tr("The value to set (checked as the flag it stands for is)."), optional: true)],
        options: [OptionSpec(name: .list, value: nil, help: tr("Print every key the file sets, as key=value lines.")),
                  OptionSpec(name: .unset, value: nil, help: tr("Remove the key from the file.")),
                  jsonOption],
        discussion: [
            tr("The file is $XDG_CONFIG_HOME/tagproj/config (else ~/.config/tagproj/config), written as git config writes its own: [new] and [export] sections, 'key = value' lines, comments from '#' or ';', values in double quotes to keep spaces at their ends (with \\\" \\\\ \\t \\n escaped). 'tagproj config KEY VALUE' sets a key (keeping every other line, comments included, and replacing the file atomically), 'tagproj config KEY' prints its value (exit 1 when the file does not set it), '--unset KEY' removes it, '--list' prints every key set."),
            tr("Keys: new.currency, new.price-format, new.font, new.language and new.tag-scale are what 'tagproj new' uses when its flag is not given; export.quality is the quality of an export that encodes when --quality is not given (it never turns the lossless JPEG path off, as --quality does). Each value is checked by the rule of its flag (exit 64); an unknown key is refused with the list. 'new' takes each setting from its flag, else this file, else the locale (LC_ALL, LC_MONETARY or LANG: the currency symbol, before or after, the space, the decimal separator; LC_ALL, LC_CTYPE or LANG: the language), else its own default (¥12.50, language und); 'tagproj info' says where each came from. A file that does not parse, or sets an unknown key or a bad value, is refused by every command that reads it, naming its line (exit 65)."),
        ],
        examples: ["tagproj config new.currency '$'", "tagproj config new.price-format '12,50 €'", "tagproj config new.language zh-Hans",
                   "tagproj config new.currency",
                   "tagproj config --list", "tagproj config --unset new.currency", "tagproj config export.quality 85"],
        otherUsages: ["tagproj config --list", "tagproj config --unset <key>"])

    enum Action { case list, get(UserConfig.Key), set(UserConfig.Key, String), unset(UserConfig.Key) }

    let action: Action
    let json: Bool

    init(_ a: ParsedArguments) throws {
        json = a.has(.json)
        let given = a.positionals
        if a.has(.list) {
            guard given.isEmpty, !a.has(.unset) else { throw UsageError(message: tr("--list takes no key"), hint: tr("run 'tagproj config --list' alone")) }
            action = .list
            return
        }
        guard let name = given.first else {
            throw UsageError(message: tr("missing the key"), hint: tr("the keys are {keys}; or run 'tagproj config --list'", ["keys": UserConfig.Key.list]))
        }
        guard let key = UserConfig.Key(rawValue: name.lowercased()) else {
            throw UsageError(message: tr("unknown key '{key}'", ["key": name]), hint: tr("the keys are {keys}", ["keys": UserConfig.Key.list]))
        }
        guard given.count <= 2 else { throw UsageError(message: tr("unexpected argument '{argument}'", ["argument": given[2]]), hint: tr("quote a value with spaces: '12,50 €'")) }
        if a.has(.unset) {
            guard given.count == 1 else { throw UsageError(message: tr("--unset takes only the key"), hint: tr("run 'tagproj config --unset {key}'", ["key": key.rawValue])) }
            action = .unset(key)
        } else if given.count == 2 {
            // The flag's rule (exit 64), before the file is read.
            do { try key.check(given[1]) } catch { throw UsageError(message: tr("{key}: {problem}", ["key": key.rawValue, "problem": error.problem])) }
            action = .set(key, given[1])
        } else {
            action = .get(key)
        }
    }

    func run(_ out: Output) throws {
        guard let path = UserConfig.path(environment: ProcessEnvironment.current()) else {
            throw UsageError(message: tr("no config file: neither XDG_CONFIG_HOME nor HOME is set"), hint: tr("set HOME (or XDG_CONFIG_HOME)"))
        }
        var config = try UserConfig.load(path)
        switch action {
        case .list:
            if json {
                out.line(JSON.object([("path", .string(path)),
                                      ("values", .object(config.entries.map { ($0.key.rawValue, .string($0.value)) }))]).text)
            } else {
                for entry in config.entries { out.line("\(entry.key.rawValue)=\(entry.value)") }
            }
        case .get(let key):
            guard let value = config.value(key) else { throw NotSetError(key: key, path: path) }
            out.line(json ? JSON.object([("key", .string(key.rawValue)), ("value", .string(value))]).text : value)
        case let .set(key, value):
            do { try config.set(key, to: value) } catch { throw UsageError(message: tr("{key}: {problem}", ["key": key.rawValue, "problem": error.problem])) }
            try config.save(to: path)
            out.message("\(key.rawValue) = \(value) (\(path))")
        case .unset(let key):
            guard config.unset(key) else { throw NotSetError(key: key, path: path) }
            try config.save(to: path)
            out.message(tr("{key} unset ({path})", ["key": key.rawValue, "path": path]))
        }
    }
}

/// `tagproj config KEY` (or `--unset KEY`) for a key the file does not set: exit 1, as `git config`.
private struct NotSetError: CommandLineError {
    let key: UserConfig.Key
    let path: String
    var message: String { tr("{key} is not set in {path}", ["key": key.rawValue, "path": path]) }
    var hint: String? { tr("set it with 'tagproj config {key} VALUE'", ["key": key.rawValue]) }
    var exitCode: ExitCode { .failure }
}
