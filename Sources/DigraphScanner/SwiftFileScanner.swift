import DigraphCore
import SwiftParser
@_spi(RawSyntax) import SwiftSyntax

/// Swift source -> ``FileFacts``. Pure: the same source and path always give the same facts.
///
/// Never a crash on deep input: a file nesting deeper than ``SwiftNesting`` allows is not parsed,
/// a tree deeper than ``SwiftNesting/treeDepthLimit`` is not walked; both give facts with only
/// ``FileFacts/notAnalysed`` set. Recursion in the parser and the walks follows the input's
/// nesting, so call this on a thread with a ``LargeStack`` (``ProjectScanner`` does).
public enum SwiftFileScanner {
    public static func scan(source: String, path: String) -> FileFacts {
        if let tooDeep = SwiftNesting.check(source) { return notAnalysed(path: path, tooDeep) }
        let tree = parse(source)
        if let tooDeep = SyntaxDepth.exceeds(tree, limit: SwiftNesting.treeDepthLimit) {
            return notAnalysed(path: path, tooDeep)
        }
        let imports = FileImports.read(tree)
        let spellings = Spellings(source)
        // Reading every comment costs a walk over all tokens: only when a command can be there.
        return scan(
            tree: tree, path: path, spellings: spellings, libraries: LibraryMentions.find(spellings, imports: imports),
            imports: imports, source: source)
    }

    /// SwiftParser with the same nesting level in debug and release builds.
    static func parse(_ source: String) -> SourceFileSyntax {
        var source = source
        return source.withUTF8 { Parser.parse(source: $0, maximumNestingLevel: SwiftNesting.parserNestingLevel) }
    }

    static func notAnalysed(path: String, _ tooDeep: SwiftNesting.TooDeep) -> FileFacts {
        var facts = FileFacts(file: path)
        facts.notAnalysed = FileNote(
            location: SourceLocation(file: path, line: tooDeep.line, column: tooDeep.column), message: tooDeep.message)
        return facts
    }

    public static func scan(tree: SourceFileSyntax, path: String, readSuppressions: Bool = true) -> FileFacts {
        let imports = FileImports.read(tree)
        var spellings = Spellings(tree.description)
        if readSuppressions { spellings.insert(Spellings.command) }
        return scan(
            tree: tree, path: path, spellings: spellings, libraries: LibraryMentions.find(spellings, imports: imports),
            imports: imports)
    }

    private static func scan(
        tree: SourceFileSyntax, path: String, spellings: Spellings, libraries: LibraryMentions, imports: Set<String>,
        source: String? = nil
    ) -> FileFacts {
        ScanMemo.$current.withValue(ScanMemo()) {
            let state = ScanState(
                path: path, tree: tree, imports: imports, libraries: libraries, spellings: spellings, source: source)
            let dispatch = ExtractorDispatch(state: state)
            dispatch.walk(tree)
            TestRunReader.assign(state, tree: tree)
            if tree.hasError { state.facts.syntaxError = SyntaxErrorFinder.first(in: tree).map { state.location(of: $0) } }
            dispatch.finish()
            RegisteringFunctions.record(state, tree: tree)
            if spellings.contains(Spellings.command) { SuppressionCommentExtractor(state: state).walk(tree) }
            return state.facts
        }
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
    /// Libraries the file may use (see ``LibraryMentions``); nil when it cannot.
    private let autoregistration: AutoregistrationExtractor?
    private let resolveOperator: ResolveOperatorExtractor?
    private let resolverRegistrations: ResolverRegistrationExtractor?
    private let resolverRequests: ResolverRequestExtractor?
    private let dip: DipExtractor?
    private let ditranquillity: DITranquillityExtractor?
    private let needle: NeedleExtractor
    private let weaver: WeaverExtractor?
    /// A project's own locator: read everywhere, settled by the linker.
    private let locatorMethods: LocatorMethodReader
    private let provisionalLocatorCalls: ProvisionalLocatorCallExtractor

    private let state: ScanState
    private var designTime = DesignTimeCode()

    // Member-keyed styles, nil when the file never spells their keywords.
    private let factoryDeclarations: FactoryDeclarationExtractor?
    private let factoryRequests: FactoryRequestExtractor?
    private let dependencyKeys: DependencyKeyExtractor?
    private let dependencyRequests: DependencyRequestExtractor?
    private let environments: EnvironmentExtractor?
    // Hand-written composition: factories and containers by name when the file names one, by
    // shape everywhere; protocol requirements and assignments everywhere (cheap), injectors when
    // the file spells them.
    private let composition: CompositionExtractor
    private let injectors: InjectorExtractor
    private let readsInjectors: Bool
    /// Files that can hold a type-keyed container pass it to helper functions.
    private let recordsContainerArguments: Bool

    init(state: ScanState) {
        let libraries = state.libraries
        factoryDeclarations = libraries.contains(.factory) ? FactoryDeclarationExtractor(state: state) : nil
        factoryRequests = libraries.contains(.factory) ? FactoryRequestExtractor(state: state) : nil
        dependencyKeys = libraries.contains(.dependencies) ? DependencyKeyExtractor(state: state) : nil
        dependencyRequests = libraries.contains(.dependencies) ? DependencyRequestExtractor(state: state) : nil
        environments = libraries.contains(.environments) ? EnvironmentExtractor(state: state) : nil
        composition = CompositionExtractor(state: state, readsNamedOwners: libraries.contains(.composition))
        injectors = InjectorExtractor(state: state)
        readsInjectors = libraries.contains(.injection)
        recordsContainerArguments = !libraries.isDisjoint(with: [.containerNames, .autoregistration, .resolver, .dip])
        self.state = state
        declarations = DeclarationCollector(state: state)
        state.facts.importsSwinject = state.imports.contains { $0 == "Swinject" || $0.hasPrefix("Swinject") }
        swinject = SwinjectRegistrationExtractor(state: state)
        autoregistration =
            libraries.contains(.autoregistration) ? AutoregistrationExtractor(state: state, swinject: swinject) : nil
        resolveOperator = libraries.contains(.autoregistration) ? ResolveOperatorExtractor(state: state) : nil
        resolverRegistrations = libraries.contains(.resolver) ? ResolverRegistrationExtractor(state: state) : nil
        resolverRequests = libraries.contains(.resolver) ? ResolverRequestExtractor(state: state) : nil
        dip = libraries.contains(.dip) ? DipExtractor(state: state) : nil
        ditranquillity = libraries.contains(.ditranquillity) ? DITranquillityExtractor(state: state) : nil
        needle = NeedleExtractor(state: state, importsNeedle: libraries.contains(.needle))
        weaver = libraries.contains(.weaver) ? WeaverExtractor(state: state) : nil
        locatorMethods = LocatorMethodReader(state: state)
        provisionalLocatorCalls = ProvisionalLocatorCallExtractor(state: state)
        locator = LocatorRegistrationExtractor(state: state)
        resolves = ResolveExtractor(state: state)
        wrappers = DependencyWrapperExtractor(state: state)
        shared = SharedAccessExtractor(state: state)
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        let before = state.siteCount
        // Library extractors first: they claim their calls from the generic ones below.
        resolverRegistrations?.visit(node)
        resolverRequests?.visit(node)
        dip?.visit(node)
        ditranquillity?.visit(node)
        autoregistration?.visit(node)
        _ = swinject.visit(node)
        _ = locator.visit(node)
        _ = resolves.visit(node)
        factoryRequests?.visit(node)
        dependencyRequests?.visit(node)
        environments?.visit(node)
        composition.visit(node)
        if readsInjectors { injectors.visit(node) }
        // Last: only what no extractor above took may be a project's own locator call.
        provisionalLocatorCalls.visit(node)
        if state.siteCount == before, let name = state.calledName(node), let what = DILooking.call(node, name: name),
            !TypeNaming.passesOwnMetatype(node)
        {
            state.unrecognised(what, at: node, opens: DILooking.opens(node, name: name))
        }
        if recordsContainerArguments, !state.isClaimed(node) { ContainerReceiver.recordArguments(of: node, state: state) }
        // `Resolver.registerMocks()`, `setUpDependencies()`: where helpers that register run.
        if let name = state.calledName(node), name != "register", SetupCallFact.isSetupName(name) {
            state.facts.setupCalls.append(SetupCallFact(name: name, location: state.location(of: node)))
        }
        return .visitChildren
    }

    override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind {
        // Every file: `typealias LocationsManagerType = LocationsManager` lets a type-keyed
        // resolve spell another name for what is registered (and aliases are rare).
        EnvironmentExtractor.visit(node, state: state)
        return .visitChildren
    }

    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        environments?.visit(node)
        return .visitChildren
    }

    override func visit(_ node: SubscriptCallExprSyntax) -> SyntaxVisitorContinueKind {
        provisionalLocatorCalls.visit(node)
        dependencyRequests?.visit(node)
        return .visitChildren
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        locatorMethods.visit(node)
        if readsInjectors { injectors.visit(node) }
        return .visitChildren
    }

    override func visit(_ node: SubscriptDeclSyntax) -> SyntaxVisitorContinueKind {
        locatorMethods.visit(node)
        return .visitChildren
    }

    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        resolveOperator?.visit(node)
        resolverRegistrations?.visit(node)
        if factoryDeclarations != nil { FactoryDefaultScopeReader.visit(node, state: state) }
        dependencyRequests?.visitSequence(node)
        injectors.visit(node)
        return .visitChildren
    }

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        _ = shared.visit(node)
        weaver?.visit(node)
        dependencyRequests?.visit(node)
        return .visitChildren
    }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        if node.parent?.is(CodeBlockItemSyntax.self) == true { state.reachedStatement(node) }
        let before = state.siteCount
        let requestsBefore = (state.facts.requests.count, state.facts.members.requests.count, state.facts.wrappedProperties.count)
        _ = wrappers.visit(node)
        resolverRequests?.visit(node)
        dip?.visit(node)
        factoryDeclarations?.visit(node)
        factoryRequests?.visit(node)
        dependencyRequests?.visit(node)
        provisionalLocatorCalls.visit(node)
        if state.siteCount == before, let what = DILooking.wrapper(node) { state.unrecognised(what, at: node) }
        if state.siteCount != before { UnreadWrappedProperty.mark(node, requestsFrom: requestsBefore, state: state) }
        declarations.visitTopLevel(node)
        return .visitChildren
    }

    override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind {
        declarations.visitImport(node)
        return .skipChildren
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        locatorMethods.visitPropertyWrapper(node, name: node.name.text, generics: node.genericParameterClause)
        needle.visit(node)
        return group(node) { declarations.visit(node) }
    }
    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        locatorMethods.visitPropertyWrapper(node, name: node.name.text, generics: node.genericParameterClause)
        if DesignTimeCode.isPreview(node) { designTime.enter(state) }
        return group(node) { declarations.visit(node) }
    }
    override func visitPost(_ node: StructDeclSyntax) {
        if DesignTimeCode.isPreview(node) { designTime.leave(state) }
        leaveType(node)
    }
    override func visitPost(_ node: ClassDeclSyntax) { leaveType(node) }
    override func visitPost(_ node: EnumDeclSyntax) { leaveType(node) }
    override func visitPost(_ node: ActorDeclSyntax) { leaveType(node) }
    override func visit(_ node: MacroExpansionDeclSyntax) -> SyntaxVisitorContinueKind {
        if DesignTimeCode.isPreview(node.macroName) { designTime.enter(state) }
        return .visitChildren
    }
    override func visitPost(_ node: MacroExpansionDeclSyntax) {
        if DesignTimeCode.isPreview(node.macroName) { designTime.leave(state) }
    }
    override func visit(_ node: MacroExpansionExprSyntax) -> SyntaxVisitorContinueKind {
        if DesignTimeCode.isPreview(node.macroName) { designTime.enter(state) }
        return .visitChildren
    }
    override func visitPost(_ node: MacroExpansionExprSyntax) {
        if DesignTimeCode.isPreview(node.macroName) { designTime.leave(state) }
    }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { group(node) { declarations.visit(node) } }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { group(node) { declarations.visit(node) } }
    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        environments?.visit(node)
        needle.visit(node)
        injectors.visit(node)
        return group(node) { declarations.visit(node) }
    }
    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        needle.visit(node)
        extensionSitesBefore[node.id] = state.understoodSiteCount
        return group(node) { declarations.visit(node) }
    }
    /// `extension CalendarAssembly { func assembleTodo(…) { container.register(…) } }`: sites read
    /// in an extension understand the type as well as sites in its body.
    override func visitPost(_ node: ExtensionDeclSyntax) {
        guard let before = extensionSitesBefore.removeValue(forKey: node.id), state.understoodSiteCount > before else { return }
        let what = "type \(TypeName.lastComponent(node.extendedType.trimmedDescription))"
        state.facts.unrecognised.removeAll { $0.what == what }
    }

    // Subtrees that hold none of the nodes above: a name, a type, a modifier, a literal without
    // interpolation. Not descending into them spares a fifth of the walk's nodes (their tokens).
    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: IdentifierPatternSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: DeclModifierSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: MemberTypeSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: OptionalTypeSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: ImplicitlyUnwrappedOptionalTypeSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: ArrayTypeSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: DictionaryTypeSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: IntegerLiteralExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: FloatLiteralExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: BooleanLiteralExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: StringSegmentSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

    /// A type or extension: the declarations first, then the styles that read whole groups.
    private func group(
        _ node: some DeclGroupSyntax, _ declarations: () -> SyntaxVisitorContinueKind
    ) -> SyntaxVisitorContinueKind {
        let namesBefore = state.facts.unrecognised.count
        let next = declarations()
        // A DI-looking type name (`CalendarAssembly`) is noted as unread until a site is read
        // inside it: then it was understood, whatever style its body is written in.
        if state.facts.unrecognised.count > namesBefore, let note = state.facts.unrecognised.last, note.namesAType {
            typesAwaitingSites[node.id] = (note, state.understoodSiteCount)
        }
        dependencyKeys?.visitType(node)
        if let weaver, !node.is(ProtocolDeclSyntax.self), let name = TypeNaming.declaredName(of: Syntax(node)) {
            weaver.visitType(node, name: name)
        }
        composition.visitType(node)
        return next
    }

    private var extensionSitesBefore: [SyntaxIdentifier: Int] = [:]
    /// A type noted as DI-looking: its note and the count of sites read before its body.
    private var typesAwaitingSites: [SyntaxIdentifier: (note: UnrecognisedSite, sites: Int)] = [:]

    /// Leaving a type: its DI-looking-name note goes when a site was read inside it.
    private func leaveType(_ node: some SyntaxProtocol) {
        guard let awaiting = typesAwaitingSites.removeValue(forKey: node.id), state.understoodSiteCount > awaiting.sites else { return }
        state.facts.unrecognised.removeAll { $0 == awaiting.note }
    }

    /// After the walk: what the extractors gathered over the whole file.
    func finish() { injectors.finish() }
}

/// How deep a syntax tree goes, measured without recursion (the walks that follow recurse).
enum SyntaxDepth {
    /// Nil when no node is deeper than `limit`; else where the first such node starts.
    ///
    /// Measured on the raw tree (layouts and their children, no `Syntax` node made per child):
    /// a tenth of a cold run went into the node-by-node version. Only a tree that is too deep is
    /// walked again, node by node, to say where.
    static func exceeds(_ tree: SourceFileSyntax, limit: Int) -> SwiftNesting.TooDeep? {
        // No node is deeper than the tree has nodes: the end-of-file token is the last node in
        // pre-order, so its index is the count (less one). Most files have fewer nodes than the
        // limit and are not walked at all.
        guard Int(tree.endOfFileToken.id.indexInTree.toOpaque()) + 1 > limit else { return nil }
        guard rawDepthExceeds(tree.raw, limit: limit) else { return nil }
        var stack: [(Syntax, Int)] = [(Syntax(tree), 1)]
        while let (node, depth) = stack.popLast() {
            if depth + 1 > limit {
                let location = node.startLocation(converter: SourceLocationConverter(fileName: "", tree: tree))
                return SwiftNesting.TooDeep(kind: .syntaxTree, limit: limit, line: location.line, column: location.column)
            }
            for child in node.children(viewMode: .sourceAccurate) where !child.is(TokenSyntax.self) {
                stack.append((child, depth + 1))
            }
        }
        return nil
    }

    /// Tokens are leaves, one level below their parent: only layout nodes count.
    private static func rawDepthExceeds(_ root: RawSyntax, limit: Int) -> Bool {
        var stack: [(RawSyntax, Int)] = [(root, 1)]
        stack.reserveCapacity(256)
        while let (node, depth) = stack.popLast() {
            if depth + 1 > limit { return true }
            guard let layout = node.layoutView else { continue }
            for child in layout.children {
                guard let child, !child.isToken else { continue }
                stack.append((child, depth + 1))
            }
        }
        return false
    }
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
