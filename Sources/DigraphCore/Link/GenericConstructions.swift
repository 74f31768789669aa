/// `register { SearchViewModel(scheduler: RunLoop.main, debounce: .searchDebounce) }` registers
/// `SearchViewModel<RunLoop>`: the compiler infers a generic type's arguments from the initializer
/// the call picks, and this pass does the same from the declarations the scan read.
///
/// - A parameter typed by a generic parameter `S` (or `S?`) given a value of type `X` fixes `S = X`.
/// - A parameter typed by a member type of one (`S.SchedulerTimeType.Stride`) given an implicit
///   member (`.searchDebounce`) fixes `S = X` when `X.SchedulerTimeType.Stride` is the only such
///   type the scan declares that member on (an extension of the app's).
///
/// A registration is keyed by the specialised type only when every generic argument is fixed, the
/// same way by every initializer its labels fit. Any other keeps the bare name, which a request
/// for any specialisation finds open: what cannot be inferred is never guessed.
enum GenericConstructions {
    static func apply(_ files: inout [FileFacts]) {
        guard files.anyFile({ !$0.genericConstructions.isEmpty }) else { return }
        // Most constructions are of types that are not generic: the declarations of the types
        // constructed are gathered first, and nothing more is read unless one of them is.
        var constructed: Set<String> = []
        // The static members the arguments name (`main` of `RunLoop.main`, `.searchDebounce`).
        var named: Set<String> = []
        files.forEachFile { file in
            for construction in file.genericConstructions {
                constructed.insert(TypeName.lastComponent(construction.type))
                for argument in construction.arguments {
                    if let member = argument.implicitMember ?? argument.typeMember { named.insert(member) }
                }
            }
        }
        var declarations: [TypeDeclFact] = []
        files.forEachFile { file in
            for type in file.types where constructed.contains(TypeName.lastComponent(type.name)) { declarations.append(type) }
        }
        guard declarations.contains(where: { !$0.genericParameters.isEmpty }) else { return }
        let reading = Declarations(files, constructedTypes: declarations, members: named)
        for f in files.indices(where: { !$0.genericConstructions.isEmpty }) {
            for construction in files[f].genericConstructions {
                guard let specialised = reading.specialise(construction, in: files[f].file) else { continue }
                for r in files[f].registrations.indices
                where files[f].registrations[r].location == construction.location
                    && files[f].registrations[r].serviceType == construction.type
                {
                    files[f].registrations[r].serviceType = specialised
                }
            }
        }
    }

    /// The declarations the inference reads: initializers and generic parameters, and the static
    /// members the constructions' arguments name.
    private struct Declarations {
        let initializers: InitializerIndex
        /// A member's name to the types declaring it static (with its written type, if any).
        let staticMembers: [String: [(owner: String, type: String?)]]
        /// The last components of the generic types the scan declares.
        let genericTypes: Set<String>

        /// `members`: the names of the static members whose declarations are read.
        init(_ files: [FileFacts], constructedTypes: [TypeDeclFact], members named: Set<String>) {
            initializers = InitializerIndex(declarations: constructedTypes)
            var members: [String: [(owner: String, type: String?)]] = [:]
            var generic: Set<String> = []
            files.forEachFile { file in
                for type in file.types {
                    if !type.genericParameters.isEmpty, type.kind != .extension, type.kind != .protocol {
                        generic.insert(TypeName.lastComponent(type.name))
                    }
                    for property in type.storedProperties where property.isStatic && named.contains(property.name) {
                        members[property.name, default: []].append((type.name, property.type))
                    }
                    for function in type.staticFunctions where named.contains(function.name) {
                        members[function.name, default: []].append((type.name, function.returnType))
                    }
                }
            }
            staticMembers = members
            genericTypes = generic
        }

        /// `SearchViewModel<RunLoop>`, or nil when some generic argument is not fixed, or the
        /// initializers the labels fit disagree.
        func specialise(_ construction: GenericConstructionFact, in file: String) -> String? {
            let parameters = initializers.genericParameters(of: construction.type)
            guard !parameters.isEmpty, let candidates = initializers.initializers(of: construction.type, in: file) else { return nil }
            let labels = construction.arguments.map(\.label)
            var answer: String?
            for initializer in candidates {
                guard let positions = InitializerMatch.argumentPositions(labels, in: initializer) else { continue }
                var fixed: [String: String] = [:]
                for (argument, position) in zip(construction.arguments, positions) {
                    let parameter = TypeName.unwrappingOptional(initializer.parameters[position].type)
                    guard let (generic, type) = fix(parameter, by: argument, parameters) else { continue }
                    if let earlier = fixed[generic], earlier != type { return nil }
                    fixed[generic] = type
                }
                guard parameters.allSatisfy({ fixed[$0] != nil }) else { return nil }
                let specialised = TypeName.normalize(
                    construction.type + "<" + parameters.map { fixed[$0]! }.joined(separator: ", ") + ">")
                if let answer, answer != specialised { return nil }
                answer = specialised
            }
            return answer
        }

        /// The generic parameter an argument fixes, and to what.
        private func fix(
            _ parameter: String, by argument: GenericConstructionFact.Argument, _ generics: [String]
        ) -> (String, String)? {
            if generics.contains(parameter), let type = valueType(argument) { return (parameter, type) }
            guard let member = argument.implicitMember, let dot = parameter.firstIndex(of: "."),
                generics.contains(String(parameter[..<dot]))
            else { return nil }
            // `S.SchedulerTimeType.Stride` given `.searchDebounce`: the `X` of every
            // `X.SchedulerTimeType.Stride` declaring `searchDebounce`, when there is one.
            let path = String(parameter[dot...])
            let owners = Set(
                staticMembers[member, default: []].compactMap { declared -> String? in
                    guard declared.owner.hasSuffix(path), declared.owner.count > path.count else { return nil }
                    return String(declared.owner.dropLast(path.count))
                })
            guard owners.count == 1, let owner = owners.first, isComplete(owner) else { return nil }
            return (String(parameter[..<dot]), owner)
        }

        /// The type of a value an argument names: `Impl` of `Impl()`; of `RunLoop.main`, what its
        /// declaration says, else (a framework's) the type by convention. nil when it is a generic
        /// type written without its arguments, which would need inferring in turn.
        private func valueType(_ argument: GenericConstructionFact.Argument) -> String? {
            guard var type = argument.type else { return nil }
            if let member = argument.typeMember {
                let declared = Set(staticMembers[member, default: []].filter { $0.owner == type }.map { $0.type })
                if !declared.isEmpty {
                    guard declared.count == 1, let written = declared.first, let written else { return nil }
                    let held = TypeName.unwrappingOptional(written)
                    if held != "Self" { type = held }
                }
            }
            return isComplete(type) ? type : nil
        }

        private func isComplete(_ type: String) -> Bool {
            type.contains("<") || !genericTypes.contains(TypeName.lastComponent(type))
        }
    }
}
