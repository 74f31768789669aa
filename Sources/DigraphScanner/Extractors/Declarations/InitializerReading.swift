import DigraphCore
import SwiftSyntax

/// A type's initializers as plain facts: what `Impl.init` or `Impl(a: resolve())` takes.
enum InitializerReading {
    /// `aliases`: the type's own `typealias`es (`typealias Provider = MoonpayProvider`), which its
    /// initializer's parameters may be written with.
    static func read(_ initializer: InitializerDeclSyntax, aliases: [String: String], state: ScanState) -> InitializerFact {
        let parameters = initializer.signature.parameterClause.parameters.map { parameter in
            let internalName = (parameter.secondName ?? parameter.firstName).text
            return ParameterFact(
                label: parameter.firstName.tokenKind == .wildcard ? nil : parameter.firstName.text,
                type: substituting(aliases, in: parameterType(parameter.type)), hasDefault: parameter.defaultValue != nil,
                isKept: initializer.body.map { ParameterUse.mayKeep(internalName, in: $0) } ?? true)
        }
        return InitializerFact(
            parameters: parameters, isFailable: initializer.optionalMark != nil, location: state.location(of: initializer))
    }

    private static func substituting(_ aliases: [String: String], in type: String) -> String {
        guard !aliases.isEmpty else { return type }
        let bare = TypeName.unwrappingOptional(type)
        guard let aliased = aliases[bare] else { return type }
        return bare == type ? aliased : aliased + "?"
    }

    /// The member `typealias`es of a declaration body.
    /// A member `typealias Name = Target` (not a generic one): what an initializer's parameter
    /// spelled `Name` stands for.
    static func alias(_ alias: TypeAliasDeclSyntax) -> (name: String, target: String)? {
        guard alias.genericParameterClause == nil else { return nil }
        return (alias.name.text, TypeName.normalize(alias.initializer.value.trimmedDescription))
    }

    /// `@escaping () -> T`, `inout T`, `sending T` -> the type itself; `@autoclosure () -> T` -> `T`,
    /// the type of the expression an argument writes (Pure's `init(dependency: @autoclosure
    /// @escaping () -> Module.Dependency)` is given `.init(…)` of `Module.Dependency`).
    static func parameterType(_ type: TypeSyntax) -> String {
        var base = type
        var isAutoclosure = false
        while let attributed = base.as(AttributedTypeSyntax.self) {
            let names = attributed.attributes.compactMap { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription }
            if names.contains("autoclosure") { isAutoclosure = true }
            base = attributed.baseType
        }
        if isAutoclosure, let function = base.as(FunctionTypeSyntax.self), function.parameters.isEmpty {
            base = function.returnClause.type
        }
        return TypeName.normalize(base.trimmedDescription)
    }

    /// A struct that declares no initializer gets one with a parameter per stored property, in
    /// order: those with an initial value (or a property wrapper) may be left out; a `let` with an
    /// initial value is not a parameter at all.
    /// `variables`: the struct's, in order.
    static func memberwise(_ variables: [VariableDeclSyntax], location: DigraphCore.SourceLocation) -> InitializerFact {
        var parameters: [ParameterFact] = []
        for variable in variables {
            let modifiers = Set(variable.modifiers.map(\.name.text))
            if modifiers.contains("static") || modifiers.contains("class") || modifiers.contains("lazy") { continue }
            let isLet = variable.bindingSpecifier.tokenKind == .keyword(.let)
            let wrapped = !variable.attributes.isEmpty
            for binding in variable.bindings {
                guard let ident = binding.pattern.as(IdentifierPatternSyntax.self), isStored(binding) else { continue }
                if isLet && binding.initializer != nil { continue }
                let type = binding.typeAnnotation.map { TypeName.normalize($0.type.trimmedDescription) }
                    ?? binding.initializer.flatMap { inferredType($0.value) }
                parameters.append(
                    ParameterFact(
                        label: ident.identifier.text, type: type ?? ServiceID.unknownArgument,
                        hasDefault: binding.initializer != nil || wrapped || (!isLet && type?.hasSuffix("?") == true)))
            }
        }
        return InitializerFact(parameters: parameters, isSynthesized: true, location: location)
    }

    /// `= false`, `= 0`, `= Cache()`: the type Swift infers from an initial value, when it is plain.
    private static func inferredType(_ value: ExprSyntax) -> String? {
        let literal = ExpressionReading.literalType(value)
        if literal != ServiceID.unknownArgument { return literal }
        return ExpressionReading.constructedType(value)
    }

    /// Stored: no accessors, or only observers (`willSet`/`didSet`).
    private static func isStored(_ binding: PatternBindingSyntax) -> Bool {
        guard let block = binding.accessorBlock else { return true }
        switch block.accessors {
        case .getter: return false
        case .accessors(let accessors):
            return accessors.allSatisfy { ["willSet", "didSet"].contains($0.accessorSpecifier.text) }
        }
    }
}
