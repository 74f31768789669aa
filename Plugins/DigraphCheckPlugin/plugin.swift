import Foundation
import PackagePlugin

/// `swift package digraph-check [--target NAME …] [digraph check options]`: runs `digraph check`
/// on the package's own source targets (test targets only when named), and fails the command
/// when digraph does.
@main
struct DigraphCheckPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let named = extractor.extractOption(named: "target")
        let targets = named.isEmpty ? context.package.targets : try context.package.targets(named: named)
        let root = context.package.directoryURL.standardizedFileURL.path
        let directories = targets.compactMap { $0 as? SourceModuleTarget }
            .filter { !named.isEmpty || $0.kind != .test }
            .map { relative($0.directoryURL.standardizedFileURL.path, to: root) }
            .sorted()
        guard !directories.isEmpty else {
            Diagnostics.warning("digraph: no source targets to check")
            return
        }

        let process = Process()
        process.executableURL = try context.tool(named: "digraph").url
        process.arguments = ["check"] + directories + extractor.remainingArguments
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        if process.terminationReason != .exit || process.terminationStatus != 0 {
            throw DigraphCheckFailed(status: process.terminationStatus)
        }
    }

    private func relative(_ path: String, to root: String) -> String {
        path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
    }
}

struct DigraphCheckFailed: Error, CustomStringConvertible {
    var status: Int32
    var description: String {
        status == 1
            ? "digraph check found defects at or above --fail-on (exit 1)"
            : "digraph check could not run (exit \(status))"
    }
}
