import DigraphCore
import SwiftSyntax

/// Where a dependency is obtained, read from the syntax around it: who asks, and whether it
/// happens while the requester is being built (eager) or later (deferred).
struct SiteContext {
    var requester: Requester
    var timing: Timing
    var retained: Bool
    /// How the site obtains the dependency, when the position says more than the call does
    /// (`initializer` for an init's default argument, `property` for a stored property's value).
    var positionalVia: Via?
    /// Set when the site is inside a registration's factory or `initCompleted` closure.
    var factory: ScanState.FactoryClosure?
    /// The factory closure itself, to tell values the product keeps from values it only uses.
    var factoryClosure: ClosureExprSyntax? = nil

    static func of(_ node: some SyntaxProtocol, in state: ScanState) -> SiteContext {
        var crossedClosure = false
        var timing: Timing?
        var retained = false
        var via: Via?
        var current: Syntax? = Syntax(node)

        func settle(_ t: Timing, keeps: Bool, _ v: Via?) {
            guard timing == nil else { return }
            if crossedClosure {
                timing = .deferred
                retained = false
            } else {
                timing = t
                retained = keeps
            }
            via = v
        }

        while let n = current {
            if let closure = n.as(ClosureExprSyntax.self) {
                if let factory = state.factory(for: closure) {
                    let eager = !crossedClosure && !factory.isCompletion
                    return SiteContext(
                        requester: .registration(factory.registrationIndex), timing: eager ? .eager : .deferred,
                        retained: !crossedClosure, positionalVia: nil, factory: factory, factoryClosure: closure)
                }
                if let member = state.memberClosure(for: closure) {
                    // Built when the service is resolved; an alternative build only in tests or previews.
                    let eager = !crossedClosure && !member.isAlternative
                    return SiteContext(
                        requester: .service(member.serviceID), timing: eager ? .eager : .deferred,
                        retained: !crossedClosure && !member.isAlternative, positionalVia: nil, factory: nil,
                        factoryClosure: closure)
                }
                crossedClosure = true
            } else if let param = n.as(FunctionParameterSyntax.self), timing == nil {
                let isInit = param.parent?.parent?.parent?.parent?.is(InitializerDeclSyntax.self) == true
                if isInit { settle(.eager, keeps: true, .initializer) } else { settle(.deferred, keeps: false, .method) }
            } else if n.is(InitializerDeclSyntax.self) {
                // Only an initializer's body asks whether the value is stored: walk for it only then.
                settle(.eager, keeps: isAssignedOrStored(Syntax(node)), nil)
            } else if n.is(FunctionDeclSyntax.self) || n.is(AccessorBlockSyntax.self) || n.is(DeinitializerDeclSyntax.self)
                || n.is(SubscriptDeclSyntax.self)
            {
                settle(.deferred, keeps: false, nil)
            } else if let variable = n.as(VariableDeclSyntax.self), variable.parent?.is(MemberBlockItemSyntax.self) == true {
                if Self.isStaticBesideInstance(variable, holding: node) {
                    // winston's `static let router = Nav.shared.activeRouter`: a static is made when
                    // it is first read, not with an instance; only the shared instance's own
                    // value builds the type's instance.
                    settle(.deferred, keeps: false, .property)
                } else {
                    let isLazy = variable.modifiers.contains { $0.name.text == "lazy" }
                    settle(isLazy ? .deferred : .eager, keeps: true, .property)
                    if isLazy, !crossedClosure { retained = true }
                }
            } else if let typeName = TypeNaming.declaredName(of: n) {
                return SiteContext(
                    requester: .type(typeName), timing: timing ?? .deferred, retained: retained,
                    positionalVia: via, factory: nil)
            }
            current = n.parent
        }
        return SiteContext(requester: .root, timing: timing ?? .eager, retained: retained, positionalVia: via, factory: nil)
    }

    /// Whether `variable` is a static (or class) stored property other than its type's shared
    /// instance (see ``DeclarationCollector/holdsSharedInstance(_:named:in:)``) or a key's value
    /// (`liveValue`, `testValue`, `previewValue`, `currentValue`, an environment key's
    /// `defaultValue`: what the key holds), for the binding holding `node`.
    private static func isStaticBesideInstance(_ variable: VariableDeclSyntax, holding node: some SyntaxProtocol) -> Bool {
        guard variable.modifiers.contains(where: { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) })
        else { return false }
        let position = node.position
        guard
            let binding = variable.bindings.first(where: { $0.position <= position && position < $0.endPosition }),
            let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
            let owner = TypeNaming.enclosingName(of: variable)
        else { return false }
        return !keyValueNames.contains(name)
            && !DeclarationCollector.holdsSharedInstance(binding, named: name, in: TypeName.lastComponent(owner))
    }

    private static let keyValueNames = DependencyKeyExtractor.swiftDependenciesValues.union(["currentValue", "defaultValue"])

    /// Whether the value at `node` ends up stored: the right side of `=`, or a binding's value.
    private static func isAssignedOrStored(_ node: Syntax) -> Bool {
        var current = node
        while let parent = current.parent {
            if parent.is(InitializerClauseSyntax.self) { return true }
            if let infix = parent.as(InfixOperatorExprSyntax.self) {
                if infix.operator.is(AssignmentExprSyntax.self) { return infix.rightOperand.id == current.id }
                current = parent
                continue
            }
            if let seq = parent.as(ExprListSyntax.self) {
                // Unfolded sequence `a = b`: an assignment operator before this element.
                let items = Array(seq)
                if let i = items.firstIndex(where: { $0.id == current.id }), i > 0,
                    items[..<i].contains(where: { $0.is(AssignmentExprSyntax.self) })
                {
                    return true
                }
                current = parent
                continue
            }
            // `self.init(manager: Manager.shared)` in a convenience init (VoiceInk's
            // `LicenseViewModel`): passed to the type's own initializer, which is keeping it.
            if let call = parent.as(FunctionCallExprSyntax.self), call.arguments.id == current.id,
                isDelegatingInit(call.calledExpression)
            {
                return true
            }
            if parent.is(ForceUnwrapExprSyntax.self) || parent.is(TupleExprSyntax.self) || parent.is(TryExprSyntax.self)
                || parent.is(AwaitExprSyntax.self) || parent.is(LabeledExprSyntax.self) || parent.is(LabeledExprListSyntax.self)
                || parent.is(FunctionCallExprSyntax.self) || parent.is(SequenceExprSyntax.self)
                || parent.is(BinaryOperatorExprSyntax.self)
            {
                current = parent
                continue
            }
            return false
        }
        return false
    }
}

extension SiteContext {
    /// `self.init`, `super.init`.
    fileprivate static func isDelegatingInit(_ called: ExprSyntax) -> Bool {
        guard let member = called.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "init" else {
            return false
        }
        return member.base?.is(SuperExprSyntax.self) == true
            || member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self"
    }
}

enum TypeNaming {
    /// The type or extension whose code `node` is in, however deep (through function bodies and
    /// closures), or nil at the top level.
    static func enclosingName(of node: some SyntaxProtocol) -> String? {
        var current = Syntax(node).parent
        while let n = current {
            if let name = declaredName(of: n) { return name }
            current = n.parent
        }
        return nil
    }

    /// The qualified name a type declaration or extension introduces (`Outer.Inner`), or nil when
    /// `node` is not one.
    static func declaredName(of node: Syntax) -> String? {
        guard let own = ownName(of: node) else { return nil }
        var names = [own]
        var current = node.parent
        while let n = current {
            if let outer = ownName(of: n) { names.append(outer) }
            current = n.parent
        }
        return names.reversed().joined(separator: ".")
    }

    private static func ownName(of node: Syntax) -> String? {
        // One switch on the kind: asked of every ancestor of a site, nearly all of them no type.
        switch node.kind {
        case .classDecl: return node.cast(ClassDeclSyntax.self).name.text
        case .structDecl: return node.cast(StructDeclSyntax.self).name.text
        case .enumDecl: return node.cast(EnumDeclSyntax.self).name.text
        case .actorDecl: return node.cast(ActorDeclSyntax.self).name.text
        case .protocolDecl: return node.cast(ProtocolDeclSyntax.self).name.text
        case .extensionDecl: return TypeName.normalize(node.cast(ExtensionDeclSyntax.self).extendedType.trimmedDescription)
        default: return nil
        }
    }

    /// `T.self` for a generic `T`, or `type.self` for a metatype parameter: a container's own
    /// plumbing, passing on whatever type its caller gave, not a service. Also a type spelled
    /// around a generic parameter of a declaration enclosing `node` (`Factory<Module>`,
    /// `Module.Dependency`, `() -> Module.Dependency` in `func _register<Module>`): a key each
    /// caller's generic argument decides, which no one call site says. A registration under it is
    /// not read (its call is then a site that opens its container).
    static func isPlumbing(_ type: String, at node: some SyntaxProtocol) -> Bool {
        if type.startsLowercase && LocalNames.isLocal(type, at: node) { return true }
        // The names the type spells, made only when an enclosing declaration is generic (most are not).
        var names: Set<Substring>?
        return declaresGenericParameter(at: node) { parameter in
            if names == nil {
                var spelled: Set<Substring> = [Substring(type)]
                let words = type.split { !($0.isLetter || $0.isNumber || $0 == "_") }
                for word in words where word.first?.isUppercase == true { spelled.insert(word) }
                names = spelled
            }
            return names!.contains(Substring(parameter))
        }
    }

    /// `container.register(serviceType) { _ in object }` in `func register<S>(_ serviceType: S.Type, _ object: S)`:
    /// the call hands on the metatype its generic function was given, so it registers what that
    /// function's callers name (read at their calls, see ``LocatorMethodFact``), not a key of its own.
    /// Also `Value.self` of the function's own generic `Value` (FilamentSwatches' `register<Value>`).
    static func passesOwnMetatype(_ call: FunctionCallExprSyntax) -> Bool {
        call.arguments.contains { argument in
            if let member = argument.expression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "self",
                let base = member.base?.as(DeclReferenceExprSyntax.self)
            {
                return isGenericParameterItsCallerGives(base.baseName.text, at: call)
            }
            guard let ref = argument.expression.as(DeclReferenceExprSyntax.self) else { return false }
            return isGenericMetatypeParameter(ref.baseName.text, at: call)
        }
    }

    /// A generic parameter of the enclosing function that one of its parameters is typed with
    /// (`_ type: Value.Type`, `builder: @escaping () -> Value`) or that it returns (`-> Value`):
    /// its callers say what it is, at calls read as a locator's. `func setUp<T>()` says it
    /// nowhere a call shows.
    private static func isGenericParameterItsCallerGives(_ name: String, at node: some SyntaxProtocol) -> Bool {
        var current = Syntax(node).parent
        while let n = current {
            if n.is(MemberBlockSyntax.self) { return false }
            if let function = n.as(FunctionDeclSyntax.self) {
                guard function.genericParameterClause?.parameters.contains(where: { $0.name.text == name }) == true else {
                    return false
                }
                let returned = function.signature.returnClause?.type.tokens(viewMode: .sourceAccurate).contains { $0.text == name }
                return returned == true
                    || function.signature.parameterClause.parameters.contains { parameter in
                        parameter.type.tokens(viewMode: .sourceAccurate).contains { $0.text == name }
                    }
            }
            current = n.parent
        }
        return false
    }

    private static func isGenericMetatypeParameter(_ name: String, at node: some SyntaxProtocol) -> Bool {
        var current = Syntax(node).parent
        while let n = current {
            if n.is(ClosureExprSyntax.self) || n.is(MemberBlockSyntax.self) { return false }
            if let function = n.as(FunctionDeclSyntax.self) {
                guard let parameter = function.signature.parameterClause.parameters.first(where: {
                    ($0.secondName ?? $0.firstName).text == name
                }) else { return false }
                var type = parameter.type.trimmedDescription
                if type.hasSuffix("?") { type.removeLast() }
                guard type.hasSuffix(".Type") else { return false }
                return isGenericParameter(String(type.dropLast(".Type".count)), at: function)
            }
            current = n.parent
        }
        return false
    }

    /// Whether `name` is a generic parameter of a declaration enclosing `node` (so `T.self` is the
    /// container's own plumbing, not a service).
    static func isGenericParameter(_ name: String, at node: some SyntaxProtocol) -> Bool {
        declaresGenericParameter(at: node) { $0 == name }
    }

    /// Whether a declaration enclosing `node` (or `node` itself) has a generic parameter whose
    /// name `matches`: one walk up the tree, whatever is asked of the names.
    private static func declaresGenericParameter(at node: some SyntaxProtocol, _ matches: (String) -> Bool) -> Bool {
        var current: Syntax? = Syntax(node)
        while let n = current {
            let clause: GenericParameterClauseSyntax?
            if let f = n.as(FunctionDeclSyntax.self) {
                clause = f.genericParameterClause
            } else if let i = n.as(InitializerDeclSyntax.self) {
                clause = i.genericParameterClause
            } else if let c = n.as(ClassDeclSyntax.self) {
                clause = c.genericParameterClause
            } else if let s = n.as(StructDeclSyntax.self) {
                clause = s.genericParameterClause
            } else if let e = n.as(EnumDeclSyntax.self) {
                clause = e.genericParameterClause
            } else if let s = n.as(SubscriptDeclSyntax.self) {
                // vapor's `Storage`: `subscript<Key: StorageKey>(_: Key.Type)` forwarding to `set(Key.self, to:)`.
                clause = s.genericParameterClause
            } else if let a = n.as(ActorDeclSyntax.self) {
                clause = a.genericParameterClause
            } else {
                clause = nil
            }
            if clause?.parameters.contains(where: { matches($0.name.text) }) == true { return true }
            current = n.parent
        }
        return false
    }
}
