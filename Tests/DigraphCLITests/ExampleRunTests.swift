import Foundation
import Testing

/// The examples that build on Linux, built and run: what `digraph check` reports statically
/// (`ExampleProjectTests`) happens at run time. Building swift-dependencies takes minutes, so
/// these run only with `DIGRAPH_BUILD_EXAMPLES=1` (CI sets it).
@Suite(.enabled(
    if: ProcessInfo.processInfo.environment["DIGRAPH_BUILD_EXAMPLES"] == "1",
    "builds and runs the example apps only with DIGRAPH_BUILD_EXAMPLES=1 (minutes; CI sets it)"))
struct ExampleRunTests {
    struct BuildError: Error { var output: String }

    /// Builds `Examples/<name>` inside this checkout's own `.build` (so worktrees building at once
    /// never share a scratch directory) and returns its executable.
    static func build(_ name: String) -> Result<URL, BuildError> {
        let scratch = DigraphProcess.packageRoot.appendingPathComponent(".build/examples/\(name)").path
        do {
            let r = try DigraphProcess.run(
                ["swift", "build", "--scratch-path", scratch],
                in: DigraphProcess.packageRoot.appendingPathComponent("Examples/\(name)"),
                executable: URL(fileURLWithPath: "/usr/bin/env"))
            guard r.exitCode == 0 else { return .failure(BuildError(output: r.stdout + r.stderr)) }
            return .success(URL(fileURLWithPath: scratch).appendingPathComponent("debug/\(name)"))
        } catch {
            return .failure(BuildError(output: "\(error)"))
        }
    }

    static let dependenciesApp = build("DependenciesApp")
    static let keyPathContainerApp = build("KeyPathContainerApp")

    /// Runs a scenario, killed after `seconds`: a thread spinning in a one-time initialisation
    /// does not always answer SIGTERM.
    static func run(_ app: Result<URL, BuildError>, _ scenario: String, seconds: Int = 60) throws -> DigraphProcess.Result {
        try DigraphProcess.run(
            ["timeout", "-s", "KILL", "\(seconds)", try app.get().path, scenario],
            executable: URL(fileURLWithPath: "/usr/bin/env"))
    }

    /// `timeout` exits 124 after SIGTERM, 137 after SIGKILL, or dies of the KILL it sends to its
    /// process group (reported as signal 9).
    static func wasKilled(_ r: DigraphProcess.Result) -> Bool { [124, 137, 9].contains(r.exitCode) }

    // MARK: - DependenciesApp (swift-dependencies 1.17.1)

    @Test func dependenciesAppFeaturesRunCleanly() throws {
        let r = try Self.run(Self.dependenciesApp, "features")
        #expect(r.exitCode == 0, "\(r.stderr)")
        #expect(r.stdout.contains("log: Search"))
        #expect(r.stdout.contains("Welcome back, user 42"), "the root's prepareDependencies gives remoteConfig its value")
    }

    /// `missing_registration` on `DependencyValues.featureFlags`.
    @Test func dependenciesAppMissingLiveValueIsReportedByTheLibrary() throws {
        let r = try Self.run(Self.dependenciesApp, "missing")
        #expect(r.exitCode == 0)
        #expect((r.stdout + r.stderr).contains(#"@Dependency(\.featureFlags) has no live implementation"#))
    }

    /// `dependency_cycle` between `sessionStore` and `tokenRefresher`: the stack overflows.
    @Test func dependenciesAppCycleCrashes() throws {
        let r = try Self.run(Self.dependenciesApp, "cycle")
        #expect(r.exitCode != 0 && !Self.wasKilled(r))
        #expect(r.stderr.contains("sessionStore"), "\(r.stderr.prefix(400))")
    }

    // MARK: - KeyPathContainerApp (seed 004)

    @Test func keyPathContainerAppFeaturesRunCleanly() throws {
        let r = try Self.run(Self.keyPathContainerApp, "features")
        #expect(r.exitCode == 0, "\(r.stderr)")
        #expect(r.stdout.contains("log: Search"))
    }

    /// `missing_registration` on `DependencyContainer.analytics`: the lazy key's precondition fails.
    @Test func keyPathContainerAppMissingValueFailsThePrecondition() throws {
        let r = try Self.run(Self.keyPathContainerApp, "missing")
        #expect(r.exitCode != 0)
        #expect(r.stderr.contains("A value must be set before accessing the property."))
    }

    /// `dependency_cycle` between `catalog` and `pricing`: each static value's initialisation
    /// waits for the other's, forever.
    @Test func keyPathContainerAppCycleHangs() throws {
        let r = try Self.run(Self.keyPathContainerApp, "cycle", seconds: 5)
        #expect(Self.wasKilled(r), "exit \(r.exitCode), \(r.stderr.prefix(300))")
    }
}
