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
