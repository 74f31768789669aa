import DigraphCore
import SwiftParser
import SwiftSyntax

/// Swift source -> ``FileFacts``. Pure: the same source and path always give the same facts.
public enum SwiftFileScanner {
    public static func scan(source: String, path: String) -> FileFacts {
        let tree = Parser.parse(source: source)
        // Reading every comment costs a walk over all tokens: only when a command can be there.
        return scan(tree: tree, path: path, readSuppressions: mentionsCommand(source))
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
        let state = ScanState(path: path, tree: tree)
        ExtractorDispatch(state: state).walk(tree)
        if tree.hasError { state.facts.syntaxError = SyntaxErrorFinder.first(in: tree).map { state.location(of: $0) } }
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

    private let state: ScanState

    init(state: ScanState) {
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
        let before = state.siteCount
        _ = swinject.visit(node)
        _ = locator.visit(node)
        _ = resolves.visit(node)
        if state.siteCount == before, let what = DILooking.call(node) { state.unrecognised(what, at: node) }
        return .visitChildren
    }

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        _ = shared.visit(node)
        return .visitChildren
    }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        let before = state.siteCount
        _ = wrappers.visit(node)
        if state.siteCount == before, let what = DILooking.wrapper(node) { state.unrecognised(what, at: node) }
        declarations.visitTopLevel(node)
        return .visitChildren
    }

    override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind {
        declarations.visitImport(node)
        return .skipChildren
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { declarations.visit(node) }
    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { declarations.visit(node) }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { declarations.visit(node) }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { declarations.visit(node) }
    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind { declarations.visit(node) }
    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind { declarations.visit(node) }
}

/// The first node the parser marked missing or unexpected.
enum SyntaxErrorFinder {
    static func first(in tree: SourceFileSyntax) -> Syntax? {
        final class Finder: SyntaxAnyVisitor {
            var found: Syntax?
            override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
                guard found == nil, node.hasError else { return .skipChildren }
                if node.is(UnexpectedNodesSyntax.self) || node.as(TokenSyntax.self)?.presence == .missing {
                    found = node
                    return .skipChildren
                }
                return .visitChildren
            }
        }
        let finder = Finder(viewMode: .all)
        finder.walk(tree)
        return finder.found
    }
}
