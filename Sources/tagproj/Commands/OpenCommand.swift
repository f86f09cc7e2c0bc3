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
            on the page within a second. Ctrl-C stops the server.
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
        // server's thread starts, so it inherits the mask.
        var stops = sigset_t()
        sigemptyset(&stops)
        for signal in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&stops, signal) }
        pthread_sigmask(SIG_BLOCK, &stops, nil)
        let server = try EditorServer(projectPath: target.project, port: port)
        out.line(server.url)
        out.flush()
        out.message("editing \(target.project) at \(server.url) — Ctrl-C to stop")
        if openBrowser && !Self.launchBrowser(server.url) {
            out.warning("could not start a browser (xdg-open); open the address above yourself")
        }
        var received: Int32 = 0
        sigwait(&stops, &received)
        server.stop()
        out.message("stopped")
    }

    /// Opens `url` with xdg-open, without waiting for it; false when it cannot be started.
    private static func launchBrowser(_ url: String) -> Bool {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var pid: pid_t = 0
        let arguments = ["xdg-open", url]
        var argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        return posix_spawnp(&pid, "xdg-open", &actions, nil, &argv, environ) == 0
    }
}
