/// Builders for the stable service identifiers of the spec:
/// `Type`, `Type#name`, `Type(Arg1,Arg2)`, `Type#name(Arg1)`, `Owner.property`, `Type.shared`.
public enum ServiceID {
    /// Unknown argument types are written `_`.
    public static func typeKeyed(type: String, name: String?, arguments: [String]) -> String {
        var id = type
        if let name { id += "#\(name)" }
        if !arguments.isEmpty { id += "(\(arguments.joined(separator: ",")))" }
        return id
    }

    public static func member(owner: String, property: String) -> String {
        "\(owner).\(property)"
    }

    public static let unknownArgument = "_"
    /// A registration or request name that is not a string literal.
    public static let dynamicName = "?"
}
