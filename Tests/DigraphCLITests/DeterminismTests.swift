import Foundation
import Testing

/// Same input, same bytes out, whatever the process and the number of workers. Each run is its
/// own process, so each has its own hash seed: output that follows the order of a `Set` or a
/// `Dictionary` differs between the two runs (rendering twice inside one process cannot show
/// that). One run scans with one worker, the other with sixteen.
@Suite struct DeterminismTests {
    /// Command name (kept short for the test output) -> arguments after the paths.
    static let commands: [String: [String]] = [
        "check text": ["check", "--format", "text"],
        "check xcode": ["check", "--format", "xcode"],
        "check json": ["check", "--format", "json"],
        "check sarif": ["check", "--format", "sarif"],
        "check github": ["check", "--format", "github"],
        "report": ["report"],
        "render dot": ["render", "--format", "dot", "--output", "-"],
        "report snapshot": ["report", "--snapshot", "app.snapshot.json"],
    ]

    struct Unexpected: Error, CustomStringConvertible { var description: String }

    /// The seed's 35 files, a large generated file and a live snapshot, in one project.
    static func project() throws -> TemporaryProject {
        let project = try TemporaryProject([
            "Large/LargeAssembly.swift": LargeSource.assembly(services: 500),
            "Large/main.swift": LargeSource.root(services: 500),
        ])
        let seed = DigraphProcess.packageRoot.appendingPathComponent("Tests/DigraphCLITests/Fixtures/Seed000")
        let files = try FileManager.default.contentsOfDirectory(atPath: seed.path).filter { $0.hasSuffix(".swift") }
        guard files.count == 35 else { throw Unexpected(description: "Seed000 has \(files.count) Swift files, not 35") }
        for file in files {
            try project.write("Seed000/\(file)", Data(contentsOf: seed.appendingPathComponent(file)))
        }
        try project.write(
            "app.snapshot.json",
            Data(contentsOf: DigraphProcess.packageRoot.appendingPathComponent("Examples/SwinjectLiveApp/app.snapshot.json")))
        return project
    }

    @Test(arguments: commands.keys.sorted())
    func oneWorkerAndSixteenGiveTheSameBytes(command: String) throws {
        let project = try Self.project()
        let arguments = try #require(Self.commands[command])
        let verb = [arguments[0], "Seed000", "Large"] + arguments.dropFirst()
        let serial = try DigraphProcess.run(verb + ["--jobs", "1"], in: project.url)
        let parallel = try DigraphProcess.run(verb + ["--jobs", "16"], in: project.url)
        #expect(serial.exitCode == (command.hasPrefix("check") ? 1 : 0), "\(serial.stderr)")
        #expect(parallel.exitCode == serial.exitCode)
        #expect(serial.stdout.utf8.count > 50_000, "the output is large enough for an ordering bug to show")
        if serial.stdout != parallel.stdout {
            let a = serial.stdout.split(separator: "\n", omittingEmptySubsequences: false)
            let b = parallel.stdout.split(separator: "\n", omittingEmptySubsequences: false)
            let line = (0..<min(a.count, b.count)).first { a[$0] != b[$0] } ?? min(a.count, b.count)
            Issue.record("`digraph \(command)` differs between two runs from line \(line + 1): \(a.count > line ? String(a[line].prefix(120)) : "(end)") vs \(b.count > line ? String(b[line].prefix(120)) : "(end)")")
        }
    }

    /// The generated file has what each rule reports, so every finding kind is ordered.
    @Test func theLargeFileHasEveryKindOfFinding() throws {
        let project = try Self.project()
        let r = try DigraphProcess.run(["check", "Large", "--format", "json", "--jobs", "16"], in: project.url)
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let rules = Set((doc["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["rule"] as? String })
        #expect(rules.isSuperset(of: [
            "dependency_cycle", "missing_registration", "scope_mismatch", "god_singleton", "duplicate_registration",
            "argument_mismatch", "unused_registration", "too_many_dependencies",
        ]), "\(rules.sorted())")
        #expect((doc["services"] as? [Any])?.count ?? 0 > 400)
    }
}

/// A large Swinject assembly with cycles, captives, misses, duplicates, names, arguments and
/// singletons, from a fixed seed: the same text on every run.
enum LargeSource {
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    static let scopes = [".container", ".transient", ".graph", ".weak"]

    static func assembly(services n: Int) -> String {
        var random = Generator(state: 0x5EED)
        var lines = ["import Swinject"]
        for i in 0..<n {
            // A hundred registrations per assembly, as apps split them.
            if i % 100 == 0 {
                if i > 0 { lines += ["    }", "}"] }
                lines += ["", "final class LargeAssembly\(i / 100): Assembly {", "    func assemble(container: Container) {"]
            }
            // Mostly towards higher numbers (a DAG), sometimes back (cycles), sometimes past the end (misses).
            let count = i % 31 == 0 ? 9 : random.next(4)
            let dependencies = (0..<count).map { _ -> Int in
                switch random.next(20) {
                case 0: return random.next(max(1, i))
                case 1: return n + random.next(40)
                default: return min(n - 1, i + 1 + random.next(60))
                }
            }
            let resolves = dependencies.enumerated().map { "d\($0.offset): r.resolve(S\($0.element).self)!" }
            let name = i % 17 == 0 ? ", name: \"n\(i % 3)\"" : ""
            let scope = scopes[random.next(scopes.count)]
            lines.append(
                "        container.register(S\(i).self\(name)) { r in S\(i)Impl(\(resolves.joined(separator: ", "))) }"
                    + ".inObjectScope(\(scope))")
            if i % 97 == 0 { lines.append("        container.register(S\(i).self\(name)) { _ in S\(i)Other() }") }
            if i % 53 == 0 { lines.append("        container.register(A\(i).self) { (r, id: String) in A\(i)(id: id) }") }
            if i % 41 == 0 {
                lines.append(
                    "        container.register(D\(i).self) { _ in D\(i)() }.initCompleted { r, d in d.back = r.resolve(S\(i).self)! }")
            }
        }
        lines += ["    }", "}", ""]
        for user in 0..<80 { lines.append("final class User\(user) { let hub = Hub\(user % 5).shared }") }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The composition root, and the singletons the assemblies' users share (in a file of their
    /// own: uses from a singleton's own file do not count).
    static func root(services n: Int) -> String {
        var lines = (0..<5).map { "final class Hub\($0) { static let shared = Hub\($0)() }" }
        lines += ["let container = Container()"]
        lines += (0...(n - 1) / 100).map { "LargeAssembly\($0)().assemble(container: container)" }
        for i in stride(from: 0, to: n, by: 7) { lines.append("let s\(i) = container.resolve(S\(i).self)!") }
        for i in stride(from: 0, to: n, by: 53) { lines.append("let a\(i) = container.resolve(A\(i).self)!") }
        for i in stride(from: 0, to: n, by: 41) { lines.append("let d\(i) = container.resolve(D\(i).self)!") }
        return lines.joined(separator: "\n") + "\n"
    }
}
