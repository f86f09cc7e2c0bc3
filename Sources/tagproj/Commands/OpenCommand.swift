import Glibc
import TagKit
import TagProjEditor

/// `tagproj open`: the editing screen in the browser.
struct OpenCommand: Command {
    static let spec = CommandSpec(
        name: "open", abstract: "Edit the project in the browser: drag, flip, add, edit, undo.",
        positionals: [projectArgument],
        options: [
            OptionSpec(name: "port", value: "N", help: "The port to listen on, on 127.0.0.1 (0: any free one).", defaultValue: "0"),
            OptionSpec(name: "no-browser", value: nil, help: "Print the address but do not open a browser."),
        ],
        discussion: """
            Serves the editing screen on 127.0.0.1 only and prints its address as the first line on
            stdout: http://127.0.0.1:PORT/#token=… . The random token in the address is what lets the
            page in; other users of the machine and other web pages get nothing. Drag a tag to move it
            (it never leaves the photo), click it to flip it, double-click to edit its text; add,
            delete, undo, redo and export with the buttons or the keyboard (Ctrl+Z, Ctrl+Shift+Z,
            Delete). Every gesture is one edit in the project's history, exactly as the commands make
            them, so 'tagproj undo' in a shell undoes the last drag, and an edit made in a shell shows
            on the page within a second. Ctrl-C stops the server. When no browser can be started (no
            xdg-open, or it finds none), open says so: note: no browser found; open the address above.
            """,
        examples: ["tagproj open dinner.tagproj", "tagproj open dinner.tagproj --no-browser --port 8080"])

    let target: ProjectArguments
    let port: UInt16
    let openBrowser: Bool

    init(_ a: ParsedArguments) throws {
        target = try ProjectArguments(a, of: Self.self)
        port = UInt16(try a.value("port").map { try Values.integer($0, for: "--port", in: 0...65535) } ?? 0)
        openBrowser = !a.has("no-browser")
    }

    func run(_ out: Output) throws {
        // Ctrl-C and friends are waited for here, not delivered to a thread: block them before the
        // server's thread starts, so it inherits the mask. SIGCHLD too: the browser's launcher
        // ending is waited for in the same place.
        var signals = sigset_t()
        sigemptyset(&signals)
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGCHLD] { sigaddset(&signals, signal) }
        pthread_sigmask(SIG_BLOCK, &signals, nil)
        let server = try EditorServer(projectPath: target.project, port: port)
        out.line(server.url)
        out.flush()
        out.message("editing \(target.project) at \(server.url) — Ctrl-C to stop")
        var browser: pid_t? = nil
        if openBrowser {
            browser = Self.launchBrowser(server.url)
            if browser == nil { out.note(Self.noBrowser) }
        }
        while true {
            var received: Int32 = 0
            sigwait(&signals, &received)
            guard received == SIGCHLD else { break }
            // xdg-open exits at once, with a failure when it finds no browser (a server over ssh).
            if let pid = browser, let succeeded = Self.ended(pid) {
                browser = nil
                if !succeeded { out.note(Self.noBrowser) }
            }
        }
        server.stop()
        out.message("stopped")
    }

    /// What `open` says when no browser could be started.
    private static let noBrowser = "no browser found; open the address above"

    /// Opens `url` with xdg-open, without waiting for it; its process, or nil when it cannot be started.
    private static func launchBrowser(_ url: String) -> pid_t? {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        // The child starts with the signals unblocked, as a process of its own would.
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setsigmask(&attributes, &unblocked)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
        var pid: pid_t = 0
        let arguments = ["xdg-open", url]
        var argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        return posix_spawnp(&pid, "xdg-open", &actions, &attributes, &argv, environ) == 0 ? pid : nil
    }

    /// Whether `pid` has ended with status 0 (reaping it); nil while it runs.
    private static func ended(_ pid: pid_t) -> Bool? {
        var status: Int32 = 0
        guard waitpid(pid, &status, WNOHANG) == pid else { return nil }
        return status & 0x7f == 0 && (status >> 8) & 0xff == 0
    }
}
