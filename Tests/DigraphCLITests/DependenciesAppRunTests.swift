import Foundation
import Testing

/// `Examples/DependenciesApp` built against swift-dependencies 1.17.1 and run: what `digraph
/// check` reports statically (`ExampleProjectTests`) happens at run time. Building the library
/// takes minutes, so this runs only with `DIGRAPH_BUILD_EXAMPLES=1` (CI sets it).
@Suite(.enabled(if: ProcessInfo.processInfo.environment["DIGRAPH_BUILD_EXAMPLES"] == "1"))
struct DependenciesAppRunTests {
    static let example = DigraphProcess.packageRoot.appendingPathComponent("Examples/DependenciesApp")
    /// Inside this checkout's own `.build`, so worktrees building at once never share it.
    static let scratch = DigraphProcess.packageRoot.appendingPathComponent(".build/examples/DependenciesApp").path

    static let built: Result<URL, BuildError> = {
        do {
            let r = try DigraphProcess.run(
                ["swift", "build", "--scratch-path", scratch], in: example,
                executable: URL(fileURLWithPath: "/usr/bin/env"))
            guard r.exitCode == 0 else { return .failure(BuildError(output: r.stdout + r.stderr)) }
            return .success(URL(fileURLWithPath: scratch).appendingPathComponent("debug/DependenciesApp"))
        } catch {
            return .failure(BuildError(output: "\(error)"))
        }
    }()

    struct BuildError: Error { var output: String }

    static func run(_ scenario: String) throws -> DigraphProcess.Result {
        try DigraphProcess.run([scenario], in: example, executable: try built.get())
    }

    @Test func theFeaturesRunCleanly() throws {
        let r = try Self.run("features")
        #expect(r.exitCode == 0, "\(r.stderr)")
        #expect(r.stdout.contains("log: Search"))
        #expect(r.stdout.contains("Welcome back, user 42"), "the root's prepareDependencies gives remoteConfig its value")
    }

    /// `missing_registration` on `DependencyValues.featureFlags`.
    @Test func theMissingLiveValueIsReportedByTheLibrary() throws {
        let r = try Self.run("missing")
        #expect(r.exitCode == 0)
        #expect((r.stdout + r.stderr).contains(#"@Dependency(\.featureFlags) has no live implementation"#))
    }

    /// `dependency_cycle` between `sessionStore` and `tokenRefresher`: the stack overflows.
    @Test func theCycleCrashes() throws {
        let r = try Self.run("cycle")
        #expect(r.exitCode != 0)
        #expect(r.stderr.contains("sessionStore"), "\(r.stderr.prefix(400))")
    }
}
