import TagKit

/// The command line after parsing against a command's specification.
///
/// The options are kept in arrays, not a dictionary and a set: a handful of them, and a
/// `[OptionName: String]` is a generic type the Swift runtime builds and checks for `Hashable` on
/// first use, 0.1M instructions at the start of every command.
struct ParsedArguments {
    /// The options the command declares, its own and the global ones: the only ones it may read.
    let declared: [OptionName]
    var positionals: [String] = []
    /// Each option given with a value, once (the last value given wins).
    private(set) var values: [(name: OptionName, value: String)] = []
    /// Each flag given, once.
    private(set) var flags: [OptionName] = []

    init(declaring options: [OptionSpec]) { declared = options.map(\.name) }

    /// The value given for `--name`, or nil.
    func value(_ name: OptionName) -> String? {
        requireDeclared(name)
        return values.first { $0.name == name }?.value
    }

    /// Whether `--name` was given, as a flag or with a value.
    func has(_ name: OptionName) -> Bool {
        requireDeclared(name)
        return flags.contains(name) || values.contains { $0.name == name }
    }

    /// Stops at a read of an option the command does not declare: no command line can give it, so
    /// the read would find nothing, always, and look like an option left out.
    private func requireDeclared(_ name: OptionName) {
        precondition(declared.contains(name), "--\(name.rawValue) is read but not declared by the command")
    }

    /// Records `--name value`, replacing an earlier value of the same option.
    mutating func set(_ name: OptionName, _ value: String) {
        if let index = values.firstIndex(where: { $0.name == name }) { values[index].value = value } else { values.append((name, value)) }
    }

    /// Records the flag `--name` (or its short form).
    mutating func insert(flag name: OptionName) {
        if !flags.contains(name) { flags.append(name) }
    }
}

/// Splits `arguments` into positionals and options. Options may come before, between or after
/// positionals, as `--name value` or `--name=value`; `--` ends option parsing. Values may begin
/// with `-` (`--by -0.1,0`).
func parseArguments(_ arguments: [String], options: [OptionSpec]) throws -> ParsedArguments {
    var parsed = ParsedArguments(declaring: options)
    var index = 0
    var onlyPositionals = false
    while index < arguments.count {
        let argument = arguments[index]
        index += 1
        if onlyPositionals || !argument.hasPrefix("--") || argument == "-" {
            if !onlyPositionals, argument.hasPrefix("-"), argument.count > 1, Double(argument) == nil {
                guard argument.count == 2, let spec = options.first(where: { $0.short == argument.last }) else {
                    throw UsageError(message: tr("unknown option '{option}'", ["option": argument]), hint: suggestion(for: argument, among: options))
                }
                parsed.insert(flag: spec.name)
                continue
            }
            parsed.positionals.append(argument)
            continue
        }
        if argument == "--" { onlyPositionals = true; continue }
        var name = String(argument.dropFirst(2))
        var inline: String?
        if let equals = name.firstIndex(of: "=") {
            inline = String(name[name.index(after: equals)...])
            name = String(name[..<equals])
        }
        guard let spec = options.first(where: { $0.name.rawValue == name }) else {
            throw UsageError(message: tr("unknown option '{option}'", ["option": "--" + name]), hint: suggestion(for: "--" + name, among: options))
        }
        if spec.value == nil {
            guard inline == nil else { throw UsageError(message: tr("option '{option}' takes no value", ["option": "--" + name])) }
            parsed.insert(flag: spec.name)
        } else if let inline {
            parsed.set(spec.name, inline)
        } else {
            guard index < arguments.count else {
                // TRANSLATORS: {value} is how the value is written in the help (X,Y, N, DIR).
                throw UsageError(message: tr("option '{option}' needs a value ({value})", ["option": "--" + name, "value": spec.value ?? "…"]))
            }
            parsed.set(spec.name, arguments[index])
            index += 1
        }
    }
    return parsed
}

/// `did you mean '--at'?` when an option name is close to a known one; otherwise where to look.
func suggestion(for word: String, among options: [OptionSpec]) -> String {
    if let guess = closest(to: word, among: options.map { "--" + $0.name.rawValue }) { return tr("did you mean '{guess}'?", ["guess": guess]) }
    return tr("run the command with --help to see its options; put '--' before an argument that starts with '-'")
}

/// The candidate closest to `word`: one it begins (`complete` → `completions`), else one within
/// two edits (a swap of neighbours counts as one: `lsit` → `list`).
func closest(to word: String, among candidates: [String]) -> String? {
    let bare = String(word.drop { $0 == "-" })
    if bare.count >= 3, let extended = candidates.first(where: { $0.drop { $0 == "-" }.hasPrefix(bare) }) { return extended }
    let scored = candidates.map { ($0, editDistance(word, $0)) }.filter { $0.1 <= 2 }
    return scored.min { $0.1 < $1.1 }?.0
}

/// Optimal-string-alignment distance between `a` and `b`, in characters: insertions, deletions,
/// substitutions and swaps of neighbours each count one.
func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var before = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var row = previous
    for i in 1...a.count {
        row[0] = i
        for j in 1...b.count {
            row[j] = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { row[j] = min(row[j], before[j - 2] + 1) }
        }
        (before, previous) = (previous, row)
    }
    return previous[b.count]
}
