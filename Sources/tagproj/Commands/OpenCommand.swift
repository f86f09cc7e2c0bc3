import Glibc
import TagKit
import TagProjEditor

/// `tagproj open`: the editing screen in the browser.
struct OpenCommand: Command {
    static let spec = CommandSpec(
        name: "open", abstract: tr("Edit the project in the browser: drag, flip, add, edit, undo; a folder is a gallery."),
        positionals: [PositionalSpec(name: "project|folder|photo",
                                     help: tr("The project file (.tagproj); a folder, to show every project in it; or a photo, to open its project (made if missing)."),
                                     completion: .files(["tagproj"] + Codecs.readable.flatMap(\.suffixes).flatMap { [$0, $0.uppercased()] }))],
        options: [
            OptionSpec(name: .port, value: "N",
                       help: tr("The port to listen on, on 127.0.0.1 and with --lan the network address (0: any free one)."),
                       defaultValue: "0"),
            OptionSpec(name: .noBrowser, value: nil, help: tr("Print the address but do not open a browser.")),
            OptionSpec(name: .lan, value: nil,
                       help: tr("Also serve on this machine's network address, for a phone: prints its URL and QR code.")),
            OptionSpec(name: .maxUpload, value: "BYTES",
                       help: tr("With a folder: refuse uploaded photos larger than this (a number of bytes, or with MB)."),
                       defaultValue: "100MB"),
        ],
        discussion: [
            tr("Serves the editing screen on 127.0.0.1 only (unless --lan) and prints its address as the first line on stdout: http://127.0.0.1:PORT/#token=… . The random token in the address is what lets the page in; other users of the machine and other web pages get nothing. Drag a tag to move it (it never leaves the photo), click it to flip it, double-click to edit its text; add, delete, undo, redo and export with the buttons or the keyboard (Ctrl+Z, Ctrl+Shift+Z, Delete). Every gesture is one edit in the project's history, exactly as the commands make them, so 'tagproj undo' in a shell undoes the last drag, and an edit made in a shell shows on the page within a second. Ctrl-C stops the server. The browser is started with xdg-open on a file readable by you alone that forwards to the address ($XDG_RUNTIME_DIR/tagproj/open-….html, else in ~/.local/state/tagproj/), never on the address itself: the token is on no command line, where other users of the machine could read it. The file is removed when open stops. When no browser can be started (no xdg-open, or it finds none), open says so: note: no browser found; open the address above."),
            tr("With --lan (never the default) the editor is served on the machine's network address as well, at the same port and behind the same token, so a phone on the same network can open it: the address of the interface the default route goes through, else the first interface that is up; open fails (exit 1) when there is none. The second line on stdout is then http://ADDRESS:PORT/#token=… , and stderr shows it as a QR code to scan (drawn with libqrencode; Debian package libqrencode4). The connection over the network is not encrypted: anyone on that network can see the traffic, the token included, so use --lan on a network you trust. Without --lan nothing listens but 127.0.0.1."),
            tr("Given a folder, open serves a gallery of every project directly inside it (files named *.tagproj, not hidden, not symbolic links): a grid of thumbnails drawn as export draws the picture, each with its name, its tag count and any overlap or fit warning. Click one to edit it in the same editor, and go back to the grid with ◀ Gallery. A thumbnail is kept in its project (not as a history entry) and read back on the next open until the project changes; a project that is busy or read-only is shown without keeping it. Export all writes every project's picture into a folder of its own, exported beside the projects or the one named in its dialog (made if missing, refused when it is a link, a file or the projects' own folder), as the editor's Export names it (NAME-tagged.jpg, NAME-tagged-1080.webp for a sized one, then -2…: nothing there is ever replaced). A photo dropped on the grid or picked with Add photo becomes a new project in the folder, as 'tagproj new' makes it, named after the photo (dish.jpg: dish.tagproj, else dish-2.tagproj…; nothing is replaced); an upload over --max-upload is refused before it is read, and one that is not a picture, is damaged or too large is refused with new's error."),
            tr("Given a photo, open opens the project beside it named after it (photo.jpg: photo.tagproj), making it first when there is none, and says which on stderr."),
        ],
        examples: ["tagproj open dinner.tagproj", "tagproj open dinner.tagproj --no-browser --port 8080",
                   "tagproj open dinner.tagproj --lan", "tagproj open menu/", "tagproj open photo.jpg"])

    let target: String
    let port: UInt16
    let openBrowser: Bool
    let lan: Bool
    let maxUpload: Int

    init(_ a: ParsedArguments) throws {
        // Not ProjectArguments: open has no --json for it to read.
        target = try Self.positional(a, 0)
        try Self.noExtraPositionals(a)
        port = UInt16(try a.value(.port).map { try Values.integer($0, for: "--port", in: 0...65535) } ?? 0)
        openBrowser = !a.has(.noBrowser)
        lan = a.has(.lan)
        maxUpload = try a.value(.maxUpload).map(Self.bytes) ?? EditorServer.defaultMaxUploadBytes
    }

    /// `--max-upload`: `250000000`, `250MB` or `250M` (megabytes of 1,000,000 bytes), at least 1 byte.
    static func bytes(_ text: String) throws -> Int {
        let upper = text.uppercased()
        let (digits, unit) = upper.hasSuffix("MB") ? (String(upper.dropLast(2)), 1_000_000)
            : upper.hasSuffix("M") ? (String(upper.dropLast()), 1_000_000) : (upper, 1)
        guard let n = Int(digits), n >= 1, n <= 4_000_000_000 / unit else {
            throw UsageError(message: tr("--max-upload: '{text}' is not a size in bytes (a number, or one with MB)", ["text": text]))
        }
        return n * unit
    }

    /// The server for what `target` is: a folder's gallery, a photo's project (made if missing,
    /// and said), or a project.
    private func server(_ out: Output, lanAddress: String?) throws -> (EditorServer, String) {
        if FileIO.isDirectory(target) {
            return (try EditorServer(folder: target, port: port, lanAddress: lanAddress, maxUploadBytes: maxUpload),
                    tr("editing the projects of {folder} at {url} — Ctrl-C to stop", ["folder": target]))
        }
        var project = target
        var decoded: DecodedPicture?
        if !target.hasSuffix(".tagproj"), Project.isPicture(target) {
            // The editor shows it at once: the pixels the check decodes are kept for its views
            // where they serve them (a photo only decoded whole), so it is decoded once.
            var options = try NewProjectOptions.defaults(environment: ProcessEnvironment.current())
            options.keepsPicture = true
            let (path, picture, created) = try Project.beside(photo: target, options: options)
            out.notices(created?.notices ?? [])
            out.note(created != nil ? tr("created {project} from {photo}", ["project": path, "photo": target])
                     : tr("opening the existing {project}", ["project": path]))
            project = path
            decoded = picture
        }
        return (try EditorServer(projectPath: project, port: port, lanAddress: lanAddress, decoded: decoded),
                tr("editing {project} at {url} — Ctrl-C to stop", ["project": project]))
    }

    func run(_ out: Output) throws {
        // Ctrl-C and friends are waited for here, not delivered to a thread: block them before the
        // server's thread starts, so it inherits the mask. SIGCHLD too: the browser's launcher
        // ending is waited for in the same place.
        var signals = sigset_t()
        sigemptyset(&signals)
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGCHLD] { sigaddset(&signals, signal) }
        pthread_sigmask(SIG_BLOCK, &signals, nil)
        let network = lan ? try LANAddress.current() : nil
        let (server, what) = try server(out, lanAddress: network?.chosen.address)
        out.line(server.url)
        if let lanURL = server.lanURL { out.line(lanURL) }
        out.flush()
        out.message(what.replacingAll("{url}", with: server.url))
        if let network, let lanURL = server.lanURL { Self.showNetworkAddress(network, url: lanURL, out) }
        var browser: pid_t? = nil
        // The browser is started on a private file that forwards to the address: the token on
        // its command line (or xdg-open's) would be read by every user of the machine in /proc.
        var launchFile: BrowserLaunchFile? = nil
        defer { launchFile?.remove() }
        if openBrowser {
            do {
                launchFile = try BrowserLaunchFile(forwardingTo: server.url)
            } catch {
                out.note(tr("no browser started: {reason}; open the address above", ["reason": (error as? TagProjError)?.message ?? "\(error)"]))
            }
            if let launchFile {
                browser = Self.launchBrowser(launchFile.url)
                if browser == nil { out.note(Self.noBrowser) }
            }
        }
        while true {
            // While xdg-open runs, its SIGCHLD is not relied on alone (a thread that does not
            // block SIGCHLD, started by a library before the mask above, would take and drop it):
            // the wait also ends every quarter second to look at the process.
            var received: Int32 = 0
            if browser == nil {
                sigwait(&signals, &received)
            } else {
                var quarter = timespec(tv_sec: 0, tv_nsec: 250_000_000)
                let got = sigtimedwait(&signals, nil, &quarter)
                received = got > 0 ? got : SIGCHLD
            }
            guard received == SIGCHLD else { break }
            // xdg-open exits at once, with a failure when it finds no browser (a server over ssh).
            if let pid = browser, let succeeded = Self.ended(pid) {
                browser = nil
                if !succeeded { out.note(Self.noBrowser) }
            }
        }
        server.stop()
        launchFile?.remove()
        out.message(tr("stopped"))
    }

    /// Says where the phone can open the editor: the URL, which interface's it is, and its QR code;
    /// and warns that the connection is not encrypted.
    private static func showNetworkAddress(_ network: LANAddress, url: String, _ out: Output) {
        // TRANSLATORS: {interface} is a network interface's name (eth0, wlan0).
        out.message(network.isDefaultRoute
            ? tr("on the network at {url} ({interface}, the default route's interface); scan it with the phone:",
                 ["url": url, "interface": network.chosen.interface])
            : tr("on the network at {url} ({interface}, the first interface that is up); scan it with the phone:",
                 ["url": url, "interface": network.chosen.interface]))
        if !network.others.isEmpty {
            // TRANSLATORS: {addresses} lists the machine's other addresses, as "192.168.1.5 (wlan0), 10.0.0.2 (eth1)".
            out.note(tr("not served: {addresses}", ["addresses": network.others.map { "\($0.address) (\($0.interface))" }.joined(separator: ", ")]))
        }
        do {
            let code = try QRCode(encoding: url)
            // Black on white when stderr is a terminal, whatever its colours: the code must read
            // the same on a dark theme as on a light one.
            if !out.quiet { Output.stderr(code.halfBlockLines(painted: Style.isTerminal(2)).joined(separator: "\n") + "\n") }
        } catch {
            out.warning(error.message)  // the URL above still opens the editor
        }
        out.warning(tr("the network connection is not encrypted: anyone on the network can see the traffic; the token keeps other devices from editing, but not one that watches the traffic (use --lan on a network you trust)"))
    }

    /// What `open` says when no browser could be started.
    private static var noBrowser: String { tr("no browser found; open the address above") }

    /// Opens `url` (a file's, never one with the token: see ``BrowserLaunchFile``) with xdg-open,
    /// without waiting for it; its process, or nil when it cannot be started.
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
