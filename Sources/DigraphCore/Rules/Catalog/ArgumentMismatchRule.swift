public struct ArgumentMismatchRule: Rule {
    public static let description = RuleDescription(
        id: "argument_mismatch", name: "Argument mismatch", defaultSeverity: .error,
        summary: "A resolve whose runtime arguments match no registration of that type and name, when one with other arguments exists.",
        // A resolve written to tolerate absence (no `!`) is reported as a note, like a missing registration.
        rationale: """
            Swinject keys registrations by their factory's argument types: resolving with the wrong \
            number (or, where visible, types) of arguments finds nothing and crashes on `!`.
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
        ])

    public init() {}

    public func diagnose(_ context: RuleContext) -> [Diagnostic] {
        UnsatisfiedRequest.all(in: context.graph).compactMap { unsatisfied -> Diagnostic? in
            let (edge, request, near) = (unsatisfied.edge, unsatisfied.request, unsatisfied.near)
            guard !near.otherArguments.isEmpty else { return nil }
            let passed = request.argumentTypes.count
            let registered = near.otherArguments.map { "`\($0.id)` takes \($0.arguments.count)" }
            var message =
                "resolve of `\(request.type)` passes \(passed) argument\(passed == 1 ? "" : "s") but "
                + registered.joined(separator: ", ")
            if edge.optional { message += UnsatisfiedRequest.optionalSuffix }
            return Diagnostic(
                rule: Self.description.id, severity: edge.optional ? .note : context.severity(default: .error),
                message: message, location: unsatisfied.location, services: unsatisfied.services,
                notes: near.otherArguments.map(\.registrationNote))
        }
    }
}
