import Foundation

/// A generated Swift project with the DI shapes digraph reads (Swinject assemblies, a service
/// locator, singletons, initializer injection) and ordinary code around them, so that scanning
/// cost is realistic. Deterministic: the same `files` gives the same bytes.
enum Corpus {
    struct Stats {
        var files = 0
        var lines = 0
        var bytes = 0
    }

    static func generate(files: Int, into directory: URL) throws -> Stats {
        try? FileManager.default.removeItem(at: directory)
        var stats = Stats()
        let modules = max(1, files / 200)
        for i in 0..<files {
            let module = directory.appendingPathComponent("Module\(i % modules)")
            try FileManager.default.createDirectory(at: module, withIntermediateDirectories: true)
            let text = source(index: i, total: files)
            try Data(text.utf8).write(to: module.appendingPathComponent("Feature\(i).swift"))
            stats.files += 1
            stats.bytes += text.utf8.count
            stats.lines += text.split(separator: "\n", omittingEmptySubsequences: false).count
        }
        return stats
    }

    /// One feature: a protocol, its implementation with init injection, an assembly registering
    /// it (resolving two earlier features), a singleton, locator uses, and plain code.
    static func source(index i: Int, total: Int) -> String {
        let a = i > 0 ? (i * 7 + 3) % i : 0
        let b = i > 1 ? (i * 13 + 5) % i : 0
        let scope = ["container", "graph", "transient", "weak"][i % 4]
        var s = """
            import Foundation
            import Swinject

            protocol Service\(i): AnyObject {
                func perform(_ input: Int) -> Int
            }

            final class Service\(i)Impl: Service\(i) {
                private let first: Service\(a)
                private let second: Service\(b)
                private let cache = Cache\(i).shared
                private var history: [Int] = []

                init(first: Service\(a), second: Service\(b)) {
                    self.first = first
                    self.second = second
                }

                func perform(_ input: Int) -> Int {
                    guard input > 0 else { return 0 }
                    history.append(input)
                    return first.perform(input - 1) + second.perform(input / 2)
                }

            """
        for m in 0..<12 {
            s += """
                    func helper\(m)(values: [Int], label: String) -> [String: Int] {
                        var result: [String: Int] = [:]
                        for (offset, value) in values.enumerated() where value % \(m + 2) == 0 {
                            let key = "\\(label)-\\(offset)"
                            switch value {
                            case ..<0: result[key, default: 0] -= value
                            case 0...100: result[key] = value * \(m + 1)
                            default: result[key] = values.reduce(0, +) / max(1, values.count)
                            }
                        }
                        return result.filter { $0.value != \(m) }
                    }

                """
        }
        s += """
            }

            final class Cache\(i) {
                static let shared = Cache\(i)()
                private var storage: [String: Data] = [:]
                func value(for key: String) -> Data? { storage[key] }
            }

            final class Feature\(i)Assembly: Assembly {
                func assemble(container: Container) {
                    container.register(Service\(i).self) { r in
                        Service\(i)Impl(first: r.resolve(Service\(a).self)!, second: r.resolve(Service\(b).self)!)
                    }.inObjectScope(.\(scope))
                }
            }

            final class Feature\(i)ViewModel {
                @Dependency var service: Service\(i)
                private let logger: Logging
                init(logger: Logging = ServiceLocator.shared.autoResolve()) {
                    self.logger = logger
                }
                func load() -> Int { service.perform(\(i % 17)) }
            }

            """
        return s
    }

    /// Folders `digraph check` never reads (SourceDiscovery's list): the floor parses what
    /// `check` would find.
    static let skippedDirectories: Set<String> = [".build", "DerivedData", "Pods", "Carthage", ".git", ".swiftpm"]

    static func swiftFiles(in directory: URL) -> [URL] {
        var files: [URL] = []
        var stack = [directory]
        while let folder = stack.popLast() {
            let entries = (try? FileManager.default.contentsOfDirectory(
                at: folder, includingPropertiesForKeys: [.isDirectoryKey, .isSymbolicLinkKey])) ?? []
            for url in entries {
                let values = try? url.resourceValues(forKeys: [.isDirectoryKey, .isSymbolicLinkKey])
                if values?.isSymbolicLink == true { continue }
                if values?.isDirectory == true {
                    if !skippedDirectories.contains(url.lastPathComponent) { stack.append(url) }
                } else if url.pathExtension == "swift" {
                    files.append(url)
                }
            }
        }
        return files.sorted { $0.path < $1.path }
    }

    /// Files, lines and bytes of the Swift files `check` would read under `directory`.
    static func stats(of directory: URL) -> Stats {
        var stats = Stats()
        for file in swiftFiles(in: directory) {
            guard let data = try? Data(contentsOf: file) else { continue }
            stats.files += 1
            stats.bytes += data.count
            stats.lines += data.reduce(into: 1) { count, byte in if byte == UInt8(ascii: "\n") { count += 1 } }
        }
        return stats
    }

    /// A copy of `source` to measure on without touching it: every regular file hard-linked (or
    /// copied, across file systems) except in `.git` and `.build`. The one-file edit replaces a
    /// file (write and rename), so the original behind a link is never changed.
    static func mirror(_ source: URL, into directory: URL) throws {
        try? FileManager.default.removeItem(at: directory)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var stack = [(source, directory)]
        while let (from, to) = stack.popLast() {
            let entries = try FileManager.default.contentsOfDirectory(
                at: from, includingPropertiesForKeys: [.isDirectoryKey, .isSymbolicLinkKey, .isRegularFileKey])
            for url in entries {
                let name = url.lastPathComponent
                let values = try url.resourceValues(forKeys: [.isDirectoryKey, .isSymbolicLinkKey, .isRegularFileKey])
                let target = to.appendingPathComponent(name)
                if values.isSymbolicLink == true { continue }
                if values.isDirectory == true {
                    if name == ".git" || name == ".build" { continue }
                    try FileManager.default.createDirectory(at: target, withIntermediateDirectories: false)
                    stack.append((url, target))
                } else if values.isRegularFile == true {
                    if link(url.path, target.path) != 0 { try FileManager.default.copyItem(at: url, to: target) }
                }
            }
        }
    }

    /// Appends a comment to `file` by writing a new file over it: a change to one file's bytes
    /// that leaves every finding where it was.
    static func edit(_ file: URL, mark: Int) throws {
        var data = try Data(contentsOf: file)
        data.append(contentsOf: Array("\n// digraph-bench edit \(mark)\n".utf8))
        let temporary = file.deletingLastPathComponent().appendingPathComponent(".\(file.lastPathComponent).bench-edit")
        try data.write(to: temporary)
        guard rename(temporary.path, file.path) == 0 else { throw BenchError.failed("cannot replace \(file.path)") }
    }
}
