import Foundation
import PackagePlugin

/// Runs `digraph check --format xcode` on a target as part of its build, so that findings show as
/// warnings and errors in `swift build` and in Xcode, at their file and line, as SwiftLint's
/// build-tool plugin does. An error (at or above the configuration's `fail_on`) fails the build.
///
/// Apply it to a target: `.target(name: "App", plugins: [.plugin(name: "DigraphBuildPlugin", package: "digraph")])`.
///
/// The whole package is analysed (what other targets register counts), and the findings located in
/// the target's own folder are reported. The check runs again when any Swift file of the package,
/// the manifest or `.digraph.yml` changes.
///
/// SwiftPM runs a build command only for the outputs it declares, and an executable built from
/// source (digraph itself) can only be a build command, not a prebuild one. So the command writes
/// one Swift file into the plugin's work directory (a comment saying what ran; it compiles to
/// nothing), through `/bin/sh`, after digraph has run.
@main
struct DigraphBuildPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let module = target.sourceModule, !module.sourceFiles(withSuffix: "swift").map(\.url).isEmpty else {
            return []
        }
        let package = context.package.directoryURL
        var inputs = context.package.targets.compactMap(\.sourceModule).flatMap { $0.sourceFiles(withSuffix: "swift").map(\.url) }
        inputs.append(package.appendingPathComponent("Package.swift"))
        let configuration = package.appendingPathComponent(".digraph.yml")
        if FileManager.default.fileExists(atPath: configuration.path) { inputs.append(configuration) }
        return [
            Self.command(
                digraph: try context.tool(named: "digraph").url, directory: module.directoryURL, name: target.name,
                workDirectory: context.pluginWorkDirectoryURL, inputs: inputs)
        ]
    }

    /// `sh -c SCRIPT digraph DIRECTORY STAMP WORKDIR`. digraph runs from the work directory, which
    /// no source is under, so every path it prints is absolute (what Xcode needs to place a
    /// finding). Exit 2 (digraph could not run) and exit 1 (findings at or above `fail_on`) fail
    /// the build; the stamp is written only when the build goes on.
    static func command(digraph: URL, directory: URL, name: String, workDirectory: URL, inputs: [URL]) -> Command {
        let stamp = workDirectory.appendingPathComponent("DigraphCheck-\(name).swift")
        let script = """
            cd "$3" || exit 2
            "$0" check "$1" --format xcode --quiet
            status=$?
            [ "$status" -eq 0 ] || exit "$status"
            printf '// digraph check %s: no finding at or above fail_on\\n' "$1" > "$2"
            """
        return .buildCommand(
            displayName: "digraph check \(name)",
            executable: URL(fileURLWithPath: "/bin/sh"),
            arguments: ["-c", script, digraph.path, directory.path, stamp.path, workDirectory.path],
            inputFiles: inputs + [digraph],
            outputFiles: [stamp])
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

/// The same check for a target of an Xcode project (Build Phases > Run Build Tool Plug-ins).
extension DigraphBuildPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let swift = target.inputFiles.filter { $0.url.pathExtension == "swift" }.map(\.url)
        guard let first = swift.first else { return [] }
        // The folder holding all of the target's Swift files.
        var directory = first.deletingLastPathComponent()
        for file in swift.dropFirst() {
            while !file.path.hasPrefix(directory.path + "/") && directory.pathComponents.count > 1 {
                directory.deleteLastPathComponent()
            }
        }
        return [
            Self.command(
                digraph: try context.tool(named: "digraph").url, directory: directory, name: target.displayName,
                workDirectory: context.pluginWorkDirectoryURL, inputs: swift)
        ]
    }
}
#endif
