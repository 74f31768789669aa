import DigraphCore
import SwiftParser
import SwiftSyntax

/// The local plugins a Tuist configuration names: `Config(plugins: [.local(path:
/// .relativeToRoot("Tuist/Plugins/DependencyPlugin"))])` in `Tuist/Config.swift` or `Tuist.swift`
/// (TeamOne keeps its plugins under `Tuist/Plugins`, not at the root where they usually are). A
/// path digraph cannot read (a variable, a Git plugin) is left out: its helpers stay unread and
/// the manifests that use them say so where they do. A configuration that does not parse stops
/// the scan, as it stops Tuist.
enum TuistConfigPlugins {
    static func localPaths(root: String, currentDirectory: String) throws(ProjectError) -> [String] {
        var paths: [String] = []
        for config in [root + "/Tuist/Config.swift", root + "/Tuist.swift"] where FileSystem.isFile(config) {
            let display = FilePath.display(config, currentDirectory: currentDirectory)
            let text = try FileSystem.read(config, display: display)
            let tree = Parser.parse(source: text)
            try ManifestReader.rejectSyntaxErrors(
                in: tree, converter: SourceLocationConverter(fileName: display, tree: tree), file: display)
            let folder = FilePath.parent(config)
            for call in LocalPluginCalls(tree).paths {
                switch call {
                case .root(let relative): paths.append(FilePath.join(root, relative))
                case .manifest(let relative): paths.append(FilePath.join(folder, relative))
                }
            }
        }
        return paths
    }

    private enum PluginPath {
        case root(String)
        case manifest(String)
    }

    /// `.local(path: …)` anywhere in the configuration.
    private final class LocalPluginCalls: SyntaxVisitor {
        var paths: [PluginPath] = []

        init(_ tree: SourceFileSyntax) {
            super.init(viewMode: .sourceAccurate)
            walk(tree)
        }

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            guard let member = node.calledExpression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "local",
                let argument = node.arguments.first(where: { $0.label?.text == "path" })?.expression
            else { return .visitChildren }
            if let literal = Self.string(argument) {
                paths.append(.manifest(literal))
            } else if let call = argument.as(FunctionCallExprSyntax.self),
                let kind = call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text,
                let literal = call.arguments.first.flatMap({ Self.string($0.expression) })
            {
                if kind == "relativeToRoot" { paths.append(.root(literal)) }
                if kind == "relativeToManifest" || kind == "relativeToCurrentFile" { paths.append(.manifest(literal)) }
            }
            return .skipChildren
        }

        private static func string(_ expr: ExprSyntax) -> String? {
            expr.as(StringLiteralExprSyntax.self)?.representedLiteralValue
        }
    }
}
