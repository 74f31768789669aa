import DigraphCore
import SwiftSyntax

/// The type `autoResolve()` returns is inferred by the compiler from context; the scanner reads
/// the same context: a `let x: T =` annotation, the stored property it is assigned to (also
/// through `??`), a parameter's type for a default argument, an `as T` coercion, a function's
/// return type.
enum ContextualType {
    static func of(_ call: FunctionCallExprSyntax, requester: Requester) -> RequestedType? {
        written(call, requester: requester).map { type in
            guard case .named(let name) = type else { return type }
            return .named(TypeName.unwrappingOptional(name))
        }
    }

    /// A type from the context that is a generic parameter of a declaration around the call
    /// (`static func resolve<T>() -> T { container.resolve() }`): the resolve passes on whatever
    /// its caller asks for, so its callers are the requests (DoTask's `AppDI.resolve()`), never
    /// a request of `T` itself.
    static func isGenericParameter(_ type: RequestedType, at call: FunctionCallExprSyntax) -> Bool {
        guard case .named(let name) = type else { return false }
        return TypeNaming.isGenericParameter(name, at: call)
    }

    /// The context asks for an optional (`let a: A? = container.resolve()`): a library returning
    /// nil for what is not registered is written to tolerate absence.
    static func isOptional(_ call: FunctionCallExprSyntax, requester: Requester) -> Bool {
        guard case .named(let name)? = written(call, requester: requester) else { return false }
        return TypeName.unwrappingOptional(name) != TypeName.normalize(name)
    }

    /// The context's type as written, optional or not.
    private static func written(_ call: FunctionCallExprSyntax, requester: Requester) -> RequestedType? {
        var current = Syntax(call)
        while let parent = current.parent {
            if parent.is(ForceUnwrapExprSyntax.self) || parent.is(TryExprSyntax.self) || parent.is(AwaitExprSyntax.self)
                || parent.is(OptionalChainingExprSyntax.self)
            {
                current = parent
                continue
            }
            if let tuple = parent.as(TupleExprSyntax.self), tuple.elements.count == 1 {
                current = parent
                continue
            }
            if parent.is(LabeledExprSyntax.self), parent.parent?.parent?.is(TupleExprSyntax.self) == true {
                current = parent
                continue
            }
            if parent.is(LabeledExprListSyntax.self) {
                current = parent
                continue
            }
            if let list = parent.as(ExprListSyntax.self) {
                return fromSequence(list, element: current, requester: requester)
            }
            if let clause = parent.as(InitializerClauseSyntax.self) {
                if let binding = clause.parent?.as(PatternBindingSyntax.self), let annotation = binding.typeAnnotation {
                    return .named(TypeName.normalize(annotation.type.trimmedDescription))
                }
                if let param = clause.parent?.as(FunctionParameterSyntax.self) {
                    return .named(TypeName.normalize(param.type.trimmedDescription))
                }
                // `if let x: T = resolve()`, `guard let x: T = …`
                if let condition = clause.parent?.as(OptionalBindingConditionSyntax.self),
                    let annotation = condition.typeAnnotation
                {
                    return .named(TypeName.normalize(annotation.type.trimmedDescription))
                }
                return nil
            }
            if let cast = parent.as(AsExprSyntax.self), cast.questionOrExclamationMark == nil {
                return .named(TypeName.normalize(cast.type.trimmedDescription))
            }
            if parent.is(ReturnStmtSyntax.self) { return returnType(of: parent) }
            if parent.is(CodeBlockItemSyntax.self) { return implicitReturnType(parent) }
            return nil
        }
        return nil
    }

    /// The single expression of a function body or computed property returns implicitly.
    private static func implicitReturnType(_ item: Syntax) -> RequestedType? {
        guard let list = item.parent?.as(CodeBlockItemListSyntax.self), list.count == 1 else { return nil }
        if let function = list.parent?.as(CodeBlockSyntax.self)?.parent?.as(FunctionDeclSyntax.self),
            let type = function.signature.returnClause?.type
        {
            return .named(TypeName.normalize(type.trimmedDescription))
        }
        var accessor: Syntax? = list.parent
        if accessor?.is(CodeBlockSyntax.self) == true { accessor = accessor?.parent?.parent?.parent }
        if let binding = accessor?.as(AccessorBlockSyntax.self)?.parent?.as(PatternBindingSyntax.self),
            let type = binding.typeAnnotation?.type
        {
            return .named(TypeName.normalize(type.trimmedDescription))
        }
        return nil
    }

    /// `self.x = a ?? autoResolve()`, `x = autoResolve()`, `autoResolve() as T` in a sequence.
    private static func fromSequence(_ list: ExprListSyntax, element: Syntax, requester: Requester) -> RequestedType? {
        let items = Array(list)
        guard let index = items.firstIndex(where: { $0.id == element.id }) else { return nil }
        if index + 2 < items.count, items[index + 1].is(UnresolvedAsExprSyntax.self),
            let type = items[index + 2].as(TypeExprSyntax.self)
        {
            return .named(TypeName.normalize(type.type.trimmedDescription))
        }
        if let assign = items[..<index].lastIndex(where: { $0.is(AssignmentExprSyntax.self) }), assign > 0 {
            let target = items[assign - 1]
            // `module.handler = container.resolve()` with `let module = FeedViewController()`:
            // the property of the local's type.
            if let member = target.as(MemberAccessExprSyntax.self), let base = member.base?.as(DeclReferenceExprSyntax.self),
                base.baseName.text != "self", let binding = LocalBinding.find(base.baseName.text, at: base),
                let owner = binding.typeAnnotation.map({ TypeName.unwrappingOptional($0.type.trimmedDescription) })
                    ?? binding.initializer.flatMap({ ExpressionReading.constructedType($0.value) })
            {
                return .storedProperty(owner: owner, property: member.declName.baseName.text)
            }
            let property: String?
            if let member = target.as(MemberAccessExprSyntax.self), member.base?.is(DeclReferenceExprSyntax.self) == true,
                member.base?.trimmedDescription == "self"
            {
                property = member.declName.baseName.text
            } else if let ref = target.as(DeclReferenceExprSyntax.self) {
                property = ref.baseName.text
            } else {
                property = nil
            }
            guard let property, case .type(let owner) = requester else { return nil }
            return .storedProperty(owner: owner, property: property)
        }
        // The right operand of `??` takes the type of the whole sequence's context.
        if let seq = list.parent?.as(SequenceExprSyntax.self), index > 0 {
            return of(seqContext: seq, requester: requester)
        }
        return nil
    }

    private static func of(seqContext seq: SequenceExprSyntax, requester: Requester) -> RequestedType? {
        guard let parent = seq.parent else { return nil }
        if let clause = parent.as(InitializerClauseSyntax.self) {
            if let binding = clause.parent?.as(PatternBindingSyntax.self), let annotation = binding.typeAnnotation {
                return .named(TypeName.normalize(annotation.type.trimmedDescription))
            }
            if let param = clause.parent?.as(FunctionParameterSyntax.self) {
                return .named(TypeName.normalize(param.type.trimmedDescription))
            }
        }
        if parent.is(ReturnStmtSyntax.self) { return returnType(of: parent) }
        return nil
    }

    private static func returnType(of node: Syntax) -> RequestedType? {
        var current: Syntax? = node
        while let n = current {
            if n.is(ClosureExprSyntax.self) { return nil }
            if let function = n.as(FunctionDeclSyntax.self) {
                guard let type = function.signature.returnClause?.type else { return nil }
                return .named(TypeName.normalize(type.trimmedDescription))
            }
            current = n.parent
        }
        return nil
    }
}
