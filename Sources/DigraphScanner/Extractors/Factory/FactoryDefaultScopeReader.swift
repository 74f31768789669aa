import DigraphCore
import SwiftSyntax

/// `manager.defaultScope = .singleton`: the scope a Factory container gives every factory that
/// does not choose one (set in `autoRegister()`, an `init`, or at launch through
/// `Container.shared.manager`). Recorded per container type; the link applies it (see
/// `DefaultLifetimes`), and a container whose default is set to different or unreadable scopes
/// gives those factories an unknown lifetime.
enum FactoryDefaultScopeReader {
    static func visit(_ node: SequenceExprSyntax, state: ScanState) {
        let items = Array(node.elements)
        guard items.count == 3, items[1].is(AssignmentExprSyntax.self),
            let target = items[0].as(MemberAccessExprSyntax.self), target.declName.baseName.text == "defaultScope",
            let receiver = target.base
        else { return }
        let owner: String?
        if let bare = receiver.as(DeclReferenceExprSyntax.self), bare.baseName.text == "manager" {
            owner = TypeNaming.enclosingName(of: node)
        } else if let member = receiver.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "manager" {
            owner = containerType(of: member.base, at: node)
        } else {
            return
        }
        let scope = FactoryScope.read(items[2])
        state.facts.defaultLifetimes.append(
            DefaultLifetimeFact(
                registry: .factory, lifetime: scope?.lifetime, detail: scope?.name ?? items[2].trimmedDescription,
                location: state.location(of: node), owner: owner))
    }

    /// `self.manager` inside a container: that container; `Container.shared.manager` and
    /// `Container().manager`: `Container`; anything else (a variable): nil, any container.
    private static func containerType(of base: ExprSyntax?, at node: SequenceExprSyntax) -> String? {
        guard let base else { return nil }
        if let reference = base.as(DeclReferenceExprSyntax.self) {
            return reference.baseName.text == "self" ? TypeNaming.enclosingName(of: node) : nil
        }
        if let shared = base.as(MemberAccessExprSyntax.self), shared.declName.baseName.text == "shared",
            let type = shared.base?.as(DeclReferenceExprSyntax.self), type.baseName.text.startsUppercase
        {
            return type.baseName.text
        }
        if let call = base.as(FunctionCallExprSyntax.self),
            let type = call.calledExpression.as(DeclReferenceExprSyntax.self), type.baseName.text.startsUppercase
        {
            return type.baseName.text
        }
        return nil
    }
}
