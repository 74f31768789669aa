import DigraphCore
import SwiftSyntax

/// Which `Assembly` types the code constructs: an assembly nothing constructs never runs its
/// registrations (a fake assembly of a test-support module, a leftover), so they duplicate nothing.
enum AssemblyConstructions {
    /// `Assembler([A(), B()])`, `assembler.apply(assembly: C())`, `apply(assemblies: [D()])`, and any
    /// construction of a type named like one (`…Assembly…(…)`, kept in a list first, say).
    static func record(_ call: FunctionCallExprSyntax, in state: ScanState) {
        // On every call of every file: the called name (a token's text) gates the costlier reading.
        guard state.mentionsAssemblies, let name = state.calledName(call) else { return }
        // Byte searches: `String.contains` goes through Foundation's `range(of:)`, costly on every call.
        if SourceKeywords.contains(name, "Assembly") || name == "init",
            let type = ExpressionReading.constructedType(ExprSyntax(call)), SourceKeywords.contains(type, "Assembly")
        {
            insert(type, state)
        }
        guard name == "Assembler" || name == "apply" else { return }
        for argument in call.arguments {
            let elements = argument.expression.as(ArrayExprSyntax.self).map { $0.elements.map(\.expression) }
                ?? [argument.expression]
            for element in elements {
                guard let type = ExpressionReading.constructedType(element) else { continue }
                insert(type, state)
                state.facts.appliedAssemblies.append(
                    AppliedAssemblyFact(type: type, registry: .swinject, location: state.location(of: element)))
            }
        }
    }

    static func insert(_ type: String, _ state: ScanState) {
        if !state.facts.constructedAssemblies.contains(type) {
            state.facts.constructedAssemblies.append(type)
            state.facts.constructedAssemblies.sort()
        }
    }

    /// The type whose `assemble(container:)` encloses a registration.
    static func enclosingAssembly(of node: some SyntaxProtocol) -> String? {
        var current = Syntax(node).parent
        while let n = current {
            if let function = n.as(FunctionDeclSyntax.self) {
                guard function.name.text == "assemble" else { return nil }
                var outer = function.parent
                while let o = outer {
                    if let type = TypeNaming.declaredName(of: o) { return type }
                    outer = o.parent
                }
                return nil
            }
            current = n.parent
        }
        return nil
    }
}
