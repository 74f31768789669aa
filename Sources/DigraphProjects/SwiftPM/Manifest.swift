import DigraphCore

/// What a `Package.swift` says about its targets, read from its syntax: the parts that decide
/// which files are compiled together.
struct Manifest: Codable {
    struct Target: Codable {
        enum Kind: Codable {
            case regular, executable, test, macro, plugin
            /// `.systemLibrary` and `.binaryTarget`: no Swift sources.
            case sourceless
        }

        var kind: Kind
        var name: String
        var path: String?
        /// nil: every file of the target's folder.
        var sources: [String]?
        var exclude: [String] = []
        var dependencies: [Dependency] = []
        var location: SourceLocation
        /// A part of the declaration was not understood (already noted): its files are unknown.
        var filesUnknown = false
    }

    enum Dependency: Codable {
        /// A string literal or `.byName(name:)`: a target of this package or a product of a dependency.
        case byName(String, SourceLocation)
        case target(String, SourceLocation)
        /// `.product(name:package:)`; `package` nil when omitted (the product's own name).
        case product(name: String, package: String?)
    }

    /// `Package(name:)`, when a literal.
    var name: String?
    var targets: [Target] = []
    /// Product name -> names of its targets.
    var products: [String: [String]] = [:]
    /// Package identity (last path component, lowercased) and explicit `name:` -> relative path, for
    /// `.package(path:)` dependencies.
    var localPackages: [String: String] = [:]
    var notes: [ProgramNote] = []
}
