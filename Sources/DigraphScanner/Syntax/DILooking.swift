import DigraphCore
import SwiftSyntax

/// What looks like dependency injection, to say so when no extractor read it. Look-alikes that
/// are not DI (table view cell registration, `UserDefaults.register(defaults:)`, promises) never
/// count.
enum DILooking {
    static let callNames: Set<String> = [
        "register", "resolve", "autoregister", "registerSingleton", "registerFactory", "registerInstance",
        "registerService", "resolveService", "inject",
    ]
    static let wrapperNames = DILookingNames.wrappers
    static let typeSuffixes = ["Container", "Assembly", "Assembler", "DependencyContainer", "Environment", "Factory"]
    /// Names of a global holding the services every file reads (`Current`, `AppEnvironment`, `World`).
    static let environmentNames = ["Environment", "World", "Env"]
    private static let notDILabels: Set<String> = [
        "forCellReuseIdentifier", "forCellWithReuseIdentifier", "forSupplementaryViewOfKind", "forHeaderFooterViewReuseIdentifier",
        "defaults", "withReuseIdentifier",
        // `BGTaskScheduler.shared.register(forTaskWithIdentifier:using:launchHandler:)`: a
        // background task's handler (PDF-Archiver's hid a real miss behind it).
        "forTaskWithIdentifier",
    ]

    /// `x.register(Y.self …)`, `resolve(Y.self)`, or a `register` with a trailing closure.
    /// `name`: the name the call invokes (``ExpressionReading/calledName(_:)``).
    static func call(_ call: FunctionCallExprSyntax, name: String?) -> String? {
        guard let name, callNames.contains(name) else { return nil }
        if call.arguments.contains(where: { $0.label.map { notDILabels.contains($0.text) } ?? false }) { return nil }
        let takesMetatype = call.arguments.contains { ExpressionReading.metatype($0.expression) != nil }
        guard takesMetatype || call.trailingClosure != nil || name != "resolve" && name != "register" else { return nil }
        let receiver = call.calledExpression.as(MemberAccessExprSyntax.self)?.base.map { "\($0.trimmedDescription)." } ?? ""
        return "\(receiver.count > 30 ? "…." : receiver)\(name)(…)"
    }

    static let registrationNames: Set<String> = [
        "register", "autoregister", "registerSingleton", "registerFactory", "registerInstance", "registerService",
    ]

    /// The keys an unread registration call may register: every key of every type-keyed
    /// registry, since its receiver was not read (a project's wrapper, an unknown container).
    /// Nil for requests, and for registrations of views (`register(cellType: ProductCell.self)`,
    /// a receiver that is a table or collection view): UIKit's, not a container's.
    static func opens(_ call: FunctionCallExprSyntax, name: String) -> OpenKeys? {
        guard registrationNames.contains(name) else { return nil }
        if let base = call.calledExpression.as(MemberAccessExprSyntax.self)?.base {
            let receiver = base.trimmedDescription.lowercased()
            if viewReceivers.contains(where: { receiver.hasSuffix($0) }) { return nil }
        }
        for argument in call.arguments {
            if let label = argument.label?.text, viewLabels.contains(label) { return nil }
            if let type = ExpressionReading.metatype(argument.expression),
                viewTypeSuffixes.contains(where: { TypeName.lastComponent(type).hasSuffix($0) })
            {
                return nil
            }
        }
        if let fixed = HelperRegistrations.fixedType(called: call, name: name) {
            return OpenKeys(registry: nil, type: fixed, anyName: true)
        }
        return .everything
    }

    private static let viewReceivers = ["tableview", "collectionview", "table", "collection", "view", "cell"]
    private static let viewLabels: Set<String> = ["cellType", "cellClass", "nib", "headerFooterViewType", "supplementaryViewType"]
    private static let viewTypeSuffixes = ["Cell", "View", "ReusableView", "Header", "Footer"]

    /// `@Injected var x`, `@Injected(\.x) var y`.
    static func wrapper(_ node: VariableDeclSyntax) -> String? {
        for element in node.attributes {
            guard let attribute = element.as(AttributeSyntax.self) else { continue }
            let name = attribute.attributeName.trimmedDescription
            if wrapperNames.contains(name) { return "@\(name)" }
        }
        return nil
    }

    /// `class AppContainer`, `struct AppEnvironment`, `final class NetworkAssembly`.
    static func typeName(_ name: String) -> Bool { typeSuffixes.contains { name.hasSuffix($0) && name != $0 } }
}
