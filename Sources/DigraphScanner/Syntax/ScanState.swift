import DigraphCore
import SwiftSyntax

/// What the extractors of one file share while they run: the facts so far, positions, and the
/// factory closures registration extractors found (so request extractors can attribute the
/// resolves inside them).
final class ScanState {
    let path: String
    /// Built on the first location asked for (see ``LineTable``), from the source text when the
    /// scan was given it.
    private(set) lazy var converter = source.map(LineTable.init(text:)) ?? LineTable(tree.syntaxTextBytes)
    private let tree: SourceFileSyntax

    /// How often each identifier (and `$x`) is spelled in a type's declaration: counted once per
    /// type, when a wrapped property asks whether anything reads it (see ``UnreadWrappedProperty``).
    private var identifierCountsByDecl: [SyntaxIdentifier: [String: Int]] = [:]

    func identifierCounts(in decl: some SyntaxProtocol) -> [String: Int] {
        if let known = identifierCountsByDecl[decl.id] { return known }
        var counts: [String: Int] = [:]
        for token in decl.tokens(viewMode: .sourceAccurate) {
            switch token.tokenKind {
            case .identifier(let text), .dollarIdentifier(let text): counts[text, default: 0] += 1
            default: continue
            }
        }
        identifierCountsByDecl[decl.id] = counts
        return counts
    }
    private let source: String?
    /// What the file spells (see ``Spellings``).
    let spellings: Spellings
    /// Whether the file spells an `NSMapTable` option keeping weak values (see
    /// ``DeclarationCollector``): not a walk over every property's value.
    var mentionsWeakTables: Bool { spellings.contains(Spellings.weakMemory) || spellings.contains(Spellings.weakObjects) }
    /// Whether the file spells `Assembly`, `Assembler`, `assemblies` (see ``AssemblyConstructions``):
    /// instead of a look at every call's name.
    var mentionsAssemblies: Bool { spellings.contains(Spellings.assemblies) }
    /// Whether the file spells `Injected`: every property wrapper of the Factory library does
    /// (`@Injected`, `@LazyInjected`, …).
    var mentionsInjected: Bool { spellings.contains(Spellings.injected) }
    /// The file may give swift-dependencies values: a scoping call, or `DependencyValues` named.
    var mentionsDependencyValues: Bool { Spellings.dependencyValuesGiven.contains(where: spellings.contains) }
    var facts: FileFacts
    /// Closure node -> the registration whose factory (or `initCompleted`) it is.
    private(set) var factoryClosures: [SyntaxIdentifier: FactoryClosure] = [:]
    /// `let entry = container.register(…)`: the registration a local variable holds, keyed by the
    /// declaring scope and the name, so later `entry.inObjectScope(…)` and
    /// `container.forward(P.self, to: entry)` apply to it.
    var registrationVariables: [String: Int] = [:]
    /// Modules imported at the top of the file.
    let imports: Set<String>
    /// Container libraries the file may use (see ``LibraryMentions``).
    let libraries: LibraryMentions
    /// Calls a library's own extractor has taken: the generic Swinject and resolve extractors,
    /// which run after, leave them alone.
    private(set) var claimedCalls: Set<SyntaxIdentifier> = []

    /// Closure node -> the member-keyed service it builds (a Factory library closure), and
    /// whether it is only an alternative build for tests or previews (`.onTest { … }`).
    private(set) var memberClosures: [SyntaxIdentifier: MemberClosure] = [:]

    struct MemberClosure {
        var serviceID: String
        var isAlternative: Bool
    }

    func markMemberClosure(_ closure: ClosureExprSyntax, serviceID: String, isAlternative: Bool) {
        memberClosures[closure.id] = MemberClosure(serviceID: serviceID, isAlternative: isAlternative)
    }

    func memberClosure(for closure: ClosureExprSyntax) -> MemberClosure? { memberClosures[closure.id] }

    struct FactoryClosure {
        var registrationIndex: Int
        var registry: Registry
        /// `initCompleted` runs after the instance exists: its resolves are deferred.
        var isCompletion: Bool
    }

    init(
        path: String, tree: SourceFileSyntax, imports: Set<String>, libraries: LibraryMentions, spellings: Spellings,
        source: String? = nil
    ) {
        self.path = path
        self.spellings = spellings
        self.tree = tree
        self.source = source
        self.facts = FileFacts(file: path)
        self.imports = imports
        self.libraries = libraries
    }

    func claim(_ call: FunctionCallExprSyntax) { claimedCalls.insert(call.id) }

    /// The names `let`/`var` statements bind among the statements the walk has reached, and the
    /// file's globals: a name outside it has no binding ``LocalBinding/find(_:at:)`` could return
    /// for code where the walk is (a binding it sees ends before that code, so the walk, in
    /// order, has passed it; a global may be declared later, so all are in from the start).
    private(set) lazy var boundNames: Set<String> = {
        var names: Set<String> = []
        for item in tree.statements {
            if let variable = item.item.as(VariableDeclSyntax.self) { Self.insertNames(of: variable, into: &names) }
        }
        return names
    }()

    /// A `let`/`var` statement the walk reached.
    func reachedStatement(_ variable: VariableDeclSyntax) {
        Self.insertNames(of: variable, into: &boundNames)
    }

    private static func insertNames(of variable: VariableDeclSyntax, into names: inout Set<String>) {
        for binding in variable.bindings {
            if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text { names.insert(name) }
        }
    }

    /// The name the call invokes (``ExpressionReading/calledName(_:)``), read once for all the
    /// extractors that ask it of the call the walk is at.
    func calledName(_ call: FunctionCallExprSyntax) -> String? {
        let id = call.id
        if let calledNameMemo, calledNameMemo.call == id { return calledNameMemo.name }
        let name = ExpressionReading.calledName(call)
        calledNameMemo = (id, name)
        return name
    }

    private var calledNameMemo: (call: SyntaxIdentifier, name: String?)?
    func isClaimed(_ call: FunctionCallExprSyntax) -> Bool { !claimedCalls.isEmpty && claimedCalls.contains(call.id) }

    /// Every registration a reader makes comes in here, with the type it is written in.
    func appendRegistration(_ fact: RegistrationFact, at node: some SyntaxProtocol) {
        var fact = fact
        fact.enclosingType = TypeNaming.enclosingName(of: node)
        facts.registrations.append(fact)
    }

    /// A registration keyed by the construction its factory gives (`register { Impl(…) }`): what
    /// its arguments say of the generic arguments the compiler infers, when they say anything.
    func noteGenericConstruction(_ closure: ClosureExprSyntax, registers type: String, at call: some SyntaxProtocol) {
        if let fact = FactoryProduct.genericConstruction(closure, of: type, at: location(of: call)) {
            facts.genericConstructions.append(fact)
        }
    }

    /// ``noteGenericConstruction(_:registers:at:)`` of a value registered as it is.
    func noteGenericConstruction(value: ExprSyntax, registers type: String, at call: some SyntaxProtocol) {
        if let fact = FactoryProduct.genericConstruction(value: value, of: type, at: location(of: call)) {
            facts.genericConstructions.append(fact)
        }
    }

    func location(of node: some SyntaxProtocol) -> DigraphCore.SourceLocation {
        let loc = converter.location(for: node.positionAfterSkippingLeadingTrivia)
        return DigraphCore.SourceLocation(file: path, line: loc.line, column: loc.column)
    }

    func markFactory(_ closure: ClosureExprSyntax, registration: Int, registry: Registry, isCompletion: Bool) {
        factoryClosures[closure.id] = FactoryClosure(
            registrationIndex: registration, registry: registry, isCompletion: isCompletion)
    }

    func factory(for closure: ClosureExprSyntax) -> FactoryClosure? { factoryClosures[closure.id] }

    /// Registrations, requests and unanalyzable sites so far: unchanged across a node's extractors
    /// means none of them read it.
    /// Facts of calls that are sites only if a locator method turns out to take them (a value
    /// handed to `x.register(…)`): the call itself was read, but they are no sign that the type
    /// around them was understood (see ``understoodSiteCount``).
    var speculativeSites = 0

    /// Sites read, less the speculative ones: what says a DI-looking type was understood.
    var understoodSiteCount: Int { siteCount - speculativeSites }

    var siteCount: Int {
        facts.registrations.count + facts.requests.count + facts.unanalyzable.count + facts.provisionalLocatorCalls.count
            + facts.initializerRequests.count + facts.untypedRegistrations.count + facts.wrappedProperties.count
            + facts.members.services.count + facts.members.requests.count + facts.members.assignments.count
            + facts.weaver.annotations.count
            + facts.composition.members.count + facts.composition.requests.count + facts.composition.injectors.count
            + facts.composition.injections.count
    }

    func unrecognised(_ what: String, at node: some SyntaxProtocol, opens: OpenKeys? = nil) {
        facts.unrecognised.append(UnrecognisedSite(what: what, location: location(of: node), opens: opens))
    }

    /// A resolve whose type nothing around it says (`.formatted(Resolver.resolve())`, a parameter
    /// of a function not in the sources): said as unanalyzable, and an unread request, so no
    /// registration of its program is said to be unused (it may be the one asked for).
    func untypedResolve(_ message: String, at node: some SyntaxProtocol) {
        unanalyzable(message, service: nil, at: node)
        unrecognised("resolve()", at: node)
    }

    func unanalyzable(
        _ message: String, service: String?, at node: some SyntaxProtocol, opens: OpenKeys? = nil,
        containerInstance: String? = nil
    ) {
        facts.unanalyzable.append(
            UnanalyzableFact(
                message: message, service: service, location: location(of: node), opens: opens,
                containerInstance: containerInstance))
    }
}
