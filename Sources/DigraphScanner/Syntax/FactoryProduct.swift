import DigraphCore
import SwiftSyntax

/// What a factory closure builds, read the way the compiler infers a closure's result type when no
/// metatype is written (`register { Impl() }`, `register { Impl() as P }`, `{ () -> P in … }`).
enum FactoryProduct {
    struct Product: Equatable {
        /// The type the registration is keyed by; nil when the closure's results do not agree or
        /// cannot be read.
        var serviceType: String?
        var implementations: [String]
        /// Every result is a closure literal (`register { env in { input in … } }`): what is
        /// registered is a function type, never a class, struct or protocol.
        var buildsClosure = false

        /// `register { Builder.build() }`: the one thing built is a static member's product,
        /// which only the link can type (a token of ``StaticProductTypes``); the registration
        /// waits as a pending one until then.
        var staticProductToken: String? {
            guard implementations.count == 1, let token = implementations.first, StaticProductTypes.isToken(token)
            else { return nil }
            return token
        }
    }

    /// Static members that, by convention, hold an instance of their own type (`URLSession.shared`,
    /// `UserDefaults.standard`, `DispatchQueue.main`, `JSONDecoder.default`).
    static let selfTypedMembers: Set<String> = ["shared", "sharedInstance", "standard", "default", "main", "current", "instance"]

    /// `key`: the key the factory is registered under, when written (`register(Interactor.self) {
    /// r in .init(network: r.resolve(…)!) }`): an implicit `.init(…)` result is its initializer.
    static func read(_ closure: ClosureExprSyntax, keyedBy key: String? = nil) -> Product {
        let results = ExpressionReading.results(of: closure)
        var product = readTypes(closure, results, keyedBy: key)
        product.buildsClosure = !results.isEmpty && results.allSatisfy { result in
            var e = result
            while let paren = e.as(TupleExprSyntax.self), paren.elements.count == 1, let only = paren.elements.first {
                e = only.expression
            }
            return e.is(ClosureExprSyntax.self)
        }
        return product
    }

    private static func readTypes(_ closure: ClosureExprSyntax, _ expressions: [ExprSyntax], keyedBy key: String?) -> Product {
        let written = closure.signature?.returnClause.map { TypeName.normalize($0.type.trimmedDescription) }
        let initialized = key.flatMap { $0.isEmpty || StaticProductTypes.isToken($0) ? nil : TypeName.unwrappingOptional($0) }
        let results = expressions.map { result in
            if let initialized, isImplicitInit(result) { return Typed(type: initialized, implementations: [initialized]) }
            return typed(result)
        }
        let implementations = Array(Set(results.flatMap(\.implementations))).sorted()
        if let written { return Product(serviceType: written, implementations: implementations) }
        let types = Set(results.map(\.type))
        guard types.count == 1, let only = types.first, let type = only else {
            return Product(serviceType: nil, implementations: implementations)
        }
        return Product(serviceType: type, implementations: implementations)
    }

    /// What the expressions a value is made of build, by the one typing every style shares: a
    /// construction, a cast, a local followed to its value, a static member of a type (typed by
    /// the link from its declaration, see ``StaticProductTypes``). Unknown results add nothing.
    static func implementations(of results: [ExprSyntax]) -> [String] {
        Array(Set(results.flatMap { typed($0).implementations })).sorted()
    }

    /// `.init(…)` with no type before it.
    private static func isImplicitInit(_ expr: ExprSyntax) -> Bool {
        guard let call = peeled(expr).as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self)
        else { return false }
        return member.base == nil && member.declName.baseName.text == "init"
    }

    /// The first of `implementations` that is a type as written (not a token the link types).
    static func firstWrittenType(_ implementations: [String]) -> String? {
        implementations.first { !StaticProductTypes.isToken($0) }
    }

    /// `{ Logger.shared }`: every result is a type's shared instance, so whatever the scope says,
    /// the service lives as long as that static (a singleton). nil otherwise.
    static func staticInstance(_ closure: ClosureExprSyntax) -> String? {
        staticInstance(results: ExpressionReading.results(of: closure))
    }

    static func staticInstance(results: [ExprSyntax]) -> String? {
        let members = Set(
            results.map { result -> String? in
                var e = result
                if let cast = e.as(AsExprSyntax.self) { e = cast.expression }
                if let sequence = e.as(SequenceExprSyntax.self), sequence.elements.count == 3,
                    sequence.elements.dropFirst().first?.is(UnresolvedAsExprSyntax.self) == true, let first = sequence.elements.first
                {
                    e = first
                }
                return conventionalInstance(e).map { "\($0.type).\($0.member)" }
            })
        guard members.count == 1, let only = members.first else { return nil }
        return only
    }

    /// `URLSession.shared`, `RunLoop.main`: a type's static member named as holding an instance of
    /// that type (``selfTypedMembers``); the type and the member, else nil.
    private static func conventionalInstance(_ e: ExprSyntax) -> (type: String, member: String)? {
        guard let member = e.as(MemberAccessExprSyntax.self), selfTypedMembers.contains(member.declName.baseName.text),
            let base = member.base?.as(DeclReferenceExprSyntax.self), base.baseName.text.startsUppercase
        else { return nil }
        return (base.baseName.text, member.declName.baseName.text)
    }

    /// `{ repository }` returning a local of the enclosing function (or a global) the closure
    /// captures: every call gives that one instance, whatever the scope says. Its name, else nil.
    static func capturedInstance(_ closure: ClosureExprSyntax) -> String? {
        let results = ExpressionReading.results(of: closure)
        let names = Set(results.map { result -> String? in
            guard let ref = result.as(DeclReferenceExprSyntax.self), let binding = LocalBinding.find(ref.baseName.text, at: ref),
                !isInside(binding, closure)
            else { return nil }
            return ref.baseName.text
        })
        guard !results.isEmpty, names.count == 1, let only = names.first else { return nil }
        return only
    }

    /// What makes every resolve of a factory give one instance: a type's shared static
    /// (`static Logger.shared`) or a captured local (`captured local repository`); nil otherwise.
    static func singleInstance(_ closure: ClosureExprSyntax) -> String? {
        if let member = staticInstance(closure) { return "static \(member)" }
        return capturedInstance(closure).map { "captured local \($0)" }
    }

    /// A registration whose factory returns one instance (see ``singleInstance(_:)``) is that singleton.
    static func pinToSingleInstance(_ registration: inout RegistrationFact, detail: String) {
        registration.lifetime = .singleton
        registration.lifetimeDetail = detail
        registration.lifetimeIsDefault = false
    }

    /// What a registration's factory says of the lifetime of what it gives, whatever the scope
    /// written: one instance (a singleton), or another key's product (``RegistrationFact/forwardsTo``).
    static func readLifetime(of closure: ClosureExprSyntax, into registration: inout RegistrationFact) {
        if let single = singleInstance(closure) { pinToSingleInstance(&registration, detail: single) }
        registration.forwardsTo = forwardedKey(closure)
        registration.buildsOwnProduct = registration.forwardsTo == nil && buildsOwnProduct(closure)
    }

    /// Whether some result of the factory is positively a value it made (a call that is not a
    /// resolve, a construction, a literal), following casts, locals and `if let`/`guard let`
    /// bindings: `if let vc = storyboard.instantiateViewController(…) as? VC { vc.model = r.resolve(M.self)!; return vc }`.
    /// A result that cannot be followed says nothing (false), so a forwarding factory is never
    /// taken for a holder on a guess.
    static func buildsOwnProduct(_ closure: ClosureExprSyntax) -> Bool {
        ExpressionReading.results(of: closure).contains { madeHere($0, hops: 0) }
    }

    private static func isResolve(_ call: FunctionCallExprSyntax) -> Bool {
        let called = call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
            ?? call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
        return called?.hasPrefix("resolve") ?? true
    }

    /// Whether an argument is, or names a local bound to, something resolved.
    private static func passesResolved(_ expr: ExprSyntax, hops: Int) -> Bool {
        let e = uncast(expr)
        if let call = e.as(FunctionCallExprSyntax.self) { return isResolve(call) }
        guard let ref = e.as(DeclReferenceExprSyntax.self), hops < 3 else { return false }
        let name = ref.baseName.text
        guard let value = LocalBinding.find(name, at: ref)?.initializer?.value ?? OptionalBindings.value(of: name, at: ref)
        else { return false }
        return passesResolved(value, hops: hops + 1)
    }

    private static func madeHere(_ expr: ExprSyntax, hops: Int) -> Bool {
        let e = uncast(expr)
        if let call = e.as(FunctionCallExprSyntax.self) {
            // `Screens.wrap(presenter)` hands on what it is given: made here only when nothing
            // resolved goes in.
            return !isResolve(call) && !call.arguments.contains { passesResolved($0.expression, hops: hops) }
        }
        if let ref = e.as(DeclReferenceExprSyntax.self), hops < 3 {
            let name = ref.baseName.text
            if let value = LocalBinding.find(name, at: ref)?.initializer?.value { return madeHere(value, hops: hops + 1) }
            if let value = OptionalBindings.value(of: name, at: ref) { return madeHere(value, hops: hops + 1) }
        }
        return false
    }

    /// `{ $0.resolve(PlaceServiceProtocol.self)! }`, `{ r in try r.resolve(P.self) as! Q }`: every
    /// result is an unnamed resolve of one key; that key's type, else nil.
    static func forwardedKey(_ closure: ClosureExprSyntax) -> String? {
        let results = ExpressionReading.results(of: closure)
        let keys = Set(results.map { result -> String? in
            let e = uncast(result)
            guard let call = e.as(FunctionCallExprSyntax.self),
                call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "resolve"
                    || call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "resolve",
                call.arguments.count == 1, call.trailingClosure == nil, let only = call.arguments.first, only.label == nil
            else { return nil }
            return ExpressionReading.metatype(only.expression)
        })
        guard !results.isEmpty, keys.count == 1, let key = keys.first else { return nil }
        return key
    }

    /// `{ SearchViewModel(scheduler: RunLoop.main, debounce: .searchDebounce) }`: the one value
    /// the closure gives is a construction of `type`, written without generic arguments; what
    /// each argument says of its type, for the link to infer the arguments the compiler infers
    /// (see ``GenericConstructions``). nil when no argument says anything.
    static func genericConstruction(
        _ closure: ClosureExprSyntax, of type: String, at location: DigraphCore.SourceLocation
    ) -> GenericConstructionFact? {
        let results = ExpressionReading.results(of: closure)
        guard results.count == 1, let only = results.first else { return nil }
        return genericConstruction(value: only, of: type, at: location)
    }

    /// ``genericConstruction(_:of:at:)`` of a value registered as it is (`locator.register(Impl(…))`).
    static func genericConstruction(
        value: ExprSyntax, of type: String, at location: DigraphCore.SourceLocation
    ) -> GenericConstructionFact? {
        guard !type.contains("<"), let call = peeled(value).as(FunctionCallExprSyntax.self), !call.arguments.isEmpty,
            ExpressionReading.constructedType(ExprSyntax(call)) == type
        else { return nil }
        var arguments = call.arguments.map { argument in
            var read = GenericConstructionFact.Argument(label: argument.label?.text)
            let value = peeled(argument.expression)
            let implicit = (value.as(FunctionCallExprSyntax.self)?.calledExpression ?? value).as(MemberAccessExprSyntax.self)
            if let implicit, implicit.base == nil, implicit.declName.baseName.text != "init" {
                read.implicitMember = implicit.declName.baseName.text
            } else if let (type, member) = conventionalInstance(value) {
                read.type = type
                read.typeMember = member
            } else {
                read.type = ExpressionReading.constructedType(value)
            }
            return read
        }
        guard arguments.contains(where: { $0.type != nil || $0.implicitMember != nil }) else { return nil }
        if call.trailingClosure != nil { arguments.append(GenericConstructionFact.Argument(label: nil)) }
        arguments += call.additionalTrailingClosures.map { GenericConstructionFact.Argument(label: $0.label.text) }
        return GenericConstructionFact(type: type, arguments: arguments, location: location)
    }

    struct Typed {
        var type: String?
        /// What it may hold: one construction, or each side of `a ?? b`.
        var implementations: [String] = []
    }

    /// The static type of a value handed to a call (what a generic `T` is inferred as) and what
    /// it is built as, by the same typing as a factory's results; a nil type when it cannot be
    /// told from the syntax.
    static func valueType(of expr: ExprSyntax) -> Typed { typed(expr) }

    /// ``peeled(_:)``, and `… as Q`, `as!`, `as?` (folded, or a sequence of three unfolded) taken
    /// off too: what makes the value a cast hands out.
    private static func uncast(_ expr: ExprSyntax) -> ExprSyntax {
        var e = peeled(expr)
        while true {
            if let x = e.as(AsExprSyntax.self) {
                e = peeled(x.expression)
            } else if let x = e.as(SequenceExprSyntax.self), x.elements.count == 3,
                x.elements.dropFirst().first?.is(UnresolvedAsExprSyntax.self) == true, let first = x.elements.first
            {
                e = peeled(first)
            } else {
                return e
            }
        }
    }

    /// `try`, `await`, `!` and parentheses taken off: the expression that makes the value.
    private static func peeled(_ expr: ExprSyntax) -> ExprSyntax {
        var e = expr
        while true {
            if let x = e.as(TryExprSyntax.self) { e = x.expression; continue }
            if let x = e.as(AwaitExprSyntax.self) { e = x.expression; continue }
            if let x = e.as(ForceUnwrapExprSyntax.self) { e = x.expression; continue }
            if let x = e.as(TupleExprSyntax.self), x.elements.count == 1, let only = x.elements.first, only.label == nil {
                e = only.expression
                continue
            }
            return e
        }
    }

    private static func typed(_ expr: ExprSyntax, hops: Int = 0) -> Typed {
        let e = peeled(expr)
        if let cast = e.as(AsExprSyntax.self), cast.questionOrExclamationMark == nil {
            let inner = typed(cast.expression, hops: hops)
            return Typed(type: TypeName.normalize(cast.type.trimmedDescription), implementations: inner.implementations)
        }
        // `cached ?? Impl()`: either side; typed when the sides agree.
        if let (left, right) = ExpressionReading.nilCoalescing(e) {
            let (a, b) = (typed(left, hops: hops), typed(right, hops: hops))
            let type = a.type.map(TypeName.unwrappingOptional) == b.type ? b.type : nil
            return Typed(type: type, implementations: Array(Set(a.implementations + b.implementations)).sorted())
        }
        // `Impl() as P`, `resolve() as Impl as P`: the last cast is the type.
        if let sequence = e.as(SequenceExprSyntax.self) {
            let items = Array(sequence.elements)
            guard items.count >= 3, items.count % 2 == 1 else { return Typed() }
            for i in stride(from: 1, to: items.count, by: 2) {
                guard let cast = items[i].as(UnresolvedAsExprSyntax.self), cast.questionOrExclamationMark == nil,
                    items[i + 1].is(TypeExprSyntax.self)
                else { return Typed() }
            }
            let inner = typed(items[0], hops: hops)
            let type = items[items.count - 1].as(TypeExprSyntax.self)!.type
            return Typed(type: TypeName.normalize(type.trimmedDescription), implementations: inner.implementations)
        }
        if let constructed = ExpressionReading.constructedType(e) { return Typed(type: constructed, implementations: [constructed]) }
        let literal = ExpressionReading.literalType(e)
        if literal != ServiceID.unknownArgument { return Typed(type: literal, implementations: [literal]) }
        if let (type, member) = conventionalInstance(e) {
            // Its declaration, when the scan has one, says what it holds (`static var current: DarkTheme`).
            let token = StaticProductTypes.token(base: type, member: member, isCall: false, metatypes: [], fallback: type)
            return Typed(type: type, implementations: [token])
        }
        // `UIStoryboard.instantiateViewController(of: Controller.self)`, `Client.live()`: typed by
        // the link from the member's declaration (a type, `Self`, or the metatype it is given).
        if let token = staticMemberToken(e) { return Typed(type: nil, implementations: [token]) }
        // `{ Impl() }()`: an immediately called closure builds what its results build.
        if let call = e.as(FunctionCallExprSyntax.self), call.arguments.isEmpty, call.trailingClosure == nil,
            let inner = call.calledExpression.as(ClosureExprSyntax.self), hops < 3
        {
            let product = read(inner)
            return Typed(type: product.serviceType, implementations: product.implementations)
        }
        // `let service = Impl(); service.configure(); return service`, and a local of the
        // enclosing function the factory captures (`lazy var repo: Repo = { … }(); register { repo }`).
        if let ref = e.as(DeclReferenceExprSyntax.self), hops < 3, let binding = LocalBinding.find(ref.baseName.text, at: ref) {
            if let annotation = binding.typeAnnotation {
                let type = TypeName.normalize(annotation.type.trimmedDescription)
                let inner = binding.initializer.map { typed($0.value, hops: hops + 1) }
                return Typed(type: type, implementations: inner?.implementations ?? [])
            }
            if let value = binding.initializer?.value { return typed(value, hops: hops + 1) }
        }
        return Typed()
    }

    /// `.live()`, `.live` where the context says the type (`static let liveValue: Client = .live`):
    /// a ``StaticProductTypes`` token on `base`; nil for anything else.
    static func implicitMemberToken(_ e: ExprSyntax, base: String) -> String? {
        let call = e.as(FunctionCallExprSyntax.self)
        guard let member = (call?.calledExpression ?? e).as(MemberAccessExprSyntax.self), member.base == nil,
            member.declName.baseName.text != "init", base.startsUppercase
        else { return nil }
        return StaticProductTypes.token(base: base, member: member.declName.baseName.text, isCall: call != nil, metatypes: [])
    }

    /// `Type.member(…)` or `Type.member` on a type's name (`Self` is the enclosing type): a
    /// ``StaticProductTypes`` token; nil for anything else.
    private static func staticMemberToken(_ e: ExprSyntax) -> String? {
        let call = e.as(FunctionCallExprSyntax.self)
        guard let member = (call?.calledExpression ?? e).as(MemberAccessExprSyntax.self),
            let baseRef = member.base?.as(DeclReferenceExprSyntax.self), member.declName.baseName.text != "init"
        else { return nil }
        var base = baseRef.baseName.text
        if base == "Self" {
            guard let enclosing = TypeNaming.enclosingName(of: e) else { return nil }
            base = enclosing
        }
        guard base.startsUppercase else { return nil }
        let metatypes = call?.arguments.compactMap { argument -> (label: String, type: String)? in
            ExpressionReading.metatype(argument.expression).map { (argument.label?.text ?? "_", $0) }
        } ?? []
        return StaticProductTypes.token(
            base: base, member: member.declName.baseName.text, isCall: call != nil, metatypes: metatypes)
    }

    private static func isInside(_ node: some SyntaxProtocol, _ closure: ClosureExprSyntax) -> Bool {
        var current = Syntax(node).parent
        while let n = current {
            if n.id == closure.id { return true }
            current = n.parent
        }
        return false
    }
}

/// `Impl(a: x, b: <here>)`: the constructor call an expression is an argument of, so a request
/// typed by context (`resolve()`) can take the type of the parameter it is passed to.
enum ConstructorArgument {
    struct Site {
        /// The outermost type written: `Outer` in `Outer(a: .init(b: <here>))`.
        var type: String
        /// Every argument's label, trailing closures included (nil: unlabeled).
        var labels: [String?]
        var index: Int
        /// The `.init(…)` calls between `type` and here, outermost first.
        var through: [InitializerRequestFact.ArgumentStep] = []
    }

    static func of(_ node: some SyntaxProtocol, depth: Int = 0) -> Site? {
        var current = Syntax(node)
        while let parent = current.parent,
            parent.is(TryExprSyntax.self) || parent.is(AwaitExprSyntax.self) || parent.is(ForceUnwrapExprSyntax.self)
        {
            current = parent
        }
        guard let argument = current.parent?.as(LabeledExprSyntax.self),
            let list = argument.parent?.as(LabeledExprListSyntax.self),
            let call = list.parent?.as(FunctionCallExprSyntax.self), call.arguments.id == list.id
        else { return nil }
        guard let index = list.firstIndex(where: { $0.id == argument.id }).map({ list.distance(from: list.startIndex, to: $0) })
        else { return nil }
        var labels = list.map { $0.label?.text }
        if call.trailingClosure != nil { labels.append(nil) }
        labels += call.additionalTrailingClosures.map { $0.label.text }
        if let type = ExpressionReading.constructedType(ExprSyntax(call)) {
            return Site(type: type, labels: labels, index: index)
        }
        // `.init(b: <here>)` passed to another constructor: its type is that parameter's.
        guard depth < 3, let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.base == nil,
            member.declName.baseName.text == "init", var outer = of(call, depth: depth + 1)
        else { return nil }
        outer.through.append(InitializerRequestFact.ArgumentStep(labels: outer.labels, index: outer.index))
        return Site(type: outer.type, labels: labels, index: index, through: outer.through)
    }
}

/// The type of a runtime argument passed to a resolve: a literal's, a cast's (`x as T`), or the
/// annotated type of the closure parameter or local it names; `_` otherwise.
enum ArgumentTyping {
    static func type(of expr: ExprSyntax) -> String {
        let literal = ExpressionReading.literalType(expr)
        if literal != ServiceID.unknownArgument { return literal }
        if let cast = expr.as(AsExprSyntax.self), cast.questionOrExclamationMark == nil {
            return TypeName.normalize(cast.type.trimmedDescription)
        }
        if let sequence = expr.as(SequenceExprSyntax.self) {
            let items = Array(sequence.elements)
            if items.count == 3, items[1].as(UnresolvedAsExprSyntax.self)?.questionOrExclamationMark == nil,
                items[1].is(UnresolvedAsExprSyntax.self), let type = items[2].as(TypeExprSyntax.self)
            {
                return TypeName.normalize(type.type.trimmedDescription)
            }
        }
        if let ref = expr.as(DeclReferenceExprSyntax.self) {
            if let type = closureParameterType(ref.baseName.text, at: ref) { return type }
            if let annotation = LocalBinding.find(ref.baseName.text, at: ref)?.typeAnnotation {
                return TypeName.normalize(annotation.type.trimmedDescription)
            }
        }
        return ServiceID.unknownArgument
    }

    /// `{ (r, id: String) in … id … }`: the annotated type of an enclosing closure's parameter.
    private static func closureParameterType(_ name: String, at node: some SyntaxProtocol) -> String? {
        var current = Syntax(node).parent
        while let n = current {
            if let closure = n.as(ClosureExprSyntax.self), let parameters = closure.signature?.parameterClause {
                switch parameters {
                case .simpleInput(let names):
                    if names.contains(where: { $0.name.text == name }) { return nil }
                case .parameterClause(let clause):
                    if let parameter = clause.parameters.first(where: { ($0.secondName ?? $0.firstName).text == name }) {
                        return parameter.type.map { TypeName.normalize($0.trimmedDescription) }
                    }
                }
            }
            if n.is(FunctionDeclSyntax.self) || n.is(MemberBlockSyntax.self) { return nil }
            current = n.parent
        }
        return nil
    }
}
