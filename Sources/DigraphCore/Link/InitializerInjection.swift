/// Turns each ``InitializerRequestFact`` into the requests it stands for, now that every file's
/// initializers are known; what cannot be told for sure becomes an unanalyzable note, never a guess.
enum InitializerInjection {
    static func expand(_ files: inout [FileFacts]) {
        guard files.anyFile({ !$0.initializerRequests.isEmpty }) else { return }
        let index = InitializerIndex(files)
        for f in files.indices where !files[f].initializerRequests.isEmpty {
            for fact in files[f].initializerRequests {
                // The type it is registered as: `ClipboardView<ClipboardViewModelImpl>` for
                // `autoregister(ClipboardView<ClipboardViewModelImpl>.self, initializer: ClipboardView.init)`.
                var registered: String?
                if case .registration(let r) = fact.template.requester, files[f].registrations.indices.contains(r) {
                    registered = files[f].registrations[r].serviceType
                }
                let outcome = pick(fact, index, registeredAs: registered)
                files[f].requests += outcome.requests
                files[f].unanalyzable += outcome.unanalyzable.map { message in
                    UnanalyzableFact(message: message, service: fact.type, location: fact.template.location)
                }
                // A request whose type is not told may ask for any key: that nothing asks for a
                // registration is then not known (weather-color's `resolve()` handed to an
                // initializer whose parameter an associated type spells).
                if !outcome.unanalyzable.isEmpty {
                    files[f].unrecognised.append(UnrecognisedSite(what: "resolve()", location: fact.template.location))
                }
            }
            files[f].initializerRequests = []
        }
    }

    private struct Outcome {
        var requests: [RequestFact] = []
        var unanalyzable: [String] = []

        static func requests(_ requests: [RequestFact]) -> Outcome { Outcome(requests: requests) }
        static func unanalyzable(_ message: String) -> Outcome { Outcome(unanalyzable: [message]) }
    }

    private static func pick(_ fact: InitializerRequestFact, _ index: InitializerIndex, registeredAs registered: String?)
        -> Outcome
    {
        var fact = fact
        for step in fact.through {
            // `.init(…)` builds the type of the parameter it is passed to.
            guard let initializers = index.initializers(of: fact.type, in: fact.template.location.file),
                let type = parameterType(at: step.index, labels: step.labels, in: initializers)
            else {
                return .unanalyzable(
                    "cannot tell which type `resolve()` returns here: it is passed to `.init(…)`, whose type `\(fact.type)`'s initializers do not tell")
            }
            fact.type = TypeName.unwrappingOptional(type)
        }
        guard let initializers = index.initializers(of: fact.type, in: fact.template.location.file) else {
            switch fact.parameters {
            case .argument:
                return .unanalyzable(
                    "cannot tell which type `resolve()` returns here: `\(fact.type)`'s initializers are not in the scanned sources")
            case .all:
                return .unanalyzable(
                    "cannot tell what `\(fact.type).init` takes: `\(fact.type)` is not declared in the scanned sources")
            }
        }
        let generics = GenericArguments(
            parameters: index.genericParameters(of: fact.type), type: fact.type, registeredAs: registered)
        switch fact.parameters {
        case .argument(let argument): return argumentRequest(fact, argument, initializers, generics: generics)
        case .all(let supplied): return everyParameter(fact, supplied, initializers, generics: generics)
        }
    }

    /// A generic type's parameters and the arguments the code gives them (`ViewModel` ->
    /// `ClipboardViewModelImpl`), from the type as written or as registered.
    struct GenericArguments {
        var byParameter: [String: String] = [:]
        var unknown: Set<String> = []

        init(parameters: [String], type: String, registeredAs registered: String?) {
            guard !parameters.isEmpty else { return }
            let base = { (text: String) in String(text.prefix { $0 != "<" }) }
            let written = [type, registered].compactMap { $0 }.first { $0.contains("<") && base($0) == base(type) }
            let arguments = written.map(Self.arguments) ?? []
            for (i, parameter) in parameters.enumerated() {
                if arguments.count == parameters.count { byParameter[parameter] = arguments[i] } else { unknown.insert(parameter) }
            }
        }

        /// `A<B, C<D>>` -> `[B, C<D>]`: the top-level arguments.
        static func arguments(_ type: String) -> [String] {
            guard let open = type.firstIndex(of: "<"), type.hasSuffix(">") else { return [] }
            var out: [String] = []
            var depth = 0
            var current = ""
            for ch in type[type.index(after: open)..<type.index(before: type.endIndex)] {
                if ch == "<" || ch == "[" || ch == "(" { depth += 1 }
                if ch == ">" || ch == "]" || ch == ")" { depth -= 1 }
                if ch == ",", depth == 0 {
                    out.append(current.trimmingCharacters(in: .whitespaces))
                    current = ""
                } else {
                    current.append(ch)
                }
            }
            out.append(current.trimmingCharacters(in: .whitespaces))
            return out.filter { !$0.isEmpty }
        }

        /// The parameter's type with the type's generic arguments put in; nil when it names a
        /// generic parameter the code does not fix (never guessed).
        func substituted(_ written: String) -> String? {
            let unwrapped = TypeName.unwrappingOptional(written)
            if unknown.contains(unwrapped) { return nil }
            guard let argument = byParameter[unwrapped] else { return written }
            return unwrapped == TypeName.normalize(written) ? argument : argument + "?"
        }
    }

    /// `Impl(a: x, b: resolve())`: the type of the parameter `b` goes to, in every initializer the
    /// labels fit; they must agree.
    private static func argumentRequest(
        _ fact: InitializerRequestFact, _ argument: Int, _ initializers: [InitializerFact], generics: GenericArguments
    ) -> Outcome {
        let labels = fact.labels ?? []
        let types = Set(
            initializers.compactMap { initializer -> String? in
                guard let positions = InitializerMatch.argumentPositions(labels, in: initializer),
                    positions.indices.contains(argument)
                else { return nil }
                return initializer.parameters[positions[argument]].type
            })
        guard let written = types.first else {
            return .unanalyzable("no initializer of `\(fact.type)` takes the arguments \(spelled(labels))")
        }
        guard types.count == 1 else {
            return .unanalyzable(
                "cannot tell which type `resolve()` returns here: `\(fact.type)`'s initializers taking \(spelled(labels)) differ (\(types.sorted().joined(separator: ", ")))")
        }
        // `MoviesPresenter<MoviesInteractor>(moviesUseCase: resolve())` with
        // `init(moviesUseCase: MoviesUseCase)` of `MoviesPresenter<MoviesUseCase: UseCase>`: the
        // argument written for the type's parameter, or nothing when the code does not fix it.
        guard var type = generics.substituted(written) else {
            return .unanalyzable(
                "cannot tell which type `resolve()` returns here: `\(fact.type)`'s initializer takes its generic parameter `\(TypeName.unwrappingOptional(written))`, which the code does not fix here")
        }
        if fact.wantsElements, type.hasPrefix("["), type.hasSuffix("]"), !type.contains(":") {
            type = String(type.dropFirst().dropLast())
        }
        guard var request = request(fact.template, parameterType: type) else {
            return .unanalyzable("cannot tell which type `resolve()` returns here: the parameter's type is not written")
        }
        if fact.wantsElements { request.collects = true }
        return .requests([request])
    }

    /// The one type the argument at `index` goes to in every initializer the labels fit; nil when
    /// none fits or they disagree.
    private static func parameterType(at index: Int, labels: [String?], in initializers: [InitializerFact]) -> String? {
        let types = Set(
            initializers.compactMap { initializer -> String? in
                guard let positions = InitializerMatch.argumentPositions(labels, in: initializer),
                    positions.indices.contains(index)
                else { return nil }
                return initializer.parameters[positions[index]].type
            })
        return types.count == 1 ? types.first : nil
    }

    /// `Impl.init` as a factory: every parameter is resolved, except those runtime arguments give.
    private static func everyParameter(
        _ fact: InitializerRequestFact, _ supplied: [String], _ initializers: [InitializerFact], generics: GenericArguments
    ) -> Outcome {
        let chosen: InitializerFact
        if let labels = fact.labels {
            guard let match = initializers.first(where: { InitializerMatch.hasLabels(labels, $0) }) else {
                return .unanalyzable("`\(fact.type)` declares no `init\(spelled(labels))`")
            }
            chosen = match
        } else {
            // A failable or `NSCoder` initializer is never the one a container can call with its services.
            let usable = initializers.filter { initializer in
                !initializer.isFailable && !initializer.parameters.contains { TypeName.unwrappingOptional($0.type) == "NSCoder" }
            }
            guard usable.count == 1, let only = usable.first else {
                let signatures = initializers.map(\.signature).sorted().joined(separator: ", ")
                return .unanalyzable(
                    "`\(fact.type).init` is overloaded (\(signatures)): name the one meant, e.g. `\(fact.type).\(initializers.first?.signature ?? "init()")`")
            }
            chosen = only
        }
        var remaining = supplied
        var requests: [RequestFact] = []
        var unwritten: [String] = []
        for parameter in chosen.parameters {
            if let i = remaining.firstIndex(of: parameter.type) ?? remaining.firstIndex(of: TypeName.unwrappingOptional(parameter.type)) {
                remaining.remove(at: i)
                continue
            }
            guard let type = generics.substituted(parameter.type), let request = request(fact.template, parameterType: type)
            else {
                unwritten.append(parameter.label ?? "_")
                continue
            }
            requests.append(request)
        }
        var outcome = Outcome.requests(requests)
        if !unwritten.isEmpty {
            // The known parameters are still requests; the unknown ones are said, not guessed.
            outcome.unanalyzable.append(
                "cannot tell what `\(fact.type).\(chosen.signature)` takes for \(unwritten.map { "`\($0)`" }.joined(separator: ", ")): its type is not written, or is a generic parameter the registration does not fix")
        }
        return outcome
    }

    private static func request(_ template: RequestFact, parameterType: String) -> RequestFact? {
        guard parameterType != ServiceID.unknownArgument, !parameterType.isEmpty else { return nil }
        var request = template
        let unwrapped = TypeName.unwrappingOptional(parameterType)
        request.type = .named(unwrapped)
        // A parameter of optional type is resolved to nil when nothing is registered.
        if unwrapped != TypeName.normalize(parameterType) { request.optional = true }
        return request
    }

    private static func spelled(_ labels: [String?]) -> String {
        "(" + labels.map { ($0 ?? "_") + ":" }.joined() + ")"
    }
}
