import DigraphCore
import SwiftParser
import SwiftSyntax

/// Swift source -> ``FileFacts``. Pure: the same source and path always give the same facts.
public enum SwiftFileScanner {
    public static func scan(source: String, path: String) -> FileFacts {
        let tree = Parser.parse(source: source)
        // Reading every comment costs a walk over all tokens: only when a command can be there.
        return scan(tree: tree, path: path, readSuppressions: mentionsCommand(source), styles: StyleGates(source: source))
    }

    /// A byte search for `digraph:`: Foundation's `String.contains` bridges through NSString and
    /// cost more than the search it gates.
    static func mentionsCommand(_ source: String) -> Bool {
        let needle = Array("digraph:".utf8)
        var source = source
        return source.withUTF8 { bytes in
            guard bytes.count >= needle.count else { return false }
            var i = 0
            let last = bytes.count - needle.count
            while i <= last {
                if bytes[i] == needle[0] {
                    var j = 1
                    while j < needle.count && bytes[i + j] == needle[j] { j += 1 }
                    if j == needle.count { return true }
                }
                i += 1
            }
            return false
        }
    }

    public static func scan(tree: SourceFileSyntax, path: String, readSuppressions: Bool = true) -> FileFacts {
        scan(tree: tree, path: path, readSuppressions: readSuppressions, styles: .all)
    }

    static func scan(tree: SourceFileSyntax, path: String, readSuppressions: Bool, styles: StyleGates) -> FileFacts {
        let state = ScanState(path: path, tree: tree)
        ExtractorDispatch(state: state, styles: styles).walk(tree)
        if readSuppressions { SuppressionCommentExtractor(state: state).walk(tree) }
        return state.facts
    }
}

/// Runs every extractor in one walk over the tree instead of one walk each.
///
/// The walk is pre-order, so a `register` call is seen before the closures it contains and the
/// factory marks exist before any resolve inside them is attributed; and a declaration is seen
/// before its members. Children are always visited: one extractor skipping a subtree must not
/// hide it from the others.
final class ExtractorDispatch: SyntaxVisitor {
    private let declarations: DeclarationCollector
    private let swinject: SwinjectRegistrationExtractor
    private let locator: LocatorRegistrationExtractor
    private let resolves: ResolveExtractor
    private let wrappers: DependencyWrapperExtractor
    private let shared: SharedAccessExtractor
    // Member-keyed styles, nil when the file never spells their keywords (see ``StyleGates``).
    private let factoryDeclarations: FactoryDeclarationExtractor?
    private let factoryRequests: FactoryRequestExtractor?
    private let dependencyKeys: DependencyKeyExtractor?
    private let dependencyRequests: DependencyRequestExtractor?
    private let environments: EnvironmentExtractor?
    private let state: ScanState
    private let readsAliases: Bool

    init(state: ScanState, styles: StyleGates) {
        factoryDeclarations = styles.factory ? FactoryDeclarationExtractor(state: state) : nil
        factoryRequests = styles.factory ? FactoryRequestExtractor(state: state) : nil
        dependencyKeys = styles.dependencies ? DependencyKeyExtractor(state: state) : nil
        dependencyRequests = styles.dependencies ? DependencyRequestExtractor(state: state) : nil
        environments = styles.environments ? EnvironmentExtractor(state: state) : nil
        readsAliases = styles.factory || styles.dependencies || styles.environments
        self.state = state
        declarations = DeclarationCollector(state: state)
        swinject = SwinjectRegistrationExtractor(state: state)
        locator = LocatorRegistrationExtractor(state: state)
        resolves = ResolveExtractor(state: state)
        wrappers = DependencyWrapperExtractor(state: state)
        shared = SharedAccessExtractor(state: state)
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        _ = swinject.visit(node)
        _ = locator.visit(node)
        _ = resolves.visit(node)
        factoryRequests?.visit(node)
        dependencyRequests?.visit(node)
        environments?.visit(node)
        return .visitChildren
    }

    override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind {
        if readsAliases { EnvironmentExtractor.visit(node, state: state) }
        return .visitChildren
    }

    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        environments?.visit(node)
        return .visitChildren
    }

    override func visit(_ node: SubscriptCallExprSyntax) -> SyntaxVisitorContinueKind {
        dependencyRequests?.visit(node)
        return .visitChildren
    }

    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        dependencyRequests?.visitSequence(node)
        return .visitChildren
    }

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        _ = shared.visit(node)
        return .visitChildren
    }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        _ = wrappers.visit(node)
        declarations.visitTopLevel(node)
        factoryDeclarations?.visit(node)
        factoryRequests?.visit(node)
        dependencyRequests?.visit(node)
        return .visitChildren
    }

    override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind {
        declarations.visitImport(node)
        return .skipChildren
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { group(node) { declarations.visit(node) } }
    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { group(node) { declarations.visit(node) } }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { group(node) { declarations.visit(node) } }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { group(node) { declarations.visit(node) } }
    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        environments?.visit(node)
        return group(node) { declarations.visit(node) }
    }
    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind { group(node) { declarations.visit(node) } }

    /// A type or extension: the declarations first, then the styles that read whole groups.
    private func group(
        _ node: some DeclGroupSyntax, _ declarations: () -> SyntaxVisitorContinueKind
    ) -> SyntaxVisitorContinueKind {
        let next = declarations()
        dependencyKeys?.visitType(node)
        return next
    }
}
