import DigraphCore
import SwiftSyntax

/// The static type of a value handed to a call, as the compiler would infer a generic `T` from
/// it: a cast (`x as P`), a construction (`Impl()`), a local or global annotated (`let s: P = …`)
/// or built (`let s = Impl()`). nil when it cannot be told from the syntax: a property, a call's
/// result, a parameter.
enum StaticValueType {
    static func of(_ value: ExprSyntax) -> String? {
        let written = ArgumentTyping.type(of: value)
        if written != ServiceID.unknownArgument { return written }
        if let built = ExpressionReading.constructedType(value) { return built }
        if let reference = value.as(DeclReferenceExprSyntax.self), let binding = LocalBinding.find(reference.baseName.text, at: reference),
            let initializer = binding.initializer?.value
        {
            return ExpressionReading.constructedType(initializer)
        }
        return nil
    }

    /// What the value is built as, when it is built on the spot or in the local it names.
    static func built(_ value: ExprSyntax) -> String? {
        if let built = ExpressionReading.constructedType(value) { return built }
        if let reference = value.as(DeclReferenceExprSyntax.self), let binding = LocalBinding.find(reference.baseName.text, at: reference),
            let initializer = binding.initializer?.value
        {
            return ExpressionReading.constructedType(initializer)
        }
        return nil
    }

    /// Values no project registers as a service: text, numbers, flags, dates, collections.
    static func isPlainValue(_ type: String) -> Bool {
        plain.contains(type) || type.hasPrefix("[") || type.hasSuffix("?")
    }

    private static let plain: Set<String> = [
        "String", "Substring", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
        "Double", "Float", "CGFloat", "Bool", "Character", "Date", "Data", "URL", "UUID", "TimeInterval", "Decimal",
        "NSNumber", "NSString", "CGPoint", "CGSize", "CGRect",
    ]
}
