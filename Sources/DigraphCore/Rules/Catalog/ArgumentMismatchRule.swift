public struct ArgumentMismatchRule: Rule {
    public static let description = RuleDescription(
        id: "argument_mismatch", name: "Argument mismatch", defaultSeverity: .error,
        summary: "A resolve whose runtime arguments match no registration of that type and name, when one with other arguments exists.",
        // A resolve written to tolerate absence (no `!`) is reported as a note, like a missing registration.
        rationale: """
            Swinject keys registrations by their factory's argument types: resolving with the wrong \
            number (or, where visible, types) of arguments finds nothing and crashes on `!`. A resolve \
            inside a factory that no request asks for with its own arguments, while others pass \
            other arguments, is a note: that factory may never run.
            """,
        triggeringExamples: [
            RuleExample(
                """
                container.register(ProductViewModel.self) { (r, productID: String) in
                    ProductViewModel(id: productID)
                }
                let vm = ↓container.resolve(ProductViewModel.self)!
                """),
            RuleExample(
                """
                container.register(Greeter.self) { (r, name: String) in Greeter(name: name) }
                let g = ↓container.resolve(Greeter.self, arguments: "a", 2)!
                """),
            // The twin of tice's screenshot-only factory: here something asks for it without arguments.
            RuleExample(
                """
                container.register(SignUpFlow.self) { (_, email: String) in SignUpFlow(email: email) }
                container.register(SignUpViewModel.self) { r, flow in SignUpViewModel(flow: flow) }
                container.register(SignUpViewModel.self) { r in SignUpViewModel(flow: ↓r.resolve(SignUpFlow.self)!) }
                let model = container.resolve(SignUpViewModel.self, argument: flow)!
                let preview = container.resolve(SignUpViewModel.self)!
                """),
            // Twin of PianoReminder's overloads below: asked without the argument its factory takes.
            RuleExample(
                files: [
                    ("Registrations.swift", ExampleSources.arityOverloadedRegistration),
                    ("Screen.swift", """
                let overview = ↓container.resolve(Overview.self)!
                """),
                ]),
            // Twin of openedx's `register(_:mainActorFactory:)` below: asked with one argument of two.
            RuleExample(
                files: [
                    ("Registrations.swift", ExampleSources.mainActorFactoryRegistration),
                    ("Screen.swift", """
                let model = ↓container.resolve(PlayerModel.self, argument: URL?.none)!
                """),
                ]),
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                container.register(ProductViewModel.self) { (r, productID: String) in
                    ProductViewModel(id: productID)
                }
                let vm = container.resolve(ProductViewModel.self, argument: "42")!
                """),
            // Factory: a member is asked for by name, its arguments checked by the compiler; a
            // `promised()` parameter factory never registered is a missing registration, not a
            // resolve of its type with the wrong arguments.
            RuleExample(
                """
                extension Container {
                    var parameterService: ParameterFactory<Int, ParameterService?> { self { ParameterService(value: $0) } }
                    var strictParameterService: ParameterFactory<Int, ParameterService?> { promised() }
                }
                final class Screen {
                    func load() { _ = Container.shared.strictParameterService(23) }
                }
                """),
            // tice: a factory registered without arguments (for screenshot builds) that no resolve
            // asks for, every one passing an argument: it may never run, so what it asks is a note.
            RuleExample(
                """
                container.register(SignUpFlow.self) { (_, email: String) in SignUpFlow(email: email) }
                container.register(SignUpViewModel.self) { r, flow in SignUpViewModel(flow: flow) }
                container.register(SignUpViewModel.self) { r in SignUpViewModel(flow: r.resolve(SignUpFlow.self)!) }
                let model = container.resolve(SignUpViewModel.self, argument: flow)!
                """),
            // openedx: the project's `register(_:mainActorFactory:)` hands its factory to Swinject's
            // `register(_:name:) { (r, a1, a2) in … }`; the factory's own two arguments are its keys.
            RuleExample(
                files: [
                    ("Registrations.swift", ExampleSources.mainActorFactoryRegistration),
                    ("Screen.swift", """
                let model = container.resolve(PlayerModel.self, arguments: URL?.none, "intro")!
                """),
                ]),
            // PianoReminder: `registerService(type:scope:factory:)` overloads told apart by their
            // factory's arity; the one given `{ questions in … }` registers with one argument.
            RuleExample(
                files: [
                    ("Registrations.swift", ExampleSources.arityOverloadedRegistration),
                    ("Screen.swift", """
                let overview = container.resolve(Overview.self, argument: [1, 2])!
                """),
                ]),
        ])

    public init() {}

    public func diagnose(_ context: RuleContext) -> [Diagnostic] {
        let unasked = UnaskedArities.registrations(in: context.graph)
        return UnsatisfiedRequest.all(in: context.graph).compactMap { unsatisfied -> Diagnostic? in
            let (edge, request, near) = (unsatisfied.edge, unsatisfied.request, unsatisfied.near)
            guard !near.otherArguments.isEmpty else { return nil }
            let passed = request.argumentTypes.count
            let registered = near.otherArguments.map { "`\($0.id)` takes \($0.arguments.count)" }
            var message =
                "resolve of `\(request.type)` passes \(passed) argument\(passed == 1 ? "" : "s") but "
                + registered.joined(separator: ", ")
            if edge.optional { message += UnsatisfiedRequest.optionalSuffix }
            let unaskedFactory = unasked[edge.from]
            if let why = unaskedFactory { message += "; asked by `\(edge.from)`: \(why)" }
            return Diagnostic(
                rule: Self.description.id,
                severity: edge.optional || unaskedFactory != nil ? .note : context.severity(default: .error),
                message: message, location: unsatisfied.location, services: unsatisfied.services,
                notes: near.otherArguments.map(\.registrationNote))
        }
    }
}
