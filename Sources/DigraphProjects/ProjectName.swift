import Foundation

/// What a person calls the project in a folder, for titles (the explorer's page was titled "."):
/// its Xcode workspace or project, else its package's name, else the folder's own name.
public enum ProjectName {
    /// `path`: a folder or a file, relative to `currentDirectory`.
    public static func of(_ path: String, currentDirectory: URL) -> String {
        let url = URL(fileURLWithPath: path, relativeTo: currentDirectory).standardizedFileURL
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            return url.lastPathComponent
        }
        let entries = ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
        for suffix in [".xcworkspace", ".xcodeproj"] {
            let named = entries.filter { $0.hasSuffix(suffix) && $0 != "project" + suffix }
            if named.count == 1 { return String(named[0].dropLast(suffix.count)) }
        }
        if entries.contains("Package.swift"),
            let source = try? String(contentsOf: url.appendingPathComponent("Package.swift"), encoding: .utf8),
            let name = try? ManifestReader.read(source: source, file: "Package.swift").name, !name.isEmpty
        {
            return name
        }
        return url.lastPathComponent.isEmpty ? path : url.lastPathComponent
    }
}
