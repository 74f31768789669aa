import DigraphCore
import SwiftSyntax

/// SwiftUI previews: a type conforming to `PreviewProvider` and a `#Preview { … }` body. Xcode's
/// canvas runs them, the app never does, so what they ask for is marked
/// ``RequestFact/isDesignTime``: no dependent of a singleton, and a miss there is a note. What
/// they register (a mock overriding the app's registration for the canvas, musiq's) is
/// ``RegistrationFact/isDesignTime``: never a duplicate of the app's. A value a preview gives a
/// swift-dependencies key (`#Preview { … withDependencies: { $0.x = .mock } }`) is no value the
/// app has: it is dropped (CHALLA's app left a use case unassigned that its previews assign).
struct DesignTimeCode {
    /// Request counts (type-keyed, member) when each enclosing preview began.
    private var starts: [(requests: Int, members: Int, shared: Int, registrations: Int, assignments: Int, setupCalls: Int)] = []

    static func isPreview(_ node: StructDeclSyntax) -> Bool {
        node.inheritanceClause?.inheritedTypes.contains { InheritedTypeReading.base($0).trimmedDescription == "PreviewProvider" } == true
    }

    static func isPreview(_ macroName: TokenSyntax) -> Bool { macroName.text == "Preview" }

    mutating func enter(_ state: ScanState) {
        starts.append(
            (state.facts.requests.count, state.facts.members.requests.count, state.facts.sharedAccesses.count,
             state.facts.registrations.count, state.facts.members.assignments.count, state.facts.setupCalls.count))
    }

    /// Marks what the preview asked for. Nested previews mark their part again, harmlessly.
    mutating func leave(_ state: ScanState) {
        guard let start = starts.popLast() else { return }
        for i in start.requests..<state.facts.requests.count { state.facts.requests[i].isDesignTime = true }
        for i in start.members..<state.facts.members.requests.count { state.facts.members.requests[i].isDesignTime = true }
        for i in start.shared..<state.facts.sharedAccesses.count { state.facts.sharedAccesses[i].isDesignTime = true }
        for i in start.registrations..<state.facts.registrations.count { state.facts.registrations[i].isDesignTime = true }
        for i in start.setupCalls..<state.facts.setupCalls.count { state.facts.setupCalls[i].isDesignTime = true }
        if start.assignments < state.facts.members.assignments.count {
            state.facts.members.assignments.removeSubrange(start.assignments...)
        }
    }
}
