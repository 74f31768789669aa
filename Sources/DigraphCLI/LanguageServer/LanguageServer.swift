import DigraphCore
import DigraphReporters
import Foundation

/// `digraph lsp`: the Language Server Protocol 3.17 over stdio.
///
/// One loop reads messages (a reader thread frames them) and answers them in order; analysis
/// runs on that loop when it is due: at `initialized`, right after a save, an open, a close or a
/// watched-file change, and 300 ms after the last edit (`analyzeOnChange`, on by default). Every
/// analysis publishes diagnostics for every file with findings, and an empty list for a file
/// whose findings went away.
///
/// Nothing but protocol reaches stdout: the command gives the server its own copy of the stdout
/// descriptor and points descriptor 1 at stderr before anything else runs.
final class LanguageServer {
    enum ErrorCode {
        static let parseError = -32700
        static let invalidRequest = -32600
        static let methodNotFound = -32601
        static let invalidParams = -32602
        static let internalError = -32603
        static let serverNotInitialized = -32002
    }

    private enum Phase {
        case waiting, running, shutDown
    }

    private let messages = MessageQueue()
    private let output: MessageWriter
    private let input: Int32
    private var phase = Phase.waiting
    private var workspace: Workspace?
    private var utf8Positions = false
    private var analyzeOnChange = true
    private var watchRegistration = false
    private var due: Date?
    private var dueSince: Date?
    private var published: [String: JSON] = [:]
    private var openVersions: [String: Int] = [:]
    private var index = SiteIndex()
    private var analysis: Analysis?
    private var nextID = 1
    private var exitCode: Int32?

    static let debounce: TimeInterval = 0.3

    init(input: Int32, output: Int32) {
        self.input = input
        self.output = MessageWriter(fd: output)
    }

    /// Serves until `exit` (0 after `shutdown`, else 1) or the end of input (1).
    func run() -> Int32 {
        messages.start(reading: input)
        while exitCode == nil {
            guard let event = messages.next(before: due) else {
                analyzeNow()
                continue
            }
            switch event {
            case .end:
                return phase == .shutDown ? 0 : 1
            case .item(.malformed(let why)):
                respond(id: .null, error: ErrorCode.parseError, "malformed message: \(why)")
            case .item(.message(let data)):
                handle(data)
            }
            // A burst of edits: analyse once it stops, or every two seconds while it goes on.
            if let due, due <= Date(), !messages.hasPending || (dueSince.map { Date().timeIntervalSince($0) > 2 } ?? false) {
                analyzeNow()
            }
            if output.broken { return 1 }
        }
        return exitCode ?? 1
    }

    // MARK: Dispatch

    private func handle(_ data: Data) {
        let message: JSON
        do {
            message = try JSON.parse(data)
        } catch {
            respond(id: .null, error: ErrorCode.parseError, "parse error: \(error.description)")
            return
        }
        guard message.isObject else {
            respond(id: .null, error: ErrorCode.invalidRequest, "invalid request: a message is a JSON object")
            return
        }
        let id = message["id"]
        if let id, !Self.isValidID(id) {
            respond(id: .null, error: ErrorCode.invalidRequest, "invalid request: id must be a number or a string")
            return
        }
        guard message["jsonrpc"]?.stringValue == "2.0" else {
            respond(id: id ?? .null, error: ErrorCode.invalidRequest, "invalid request: \"jsonrpc\" must be \"2.0\"")
            return
        }
        guard let methodValue = message["method"] else {
            // A response to a request of ours (client/registerCapability): nothing to do.
            if id != nil, message["result"] != nil || message["error"] != nil { return }
            respond(id: id ?? .null, error: ErrorCode.invalidRequest, "invalid request: no method")
            return
        }
        guard let method = methodValue.stringValue else {
            respond(id: id ?? .null, error: ErrorCode.invalidRequest, "invalid request: method must be a string")
            return
        }
        let params = message["params"] ?? .null
        if let id, id != .null {
            request(method, id: id, params: params)
        } else {
            notification(method, params: params)
        }
    }

    private static func isValidID(_ id: JSON) -> Bool {
        switch id {
        case .number, .string, .null: return true
        default: return false
        }
    }

    private func request(_ method: String, id: JSON, params: JSON) {
        if phase == .waiting && method != "initialize" {
            respond(id: id, error: ErrorCode.serverNotInitialized, "the server is not initialized yet: send initialize first")
            return
        }
        if phase == .shutDown {
            respond(id: id, error: ErrorCode.invalidRequest, "the server is shut down: only exit is accepted")
            return
        }
        do {
            switch method {
            case "initialize" where phase == .running:
                respond(id: id, error: ErrorCode.invalidRequest, "initialize was already received")
            case "initialize": respond(id: id, result: try initialize(params))
            case "shutdown":
                phase = .shutDown
                respond(id: id, result: .null)
            case "textDocument/hover": respond(id: id, result: try hover(params))
            case "textDocument/definition": respond(id: id, result: try definition(params))
            default: respond(id: id, error: ErrorCode.methodNotFound, "method not found: \(method)")
            }
        } catch let failure as Failure {
            respond(id: id, error: failure.code, failure.message)
        } catch {
            respond(id: id, error: ErrorCode.internalError, "\(error)")
        }
    }

    private func notification(_ method: String, params: JSON) {
        if method == "exit" {
            exitCode = phase == .shutDown ? 0 : 1
            return
        }
        guard phase == .running else { return }
        do {
            switch method {
            case "initialized":
                registerWatchers()
                schedule(after: 0)
            case "textDocument/didOpen":
                let document = try Self.object(params, "textDocument")
                let uri = try Self.string(document, "uri")
                let text = try Self.string(document, "text")
                guard let display = swiftFile(uri) else { return }
                openVersions[display] = document["version"]?.intValue
                workspace?.open(display, text: text)
                schedule(after: 0.05)
            case "textDocument/didChange":
                let document = try Self.object(params, "textDocument")
                let uri = try Self.string(document, "uri")
                guard let display = swiftFile(uri), let workspace else { return }
                guard let changes = params["contentChanges"]?.arrayValue else {
                    throw Failure(ErrorCode.invalidParams, "contentChanges must be an array")
                }
                var text = workspace.overlays[display] ?? workspace.lines(display).joined(separator: "\n")
                for change in changes {
                    let replacement = try Self.string(change, "text")
                    if let range = change["range"] {
                        text = try apply(replacement, in: range, to: text)
                    } else {
                        text = replacement
                    }
                }
                openVersions[display] = document["version"]?.intValue
                workspace.change(display, text: text)
                if analyzeOnChange { schedule(after: Self.debounce) }
            case "textDocument/didSave":
                let document = try Self.object(params, "textDocument")
                guard let display = swiftFile(try Self.string(document, "uri")) else { return }
                if let text = params["text"]?.stringValue { workspace?.change(display, text: text) }
                schedule(after: 0)
            case "textDocument/didClose":
                let document = try Self.object(params, "textDocument")
                guard let display = swiftFile(try Self.string(document, "uri")) else { return }
                workspace?.close(display)
                openVersions.removeValue(forKey: display)
                schedule(after: 0.05)
            case "workspace/didChangeWatchedFiles":
                guard let changes = params["changes"]?.arrayValue else {
                    throw Failure(ErrorCode.invalidParams, "changes must be an array")
                }
                for change in changes {
                    guard let uri = change["uri"]?.stringValue, let url = Self.fileURL(uri), let workspace else { continue }
                    workspace.watchedFileChanged(workspace.displayPath(url), kind: change["type"]?.intValue ?? 2)
                }
                schedule(after: 0.05)
            default:
                break  // $/cancelRequest, $/setTrace, workspace/didChangeConfiguration, anything new
            }
        } catch let failure as Failure {
            // A notification gets no answer: say what was wrong in the client's log.
            log("digraph: ignored \(method): \(failure.message)", type: 2)
        } catch {
            log("digraph: ignored \(method): \(error)", type: 2)
        }
    }

    // MARK: initialize

    private func initialize(_ params: JSON) throws -> JSON {
        guard params.isObject else { throw Failure(ErrorCode.invalidParams, "initialize: params must be an object") }
        var root: URL?
        if let uri = params["rootUri"]?.stringValue { root = Self.fileURL(uri) }
        if root == nil, let first = params["workspaceFolders"]?.arrayValue?.first, let uri = first["uri"]?.stringValue {
            root = Self.fileURL(uri)
        }
        if root == nil, let path = params["rootPath"]?.stringValue { root = URL(fileURLWithPath: path) }
        let folder = root ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        workspace = Workspace(root: folder)

        let encodings = params["capabilities"]?["general"]?["positionEncodings"]?.arrayValue?.compactMap(\.stringValue) ?? []
        utf8Positions = encodings.contains("utf-8")
        watchRegistration =
            params["capabilities"]?["workspace"]?["didChangeWatchedFiles"]?["dynamicRegistration"]?.boolValue ?? false
        if let option = params["initializationOptions"]?["analyzeOnChange"]?.boolValue { analyzeOnChange = option }
        phase = .running
        return [
            "capabilities": [
                "positionEncoding": .string(utf8Positions ? "utf-8" : "utf-16"),
                "textDocumentSync": ["openClose": true, "change": 2, "save": ["includeText": true]],
                "hoverProvider": true,
                "definitionProvider": true,
            ],
            "serverInfo": ["name": "digraph", "version": .string(ToolInfo.version)],
        ]
    }

    private func registerWatchers() {
        guard watchRegistration else { return }
        let patterns = [
            "**/*.swift", "**/Package.swift", "**/*.pbxproj", "**/*.yml", "**/*.yaml", "**/\(ConfigurationLoader.fileName)",
        ]
        let message: JSON = [
            "jsonrpc": "2.0", "id": .string("digraph-\(nextID)"), "method": "client/registerCapability",
            "params": [
                "registrations": [
                    [
                        "id": "digraph-watched-files", "method": "workspace/didChangeWatchedFiles",
                        "registerOptions": ["watchers": .array(patterns.map { ["globPattern": .string($0)] })],
                    ]
                ]
            ],
        ]
        nextID += 1
        output.send(message)
    }

    // MARK: Analysis

    private func schedule(after delay: TimeInterval) {
        let at = Date().addingTimeInterval(delay)
        if dueSince == nil { dueSince = Date() }
        due = due.map { delay == 0 ? min($0, at) : max($0, at) } ?? at
    }

    private func analyzeNow() {
        due = nil
        dueSince = nil
        guard let workspace else { return }
        let outcome: Workspace.Outcome
        do {
            outcome = try workspace.analyze()
        } catch {
            log("digraph: cannot analyse \(workspace.root.path): \(error)", type: 1)
            send("window/showMessage", ["type": 1, "message": .string("digraph: \(error)")])
            return
        }
        analysis = outcome.analysis
        index = SiteIndex(outcome.analysis)
        publish(outcome.analysis)
        let counts = [(Severity.error, "error"), (.warning, "warning"), (.note, "note")].map { severity, word in
            let n = outcome.analysis.count(severity)
            return "\(n) \(word)\(n == 1 ? "" : "s")"
        }
        log(
            String(
                format: "digraph: analysed %d file%@ (%d rescanned) in %.3f s: %@", outcome.files, outcome.files == 1 ? "" : "s", outcome.rescanned,
                outcome.seconds, counts.joined(separator: ", "))
                + " (" + outcome.phases.map { String(format: "%@ %.3f s", $0.0, $0.1) }.joined(separator: ", ") + ")",
            type: 4)
        for file in outcome.skipped.prefix(5) { log("digraph: \(file): not readable as UTF-8 Swift; skipped", type: 2) }
    }

    private func publish(_ analysis: Analysis) {
        guard let workspace else { return }
        var byFile: [String: [JSON]] = [:]
        for d in analysis.diagnostics where d.suppressed != true {
            let uri = workspace.url(forDisplay: d.location.file).absoluteString
            byFile[uri, default: []].append(diagnostic(d))
        }
        let uris = Set(byFile.keys).union(published.keys).sorted()
        for uri in uris {
            let list = JSON.array(byFile[uri] ?? [])
            guard published[uri] != list else { continue }
            var params: JSON = ["uri": .string(uri), "diagnostics": list]
            if case .object(var members) = params, let url = Self.fileURL(uri),
                let version = openVersions[workspace.displayPath(url)]
            {
                members["version"] = JSON(version)
                params = .object(members)
            }
            send("textDocument/publishDiagnostics", params)
            if byFile[uri] == nil { published.removeValue(forKey: uri) } else { published[uri] = list }
        }
    }

    private func diagnostic(_ d: Diagnostic) -> JSON {
        var message = d.message
        if let program = d.program { message += " [\(program)]" }
        var related: [JSON] = []
        for note in d.notes {
            if let location = note.location {
                related.append(["location": self.location(location), "message": .string(note.message)])
            } else {
                message += "\n" + note.message
            }
        }
        var members: [String: JSON] = [
            "range": range(d.location),
            "severity": JSON(Self.severity(d.severity)),
            "code": .string(d.rule),
            "codeDescription": ["href": .string(SARIFReporter.helpURI(forRule: d.rule))],
            "source": "digraph",
            "message": .string(message),
        ]
        if !related.isEmpty { members["relatedInformation"] = .array(related) }
        return .object(members)
    }

    static func severity(_ severity: Severity) -> Int {
        switch severity {
        case .error: return 1
        case .warning: return 2
        case .note: return 3
        }
    }

    // MARK: Hover and definition

    private func hover(_ params: JSON) throws -> JSON {
        guard let (display, line, column) = try position(params), let analysis else { return .null }
        guard let site = index.site(in: display, line: line, column: column) else { return .null }
        let graph = analysis.graph
        var text = ""
        switch site.kind {
        case .registration(let id):
            text = Self.describe(id, graph: graph, heading: "")
        case .request(let edge):
            if edge.missing || graph.service(edge.to) == nil {
                text = "resolves **`\(edge.to)`**: **not registered**"
                if let reason = edge.missingReason { text += " (\(reason))" }
            } else {
                text = Self.describe(edge.to, graph: graph, heading: "resolves ")
            }
            var how = "\(edge.timing.rawValue), via \(edge.via.rawValue)"
            if edge.optional { how += ", optional" }
            text += "\n\nrequested by `\(edge.from)` (\(how))"
        }
        return [
            "contents": ["kind": "markdown", "value": .string(text)],
            "range": range(SourceLocation(file: display, line: site.line, column: site.column)),
        ]
    }

    static func describe(_ id: String, graph: DependencyGraph, heading: String) -> String {
        guard let service = graph.service(id) else { return "\(heading)**`\(id)`**" }
        var lifetime = service.lifetime.rawValue
        if let detail = service.lifetimeDetail, detail != lifetime { lifetime += " (\(detail))" }
        let dependents = Set(graph.incoming(id).map(\.from)).subtracting([id]).sorted()
        let dependencies = Set(graph.outgoing(id).map(\.to)).subtracting([id]).sorted()
        var text = "\(heading)**`\(id)`** · \(lifetime)\n\n"
        text += "**\(dependents.count) dependent\(dependents.count == 1 ? "" : "s")** · "
        let roots = graph.rootRequests.filter { $0.to == id }.count
        if roots > 0 { text += "resolved \(roots == 1 ? "once" : "\(roots) times") by top-level code · " }
        text += "\(dependencies.count) dependenc\(dependencies.count == 1 ? "y" : "ies") · \(service.style)"
        if let container = service.container { text += " · container `\(container)`" }
        if let program = service.program { text += " · program \(program)" }
        if !dependents.isEmpty {
            let shown = dependents.prefix(8).map { "`\($0)`" }.joined(separator: ", ")
            text += "\n\nneeded by " + shown + (dependents.count > 8 ? " and \(dependents.count - 8) more" : "")
        }
        return text
    }

    private func definition(_ params: JSON) throws -> JSON {
        guard let (display, line, column) = try position(params), let analysis else { return .null }
        guard let site = index.site(in: display, line: line, column: column), case .request(let edge) = site.kind else {
            return .null
        }
        let graph = analysis.graph
        var targets = graph.registrationSites.filter { $0.serviceID == edge.to }.map(\.location)
        if targets.isEmpty { targets = graph.service(edge.to)?.locations ?? [] }
        var seen: Set<SourceLocation> = []
        let unique = targets.filter { seen.insert($0).inserted }.sorted()
        return .array(unique.map(location))
    }

    /// The document and the 1-based line and UTF-8 column of a `TextDocumentPositionParams`.
    private func position(_ params: JSON) throws -> (String, Int, Int)? {
        let document = try Self.object(params, "textDocument")
        let uri = try Self.string(document, "uri")
        let position = try Self.object(params, "position")
        guard let line = position["line"]?.intValue, let character = position["character"]?.intValue, line >= 0, character >= 0
        else { throw Failure(ErrorCode.invalidParams, "position needs line and character, numbers from 0") }
        guard let url = Self.fileURL(uri), let workspace else { return nil }
        let display = workspace.displayPath(url)
        return (display, line + 1, utf8Column(display, line: line, character: character))
    }

    // MARK: Positions

    /// An LSP position for a 1-based line and UTF-8 column.
    private func lspPosition(_ display: String, line: Int, column: Int) -> JSON {
        let lines = workspace?.lines(display) ?? []
        let index = max(0, line - 1)
        guard index < lines.count else { return ["line": JSON(index), "character": JSON(max(0, column - 1))] }
        return ["line": JSON(index), "character": JSON(character(in: lines[index], utf8Offset: column - 1))]
    }

    private func character(in line: Substring, utf8Offset: Int) -> Int {
        let offset = max(0, min(utf8Offset, line.utf8.count))
        if utf8Positions { return offset }
        let end = line.utf8.index(line.utf8.startIndex, offsetBy: offset)
        return line[..<end].utf16.count
    }

    /// A 1-based UTF-8 column for an LSP character offset on a 0-based line.
    private func utf8Column(_ display: String, line: Int, character: Int) -> Int {
        if utf8Positions { return character + 1 }
        let lines = workspace?.lines(display) ?? []
        guard line < lines.count else { return character + 1 }
        let text = lines[line]
        let utf16 = text.utf16
        let end = utf16.index(utf16.startIndex, offsetBy: min(character, utf16.count))
        return text[..<end].utf8.count + 1
    }

    /// From the location to the end of the expression starting there on its line: a dotted name
    /// and its argument list when it closes on the same line (`container.register(A.self)`,
    /// `r.resolve(B.self)`), else the rest of the line.
    private func range(_ location: SourceLocation) -> JSON {
        let start = lspPosition(location.file, line: location.line, column: location.column)
        let lines = workspace?.lines(location.file) ?? []
        let index = location.line - 1
        guard index >= 0, index < lines.count else { return ["start": start, "end": start] }
        let line = lines[index]
        let bytes = Array(line.utf8)
        var i = min(max(0, location.column - 1), bytes.count)
        let begin = i
        func isName(_ b: UInt8) -> Bool {
            (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F || b == 0x2E
                || b == 0x40 || b == 0x24 || b >= 0x80
        }
        while i < bytes.count, isName(bytes[i]) { i += 1 }
        if i < bytes.count, bytes[i] == UInt8(ascii: "(") {
            var depth = 0
            var j = i
            var inString = false
            while j < bytes.count {
                let b = bytes[j]
                if inString {
                    if b == UInt8(ascii: "\\") { j += 1 } else if b == UInt8(ascii: "\"") { inString = false }
                } else if b == UInt8(ascii: "\"") {
                    inString = true
                } else if b == UInt8(ascii: "(") {
                    depth += 1
                } else if b == UInt8(ascii: ")") {
                    depth -= 1
                    if depth == 0 {
                        i = j + 1
                        break
                    }
                }
                j += 1
            }
            if depth != 0 { i = bytes.count }
        }
        if i == begin {
            // Not at a name: the rest of the line, without trailing blanks.
            i = bytes.count
            while i > begin, bytes[i - 1] == 0x20 || bytes[i - 1] == 0x09 { i -= 1 }
        }
        let end = ["line": JSON(index), "character": JSON(character(in: line, utf8Offset: i))] as JSON
        return ["start": start, "end": i > begin ? end : start]
    }

    private func location(_ location: SourceLocation) -> JSON {
        guard let workspace else { return .null }
        return ["uri": .string(workspace.url(forDisplay: location.file).absoluteString), "range": range(location)]
    }

    /// Applies an incremental change (`range` in the negotiated encoding) to a document's text.
    private func apply(_ replacement: String, in range: JSON, to text: String) throws -> String {
        guard let start = range["start"], let end = range["end"],
            let startLine = start["line"]?.intValue, let startCharacter = start["character"]?.intValue,
            let endLine = end["line"]?.intValue, let endCharacter = end["character"]?.intValue
        else { throw Failure(ErrorCode.invalidParams, "a change's range needs start and end positions") }
        let lower = index(in: text, line: startLine, character: startCharacter)
        let upper = index(in: text, line: endLine, character: endCharacter)
        guard lower <= upper else { throw Failure(ErrorCode.invalidParams, "a change's range ends before it starts") }
        var result = text
        result.replaceSubrange(lower..<upper, with: replacement)
        return result
    }

    /// The index of a position in text, clamped to its line and to the text.
    private func index(in text: String, line: Int, character: Int) -> String.Index {
        var lineStart = text.startIndex
        var remaining = max(0, line)
        var i = text.unicodeScalars.startIndex
        let scalars = text.unicodeScalars
        while remaining > 0, i < scalars.endIndex {
            let scalar = scalars[i]
            i = scalars.index(after: i)
            if scalar == "\n" || (scalar == "\r" && (i == scalars.endIndex || scalars[i] != "\n")) {
                remaining -= 1
                lineStart = i
            }
        }
        if remaining > 0 { return text.endIndex }
        var position = lineStart
        var units = max(0, character)
        while units > 0, position < scalars.endIndex {
            let scalar = scalars[position]
            if scalar == "\n" || scalar == "\r" { break }
            units -= utf8Positions ? scalar.utf8.count : scalar.utf16.count
            position = scalars.index(after: position)
        }
        return position
    }

    // MARK: Sending

    private func respond(id: JSON, result: JSON) {
        output.send(["jsonrpc": "2.0", "id": id, "result": result])
    }

    private func respond(id: JSON, error code: Int, _ message: String) {
        output.send(["jsonrpc": "2.0", "id": id, "error": ["code": JSON(code), "message": .string(message)]])
    }

    private func send(_ method: String, _ params: JSON) {
        output.send(["jsonrpc": "2.0", "method": .string(method), "params": params])
    }

    /// `window/logMessage`: 1 error, 2 warning, 3 info, 4 log.
    private func log(_ message: String, type: Int) {
        send("window/logMessage", ["type": JSON(type), "message": .string(message)])
    }

    // MARK: Parameters

    struct Failure: Error {
        var code: Int
        var message: String

        init(_ code: Int, _ message: String) {
            self.code = code
            self.message = message
        }
    }

    private static func object(_ params: JSON, _ key: String) throws -> JSON {
        guard let value = params[key], value.isObject else {
            throw Failure(ErrorCode.invalidParams, "\(key) must be an object")
        }
        return value
    }

    private static func string(_ params: JSON, _ key: String) throws -> String {
        guard let value = params[key]?.stringValue else { throw Failure(ErrorCode.invalidParams, "\(key) must be a string") }
        return value
    }

    /// A `file:` URI as a file URL; nil for any other scheme.
    static func fileURL(_ uri: String) -> URL? {
        guard let url = URL(string: uri), url.isFileURL else { return nil }
        return url.standardizedFileURL
    }

    /// The display path of a Swift document in the workspace; nil for anything else.
    private func swiftFile(_ uri: String) -> String? {
        guard let url = Self.fileURL(uri), url.pathExtension == "swift", let workspace else { return nil }
        return workspace.displayPath(url)
    }
}

/// Where registrations and requests are written, per file and line: what hover and definition
/// look up.
struct SiteIndex {
    enum Kind {
        case registration(String)
        case request(Edge)
    }

    struct Site {
        var line: Int
        var column: Int
        var kind: Kind
    }

    private var byFile: [String: [Int: [Site]]] = [:]

    init() {}

    init(_ analysis: Analysis) {
        let graph = analysis.graph
        var seen: Set<String> = []
        func add(_ location: SourceLocation, _ kind: Kind, key: String) {
            guard seen.insert("\(location)|\(key)").inserted else { return }
            byFile[location.file, default: [:]][location.line, default: []].append(
                Site(line: location.line, column: location.column, kind: kind))
        }
        for site in graph.registrationSites { add(site.location, .registration(site.serviceID), key: "r" + site.serviceID) }
        for service in graph.services {
            for location in service.locations { add(location, .registration(service.id), key: "r" + service.id) }
        }
        for edge in graph.edges + graph.rootRequests {
            if let location = edge.location { add(location, .request(edge), key: "e" + edge.to) }
        }
    }

    /// The site starting nearest before the column on the line (a request over a registration
    /// at the same place).
    func site(in file: String, line: Int, column: Int) -> Site? {
        guard let sites = byFile[file]?[line] else { return nil }
        let before = sites.filter { $0.column <= column }
        return before.max { a, b in
            if a.column != b.column { return a.column < b.column }
            if case .request = b.kind, case .registration = a.kind { return true }
            return false
        }
    }
}
