import Foundation

/// rules_swift_package_manager's `swift_deps_index.json`: the repositories it makes for local
/// Swift packages (`@swiftpkg_sdk//:SDK` is the product `SDK` of the `Package.swift` in `SDK/`).
enum SwiftPackageIndex {
    /// Repository name -> absolute folder of the local package.
    static func localPackages(root: String) -> [String: String] {
        let path = root + "/swift_deps_index.json"
        guard FileSystem.isFile(path), let text = try? FileSystem.read(path, display: path),
              let json = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
              let packages = json["packages"] as? [[String: Any]]
        else { return [:] }
        var out: [String: String] = [:]
        for package in packages {
            guard let name = package["name"] as? String, let local = package["local"] as? [String: Any],
                  let relative = local["path"] as? String
            else { continue }
            out[name] = FilePath.normalize(FilePath.join(root, relative))
        }
        return out
    }
}
