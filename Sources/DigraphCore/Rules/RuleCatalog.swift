/// Every rule digraph ships, in catalog order. Rule ids never change once released.
public enum RuleCatalog {
    public static let all: [any Rule.Type] = [
        DependencyCycleRule.self,
        MissingRegistrationRule.self,
        ScopeMismatchRule.self,
        GodSingletonRule.self,
        DuplicateRegistrationRule.self,
        ArgumentMismatchRule.self,
        UnusedRegistrationRule.self,
        TooManyDependenciesRule.self,
        UnanalyzableRegistrationRule.self,
        SnapshotDriftRule.self,
        SuperfluousSuppressionRule.self,
    ]

    public static let ids: [String] = all.map { $0.description.id }

    public static func rule(id: String) -> (any Rule.Type)? { all.first { $0.description.id == id } }
}
