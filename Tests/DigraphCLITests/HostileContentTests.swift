import Foundation
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

/// Paths and registration names carrying quotes, line breaks, `<`, `&`, `]]>`, ANSI escape sequences,
/// bidirectional controls and bytes that are not UTF-8 reach every format escaped: nothing acts on a
/// terminal, no record is split, every document still parses and still says exactly what the input
/// said (issue 12).
@Suite(.serialized) struct HostileContentTests {
    /// ESC [31m (red), ESC ]0; (a terminal title), RLO and LRI (bidirectional overrides), a BEL.
    static let hostile = "q\"uote<&]]>\u{1B}[31mred\u{1B}]0;title\u{7}\u{202E}evil\u{2066}"
    /// As a registration name: in a Swift string literal, its quote is escaped (digraph keeps the
    /// literal's text as written).
    static let hostileName = hostile.replacingOccurrences(of: "\"", with: "\\\"")
    /// A file name with all of that and a line break.
    static let fileName = "App/\(hostile)\nline.swift"
    /// A file name that is not UTF-8, as digraph shows it.
    static let badBytesShown = "App/bad\\xFFbytes.swift"

    static func source(named name: String) -> String {
        """
        import Swinject
        final class Service {}
        let c = Container()
        func f() {
            c.register(Service.self, name: "registered") { _ in Service() }
            _ = c.resolve(Service.self, name: "\(name)")
            _ = c.resolve(Missing.self)
        }

        """
    }

    nonisolated(unsafe) static let project: TemporaryProject = {
        let project = try! TemporaryProject([fileName: source(named: hostileName)])
        // Foundation cannot name a file with bytes that are not UTF-8: open(2) can.
        let path = Array(project.url.appendingPathComponent("App").path.utf8) + Array("/bad".utf8) + [0xFF] + Array("bytes.swift".utf8) + [0]
        let descriptor = path.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }
        }
        let text = Array(source(named: "plain").utf8)
        _ = text.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        return project
    }()

    /// Nothing that acts: no C0 control but the line feed (and tab), no DEL or C1 control, no
    /// bidirectional control, no line or paragraph separator.
    static func acting(_ text: String, allowing: Set<Unicode.Scalar> = ["\n", "\t"]) -> [String] {
        text.unicodeScalars.filter { scalar in
            guard !allowing.contains(scalar) else { return false }
            switch scalar.value {
            case 0x00...0x1F, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029: return true
            default: return false
            }
        }.map { String(format: "U+%04X", $0.value) }
    }

    static func check(_ format: String) throws -> DigraphProcess.Result {
        let result = try DigraphProcess.run(["check", "App", "--format", format], in: project.url)
        #expect(result.exitCode == 0, "\(format): \(result.stderr)")
        #expect(acting(result.stderr).isEmpty, "stderr of --format \(format): \(acting(result.stderr))")
        return result
    }

    /// The report as JSON says exactly what the input said.
    static func findings() throws -> [[String: Any]] {
        let result = try check("json")
        let document = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [String: Any]
        return document["diagnostics"] as! [[String: Any]]
    }

    @Test func jsonEscapesEverythingAndKeepsItExact() throws {
        let result = try Self.check("json")
        #expect(Self.acting(result.stdout).isEmpty, "\(Self.acting(result.stdout))")
        #expect(result.stdout.contains("\\u202E") && result.stdout.contains("\\u001b") || result.stdout.contains("\\u001B"))
        let files = Set(try Self.findings().map { ($0["location"] as! [String: Any])["file"] as! String })
        #expect(files == [Self.fileName, Self.badBytesShown])
        let messages = try Self.findings().map { $0["message"] as! String }
        #expect(messages.contains { $0.contains("`Service#\(Self.hostileName)`") }, "\(messages)")
    }

    @Test func sarifEscapesEverythingAndKeepsItExact() throws {
        let result = try Self.check("sarif")
        #expect(Self.acting(result.stdout).isEmpty, "\(Self.acting(result.stdout))")
        let log = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [String: Any]
        let results = ((log["runs"] as! [[String: Any]])[0]["results"] as! [[String: Any]])
        let uris = Set(results.map {
            (((($0["locations"] as! [[String: Any]])[0]["physicalLocation"] as! [String: Any])["artifactLocation"] as! [String: Any])["uri"] as! String)
        })
        #expect(uris.contains { $0.contains("%1B%5B31mred") && $0.contains("%E2%80%AEevil") && $0.contains("%0Aline.swift") }, "\(uris)")
        let messages = results.map { (($0["message"] as! [String: Any])["text"] as! String) }
        #expect(messages.contains { $0.contains("`Service#\(Self.hostileName)`") }, "\(messages)")
    }

    @Test func xcodeKeepsOneRecordPerLine() throws {
        let result = try Self.check("xcode")
        #expect(Self.acting(result.stdout).isEmpty, "\(Self.acting(result.stdout))")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        let records = try Self.findings().reduce(0) { $0 + 1 + (($1["notes"] as? [Any])?.count ?? 0) }
        #expect(lines.count == records)
        let escapedPath = "App/q\"uote<&]]>\\u{1B}[31mred\\u{1B}]0;title\\u{7}\\u{202E}evil\\u{2066}\\nline.swift"
        for line in lines {
            #expect(line.hasPrefix(escapedPath + ":") || line.hasPrefix(Self.badBytesShown + ":"), "\(line)")
            #expect(line.contains(": note: ") || line.contains(": warning: ") || line.contains(": error: "), "\(line)")
        }
    }

    @Test func textShowsEscapesNeverSendsThem() throws {
        let result = try Self.check("text")
        #expect(Self.acting(result.stdout).isEmpty, "\(Self.acting(result.stdout))")
        #expect(result.stdout.contains("\\u{1B}[31mred"))
        #expect(result.stdout.contains(Self.badBytesShown + ":6:"))
    }

    @Test func githubAnnotationsStayOneCommandEach() throws {
        let result = try Self.check("github")
        #expect(Self.acting(result.stdout).isEmpty, "\(Self.acting(result.stdout))")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.filter { $0.hasPrefix("::") }.count == (try Self.findings().count))
        for line in lines where line.hasPrefix("::") {
            // The file property is one value: its `:`, `,` and line break are encoded.
            #expect(line.contains("file=App/q\"uote<&]]>\\u{1B}[31mred\\u{1B}]0;title\\u{7}\\u{202E}evil\\u{2066}%0Aline.swift,")
                || line.contains("file=\(Self.badBytesShown),"), "\(line)")
        }
    }

    @Test func dotAndSvgAreValidAndShowTheEscapes() throws {
        for (file, format) in [("graph.dot", "dot"), ("graph.svg", "svg")] {
            let result = try DigraphProcess.run(
                ["render", "App", "--output", file, "--cluster", "file"], in: Self.project.url)
            #expect(result.exitCode == 0, "\(format): \(result.stderr)")
            #expect(Self.acting(result.stderr).isEmpty)
            let text = try Self.project.read(file)
            #expect(Self.acting(text).isEmpty, "\(format): \(Self.acting(text))")
            #expect(text.contains("u{1B}[31mred"), "\(format)")
            // The bytes that are not UTF-8, as `\xFF` (its backslash doubled in DOT's quoting).
            #expect(text.contains(format == "dot" ? "App/bad\\\\xFFbytes.swift" : Self.badBytesShown), "\(format)")
            if format == "svg" {
                // Well-formed XML: `<`, `&` and `]]>` from the input are character references.
                let parser = XMLParser(data: Data(text.utf8))
                #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
                #expect(!text.contains("<&]]>"))
            }
        }
    }
}
