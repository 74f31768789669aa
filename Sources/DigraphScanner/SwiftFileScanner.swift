import DigraphCore
import SwiftParser
import SwiftSyntax

/// Swift source -> ``FileFacts``. Pure: the same source and path always give the same facts.
public enum SwiftFileScanner {
    public static func scan(source: String, path: String) -> FileFacts {
        let tree = Parser.parse(source: source)
        // Reading every comment costs a walk over all tokens: only when a command can be there.
        return scan(tree: tree, path: path, readSuppressions: source.contains("digraph:"))
    }

    public static func scan(tree: SourceFileSyntax, path: String, readSuppressions: Bool = true) -> FileFacts {
        let state = ScanState(path: path, tree: tree)
        // Registrations first: request extractors need to know which closures are factories.
        let passes: [SyntaxVisitor] = [
            DeclarationCollector(state: state),
            SwinjectRegistrationExtractor(state: state),
            LocatorRegistrationExtractor(state: state),
            ResolveExtractor(state: state),
            DependencyWrapperExtractor(state: state),
            SharedAccessExtractor(state: state),
        ]
        for pass in passes { pass.walk(tree) }
        if readSuppressions { SuppressionCommentExtractor(state: state).walk(tree) }
        return state.facts
    }
}
