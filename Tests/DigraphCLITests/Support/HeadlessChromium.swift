import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The C calls, under names the class's own `close` and `write` do not shadow.
private func closeDescriptor(_ fd: Int32) { _ = close(fd) }
private func writeDescriptor(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int { write(fd, bytes, count) }

/// A real headless Chromium driven over the DevTools protocol, for the HTML explorer's tests.
///
/// No WebSocket and no library: Chromium is started with `--remote-debugging-pipe`, which speaks
/// the protocol as NUL-terminated JSON messages on file descriptors 3 (commands in) and 4 (replies
/// and events out). Chromium runs in a process group of its own and is killed with it.
final class HeadlessChromium: @unchecked Sendable {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// `DIGRAPH_CHROMIUM`, else the first of Debian's `chromium`, `chromium-browser`,
    /// `google-chrome` on the PATH.
    static let executable: String? = {
        let environment = ProcessInfo.processInfo.environment
        if let given = environment["DIGRAPH_CHROMIUM"], !given.isEmpty { return given }
        let path = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        for name in ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"] {
            for directory in path {
                let candidate = directory + "/" + name
                if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            }
        }
        return nil
    }()

    static var isAvailable: Bool { executable != nil }
    static let inCI = ProcessInfo.processInfo.environment["CI"].map { !$0.isEmpty } ?? false

    private let pid: pid_t
    private let commands: Int32
    private let replies: Int32
    private let profile: URL
    private let lock = NSCondition()
    private var pending: [Int: [String: Any]] = [:]
    private var events: [(method: String, session: String?, params: [String: Any])] = []
    private var closed = false
    private var nextID = 1
    private let reader: Thread

    /// `width`×`height`: the window, hence the page's viewport.
    init(width: Int = 1400, height: Int = 900) throws {
        guard let executable = Self.executable else {
            throw Failure(description: "no chromium on the PATH (apt-get install chromium, or set DIGRAPH_CHROMIUM)")
        }
        profile = FileManager.default.temporaryDirectory.appendingPathComponent("digraph-chromium-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: profile, withIntermediateDirectories: true)

        var toChrome: [Int32] = [0, 0]
        var fromChrome: [Int32] = [0, 0]
        guard pipe(&toChrome) == 0, pipe(&fromChrome) == 0 else { throw Failure(description: "pipe() failed") }
        // High, close-on-exec copies for the child to dup onto 3 and 4 (whatever 3 and 4 are here).
        let childIn = fcntl(toChrome[0], F_DUPFD_CLOEXEC, 100)
        let childOut = fcntl(fromChrome[1], F_DUPFD_CLOEXEC, 100)
        for fd in [toChrome[0], fromChrome[1]] { closeDescriptor(fd) }
        _ = fcntl(toChrome[1], F_SETFD, FD_CLOEXEC)
        _ = fcntl(fromChrome[0], F_SETFD, FD_CLOEXEC)

        var arguments = [
            executable, "--headless", "--remote-debugging-pipe", "--user-data-dir=\(profile.path)",
            "--no-first-run", "--no-default-browser-check", "--disable-extensions", "--disable-gpu",
            "--disable-dev-shm-usage", "--disable-background-networking", "--disable-component-update",
            "--disable-sync", "--metrics-recording-only", "--mute-audio", "--hide-scrollbars",
            "--window-size=\(width),\(height)", "about:blank",
        ]
        // Chromium refuses to run as root with its sandbox on (CI runs as root in a container).
        if geteuid() == 0 { arguments.insert("--no-sandbox", at: 1) }

        #if canImport(Glibc)
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        #else
        var actions: posix_spawn_file_actions_t?
        var attributes: posix_spawnattr_t?
        #endif
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        posix_spawn_file_actions_adddup2(&actions, childIn, 3)
        posix_spawn_file_actions_adddup2(&actions, childOut, 4)
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        let log = profile.appendingPathComponent("chromium.log").path
        posix_spawn_file_actions_addopen(&actions, 2, log, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)

        let cArguments = arguments.map { strdup($0) } + [nil]
        defer { for argument in cArguments { free(argument) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, executable, &actions, &attributes, cArguments, environ)
        closeDescriptor(childIn)
        closeDescriptor(childOut)
        guard status == 0 else {
            closeDescriptor(toChrome[1])
            closeDescriptor(fromChrome[0])
            throw Failure(description: "cannot start \(executable): \(String(cString: strerror(status)))")
        }
        pid = child
        commands = toChrome[1]
        replies = fromChrome[0]

        let fd = replies
        let box = WeakBox()
        reader = Thread {
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            var message: [UInt8] = []
            while true {
                let n = read(fd, &buffer, buffer.count)
                if n <= 0 { break }
                for byte in buffer[0..<n] {
                    if byte == 0 {
                        box.value?.received(Data(message))
                        message.removeAll(keepingCapacity: true)
                    } else {
                        message.append(byte)
                    }
                }
            }
            box.value?.ended()
        }
        box.value = self
        reader.start()
        // The browser answers once it is up.
        _ = try send("Browser.getVersion", timeout: 60)
    }

    private final class WeakBox: @unchecked Sendable {
        weak var value: HeadlessChromium?
    }

    deinit { close() }

    func close() {
        lock.lock()
        let wasClosed = closed
        closed = true
        lock.broadcast()
        lock.unlock()
        guard !wasClosed else { return }
        let message = try? JSONSerialization.data(withJSONObject: ["id": 0, "method": "Browser.close"])
        if let message { write(message + Data([0])) }
        var status: Int32 = 0
        let deadline = Date().addingTimeInterval(5)
        while waitpid(pid, &status, WNOHANG) == 0 && Date() < deadline { usleep(50_000) }
        kill(-pid, SIGKILL)
        kill(pid, SIGKILL)
        _ = waitpid(pid, &status, WNOHANG)
        closeDescriptor(commands)
        closeDescriptor(replies)
        try? FileManager.default.removeItem(at: profile)
    }

    private func received(_ data: Data) {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return }
        lock.lock()
        if let id = object["id"] as? Int {
            pending[id] = object
        } else if let method = object["method"] as? String {
            events.append((method, object["sessionId"] as? String, object["params"] as? [String: Any] ?? [:]))
        }
        lock.broadcast()
        lock.unlock()
    }

    private func ended() {
        lock.lock()
        closed = true
        lock.broadcast()
        lock.unlock()
    }

    private func write(_ data: Data) {
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = writeDescriptor(commands, raw.baseAddress! + offset, raw.count - offset)
                if n <= 0 { return }
                offset += n
            }
        }
    }

    /// Sends a command and waits for its answer's `result`.
    @discardableResult
    func send(_ method: String, _ params: [String: Any] = [:], session: String? = nil, timeout: TimeInterval = 60) throws
        -> [String: Any]
    {
        lock.lock()
        let id = nextID
        nextID += 1
        lock.unlock()
        var message: [String: Any] = ["id": id, "method": method, "params": params]
        if let session { message["sessionId"] = session }
        write(try JSONSerialization.data(withJSONObject: message) + Data([0]))
        let deadline = Date().addingTimeInterval(timeout)
        lock.lock()
        defer { lock.unlock() }
        while pending[id] == nil {
            if closed { throw Failure(description: "\(method): chromium went away (log: \(logTail()))") }
            if !lock.wait(until: deadline) { throw Failure(description: "\(method): no answer within \(Int(timeout)) s") }
        }
        let answer = pending.removeValue(forKey: id)!
        if let error = answer["error"] as? [String: Any] {
            throw Failure(description: "\(method): \(error["message"] ?? error)")
        }
        return answer["result"] as? [String: Any] ?? [:]
    }

    /// The events received so far for a session (every session when nil).
    func events(_ method: String, session: String?) -> [[String: Any]] {
        lock.lock()
        defer { lock.unlock() }
        return events.filter { $0.method == method && (session == nil || $0.session == session) }.map(\.params)
    }

    /// Waits until an event arrives for the session.
    func wait(for method: String, session: String?, timeout: TimeInterval = 60) throws {
        let deadline = Date().addingTimeInterval(timeout)
        lock.lock()
        defer { lock.unlock() }
        while !events.contains(where: { $0.method == method && (session == nil || $0.session == session) }) {
            if closed { throw Failure(description: "chromium went away waiting for \(method)") }
            if !lock.wait(until: deadline) { throw Failure(description: "no \(method) within \(Int(timeout)) s") }
        }
    }

    private func logTail() -> String {
        let text = (try? String(contentsOf: profile.appendingPathComponent("chromium.log"), encoding: .utf8)) ?? ""
        return String(text.suffix(600))
    }

    /// A new tab with the network and page domains on, then `url` loaded in it.
    func open(_ url: URL, timeout: TimeInterval = 120) throws -> Page {
        let target = try send("Target.createTarget", ["url": "about:blank"])
        guard let targetID = target["targetId"] as? String else { throw Failure(description: "no target id") }
        let attached = try send("Target.attachToTarget", ["targetId": targetID, "flatten": true])
        guard let session = attached["sessionId"] as? String else { throw Failure(description: "no session id") }
        let page = Page(browser: self, session: session, target: targetID)
        try send("Network.enable", session: session)
        try send("Page.enable", session: session)
        try send("Runtime.enable", session: session)
        try send("Log.enable", session: session)
        try send("Page.navigate", ["url": url.absoluteString], session: session)
        try wait(for: "Page.loadEventFired", session: session, timeout: timeout)
        try page.waitUntil("document.body && document.body.dataset.ready === 'true'", timeout: timeout)
        return page
    }

    /// One tab.
    struct Page {
        let browser: HeadlessChromium
        let session: String
        let target: String

        /// The value of a JavaScript expression (awaited when a promise), as JSON values.
        @discardableResult
        func evaluate(_ expression: String) throws -> Any? {
            let result = try browser.send(
                "Runtime.evaluate", ["expression": expression, "returnByValue": true, "awaitPromise": true], session: session)
            if let exception = result["exceptionDetails"] as? [String: Any] {
                let detail = (exception["exception"] as? [String: Any])?["description"] ?? exception["text"] ?? exception
                throw Failure(description: "evaluating \(expression.prefix(80)): \(detail)")
            }
            return (result["result"] as? [String: Any])?["value"]
        }

        func string(_ expression: String) throws -> String { try evaluate(expression) as? String ?? "" }
        func strings(_ expression: String) throws -> [String] { try evaluate(expression) as? [String] ?? [] }
        func number(_ expression: String) throws -> Double { (try evaluate(expression) as? NSNumber)?.doubleValue ?? .nan }

        func waitUntil(_ condition: String, timeout: TimeInterval = 30) throws {
            let deadline = Date().addingTimeInterval(timeout)
            while true {
                if try evaluate("Boolean(\(condition))") as? Bool == true { return }
                if Date() > deadline { throw Failure(description: "timed out waiting for \(condition)") }
                usleep(50_000)
            }
        }

        /// A real mouse click (move, press, release) at the centre of the first element matching
        /// `selector`, as a user's: the page sees pointer and mouse events and a click.
        func click(_ selector: String) throws {
            // Whatever moves on the next frame (a view fitted to a focus) has moved.
            try evaluate("new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
            let centre = try evaluate("""
                (() => { const el = document.querySelector(\(Self.literal(selector)));
                  if (!el) return null; el.scrollIntoView({block: 'nearest'}); const r = el.getBoundingClientRect();
                  return [r.left + r.width / 2, r.top + r.height / 2]; })()
                """) as? [Any]
            guard let centre, centre.count == 2, let x = (centre[0] as? NSNumber)?.doubleValue,
                let y = (centre[1] as? NSNumber)?.doubleValue
            else { throw Failure(description: "nothing to click: \(selector)") }
            try click(x: x, y: y)
        }

        func click(x: Double, y: Double) throws {
            for (type, buttons) in [("mouseMoved", 0), ("mousePressed", 1), ("mouseReleased", 0)] {
                var params: [String: Any] = ["type": type, "x": x, "y": y, "buttons": buttons]
                if type != "mouseMoved" {
                    params["button"] = "left"
                    params["clickCount"] = 1
                }
                try browser.send("Input.dispatchMouseEvent", params, session: session)
            }
        }

        /// Drags with the left button from one point to another in `steps` moves.
        func drag(from: (Double, Double), to: (Double, Double), steps: Int = 10) throws {
            try browser.send(
                "Input.dispatchMouseEvent",
                ["type": "mousePressed", "x": from.0, "y": from.1, "button": "left", "buttons": 1, "clickCount": 1],
                session: session)
            for i in 1...steps {
                let t = Double(i) / Double(steps)
                try browser.send(
                    "Input.dispatchMouseEvent",
                    ["type": "mouseMoved", "x": from.0 + (to.0 - from.0) * t, "y": from.1 + (to.1 - from.1) * t, "button": "left", "buttons": 1],
                    session: session)
            }
            try browser.send(
                "Input.dispatchMouseEvent", ["type": "mouseReleased", "x": to.0, "y": to.1, "button": "left", "buttons": 0, "clickCount": 1],
                session: session)
        }

        func wheel(x: Double, y: Double, deltaY: Double) throws {
            try browser.send(
                "Input.dispatchMouseEvent", ["type": "mouseWheel", "x": x, "y": y, "deltaX": 0, "deltaY": deltaY], session: session)
        }

        /// Types into the focused element, as an input method would (one `input` event).
        func type(_ text: String) throws {
            try browser.send("Input.insertText", ["text": text], session: session)
        }

        func screenshot() throws -> Data {
            let result = try browser.send("Page.captureScreenshot", ["format": "png"], session: session)
            guard let base64 = result["data"] as? String, let data = Data(base64Encoded: base64) else {
                throw Failure(description: "no screenshot data")
            }
            return data
        }

        /// Every URL the page asked the network stack for (the page itself included).
        var requestedURLs: [String] {
            browser.events("Network.requestWillBeSent", session: session).compactMap {
                ($0["request"] as? [String: Any])?["url"] as? String
            }
        }

        /// Uncaught exceptions and console errors, as text.
        var errors: [String] {
            let thrown = browser.events("Runtime.exceptionThrown", session: session).map { "\($0["exceptionDetails"] ?? $0)" }
            let console = browser.events("Runtime.consoleAPICalled", session: session)
                .filter { ($0["type"] as? String) == "error" }.map { "\($0["args"] ?? $0)" }
            let logged = browser.events("Log.entryAdded", session: session)
                .compactMap { $0["entry"] as? [String: Any] }.filter { ($0["level"] as? String) == "error" }
                .map { "\($0["text"] ?? $0)" }
            return thrown + console + logged
        }

        func close() {
            _ = try? browser.send("Target.closeTarget", ["targetId": target])
        }

        /// A JavaScript string literal.
        static func literal(_ text: String) -> String {
            let data = try! JSONSerialization.data(withJSONObject: [text])
            let array = String(decoding: data, as: UTF8.self)
            return String(array.dropFirst().dropLast())
        }
    }
}
