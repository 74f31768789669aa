/// A named function that makes registrations (`static func registerMocks()`), by the scope key its
/// registrations carry (``RegistrationFact/scope``), so the link can tell who calls it.
public struct RegisteringFunctionFact: Codable, Sendable, Hashable {
    public var name: String
    public var scope: String

    public init(name: String, scope: String) {
        self.name = name
        self.scope = scope
    }
}

/// A call to a function named like DI setup (`Resolver.registerMocks()`, `setUpDependencies()`):
/// where such helpers run. One made in a SwiftUI preview is ``isDesignTime``.
public struct SetupCallFact: Codable, Sendable, Hashable {
    public var name: String
    public var isDesignTime: Bool = false
    public var location: SourceLocation

    public init(name: String, isDesignTime: Bool = false, location: SourceLocation) {
        self.name = name
        self.isDesignTime = isDesignTime
        self.location = location
    }

    /// Verbs DI setup functions start with; a call to any other name is not recorded.
    public static let verbs = ["register", "setup", "setUp", "configure", "inject", "install", "bootstrap", "assemble", "mock", "stub", "prepare", "load"]

    public static func isSetupName(_ name: String) -> Bool {
        verbs.contains { name.hasPrefix($0) }
    }
}

/// Registrations made only by helpers that nothing but tests and previews calls
/// (`Resolver.registerUseCaseMocks()` in `#Preview` and `setUp()`): the app never makes them, so
/// they answer no request of the app (they are ``RegistrationFact/isDesignTime``). A helper
/// called nowhere the scan sees (Resolver's own `registerAllServices`) keeps its registrations.
enum TestOnlyRegistrationHelpers {
    static func apply(_ files: inout [FileFacts], testFiles: Set<String>) {
        var names: [String: String] = [:]
        for file in files { for function in file.registeringFunctions { names[function.scope] = function.name } }
        guard !names.isEmpty else { return }
        var calledFromApp: Set<String> = []
        var called: Set<String> = []
        for file in files {
            for call in file.setupCalls {
                called.insert(call.name)
                if !call.isDesignTime, !testFiles.contains(file.file) { calledFromApp.insert(call.name) }
            }
        }
        let testOnly = called.subtracting(calledFromApp)
        guard !testOnly.isEmpty else { return }
        for f in files.indices where !testFiles.contains(files[f].file) {
            for r in files[f].registrations.indices {
                guard let scope = files[f].registrations[r].scope, let name = names[scope], testOnly.contains(name) else { continue }
                files[f].registrations[r].isDesignTime = true
            }
        }
    }
}
