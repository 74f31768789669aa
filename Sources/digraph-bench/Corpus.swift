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

    static func swiftFiles(in directory: URL) -> [URL] {
        let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)
        var files: [URL] = []
        while let url = enumerator?.nextObject() as? URL {
            if url.pathExtension == "swift" { files.append(url) }
        }
        return files.sorted { $0.path < $1.path }
    }
}
