import TagKit

/// `tagproj export A.tagproj B.tagproj … --out-dir DIR`: each project exported by a child
/// process, `jobs` at a time, handed its export request and answering in the library's JSON
/// dialect (`tagproj request P '{"op":"export","to":"DIR/P.jpg",…}'`, see `RequestCodec`).
///
/// A child per project keeps the projects independent: one that fails (or crashes) cannot take the
/// others down, and each child has its own fonts and memory. Every project is attempted; those that
/// failed are named at the end.
struct BatchExport {
    let projects: [String]
    let directory: String
    /// The options every child's request carries; their format is set.
    let options: ExportOptions
    let jobs: Int
    let json: Bool

    /// `DIR/dinner.jpg` for `menus/dinner.tagproj`: the base name, its suffix replaced.
    func output(for project: String) -> String {
        let name = FileIO.removingSuffix(FileIO.baseName(of: project))
        let suffix = options.format.flatMap { Codecs.codec(for: $0)?.suffixes.first } ?? "jpg"
        return (directory.hasSuffix("/") ? directory : directory + "/") + name + "." + suffix
    }

    /// Refuses two projects that would write the same file (`a/x.tagproj`, `b/x.tagproj`).
    func validate() throws {
        var seen: [String: String] = [:]
        for project in projects {
            let path = output(for: project)
            if let other = seen[path] {
                throw UsageError(message: tr("'{first}' and '{second}' would both be exported to '{path}'", ["first": other, "second": project, "path": path]),
                                 hint: tr("export them in separate runs with different --out-dir folders"))
            }
            seen[path] = project
        }
    }

    /// Exports them all; throws `BatchExportFailure` naming the projects that failed.
    func run(_ out: Output) throws {
        try FileIO.makeDirectory(directory)
        let executable = ChildProcess.selfExecutable()
        var bar = Style.isTerminal(2) && !out.quiet ? ProgressBar(total: projects.count, style: out.stderrStyle) : nil
        var results = [JSON](repeating: .null, count: projects.count)
        var failures: [(project: String, code: ExitCode)] = []
        ProcessPool(limit: jobs).run(count: projects.count, arguments: { index in
            let request = Request.export(to: .file(output(for: index)), options: options, at: nil)
            return [executable, "request", "--", projects[index], RequestCodec.json(request).text]
        }, finished: { index, child, ending, spawnError in
            let project = projects[index], path = output(for: index)
            let answer = child.flatMap { try? JSONParser().parse(String(decoding: $0.stdout, as: UTF8.self)) }
            if ending == .exited(0), let answer, case .object(let members) = answer {
                results[index] = .object([("project", .string(project))] + members)
                let notices = members.first { $0.0 == "notices" }.map { Self.notices($0.1) } ?? []
                for notice in notices {
                    // TRANSLATORS: a notice of one project of a batch export.
                    guard let line = out.noticeLine(notice.severity, tr("{project}: {notice}", ["project": project, "notice": notice.text])) else { continue }
                    if bar != nil { bar?.print(line) } else { Output.stderr(line + "\n") }
                }
                if bar != nil { bar?.advance(ok: true, name: project) } else { out.message(tr("ok {project} → {path}", ["project": project, "path": path])) }
                return
            }
            let (reason, code) = Self.failure(answer: answer, ending: ending, spawnError: spawnError)
            failures.append((project, code))
            results[index] = .object([("project", .string(project)), ("ok", .bool(false)), ("path", .string(path)),
                                      ("error", .string(reason)), ("exit", .integer(Int64(code.rawValue)))])
            // TRANSLATORS: the line of a project a batch export failed on, "failed" in red: "failed menu.tagproj: the reason".
            let line = out.stderrStyle.paint(tr("failed"), .red) + " " + out.forStderr(tr("{project}: {reason}", ["project": project, "reason": reason]))
            if bar != nil { bar?.print(line); bar?.advance(ok: false, name: project) } else { Output.stderr(line + "\n") }
        })
        bar?.finish()
        if json { out.line(JSON.object([("exports", .array(results))]).text) }
        guard failures.isEmpty else {
            let codes = Set(failures.map(\.code.rawValue))
            throw BatchExportFailure(failed: failures.map(\.project), total: projects.count,
                                     exitCode: codes.count == 1 ? failures[0].code : .failure)
        }
    }

    /// The output path for the project at `index`.
    private func output(for index: Int) -> String { output(for: projects[index]) }

    /// The severity and `text` of each notice of an answer's `notices`, as the codec writes them.
    static func notices(_ notices: JSON) -> [(severity: Notice.Severity, text: String)] {
        guard case .array(let items) = notices else { return [] }
        return items.compactMap { item in
            guard case .object(let members) = item, case .string(let text)? = members.first(where: { $0.0 == "text" })?.1 else { return nil }
            // A severity this build does not know (a newer child's) is heeded as a warning.
            guard case .string(let name)? = members.first(where: { $0.0 == "severity" })?.1, let severity = Notice.Severity(rawValue: name) else {
                return (.warning, text)
            }
            return (severity, text)
        }
    }

    /// Why a child failed, from the failure it answered, and the exit code it ended with.
    private static func failure(answer: JSON?, ending: ChildProcess.Ending?, spawnError: SpawnError?) -> (String, ExitCode) {
        if let spawnError { return (spawnError.description, .failure) }
        let failure: AnswerFailure? = answer.flatMap { try? RequestCodec.failure(from: $0) }
        let message = failure?.message
        switch ending {
        case .exited(let status)?:
            return (message ?? tr("exit {status}", ["status": status]), ExitCode(rawValue: status) ?? .failure)
        case .signalled(let signal)?:
            return (tr("crashed (signal {signal})", ["signal": signal]), .failure)
        case nil:
            return (message ?? tr("did not run"), .failure)
        }
    }
}

/// Some projects of a batch export failed: names them; the exit code is theirs if they all share
/// one, else 1.
struct BatchExportFailure: CommandLineError {
    let failed: [String]
    let total: Int
    let exitCode: ExitCode
    var message: String {
        // TRANSLATORS: {count} is how many of {total} projects of a batch export failed, {projects} their names.
        tr("{count} of {total} projects failed: {projects}", ["count": failed.count, "total": total, "projects": failed.joined(separator: ", ")])
    }
    var hint: String? { tr("the 'failed' lines above say why; the other projects were exported") }
}
