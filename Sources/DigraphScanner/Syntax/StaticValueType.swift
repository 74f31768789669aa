import DigraphCore
import SwiftSyntax

/// The static type of a value handed to a call, as the compiler would infer a generic `T` from
/// it: a cast (`x as P`), a construction (`Impl()`), a local or global annotated (`let s: P = …`)
/// or built (`let s = Impl()`). nil when it cannot be told from the syntax: a property, a call's
/// result, a parameter, `self`. Read for every call given one value, so each shape costs at most
/// one walk up the tree (the memoized local lookup).
enum StaticValueType {
    struct Reading {
        var type: String
        /// What it is built as, when built on the spot or in the local it names.
        var built: String?
    }

    static func of(_ value: ExprSyntax) -> Reading? {
        if let cast = value.as(AsExprSyntax.self), cast.questionOrExclamationMark == nil {
            return Reading(type: TypeName.normalize(cast.type.trimmedDescription), built: ExpressionReading.constructedType(cast.expression))
        }
        if let sequence = value.as(SequenceExprSyntax.self) {
            let items = Array(sequence.elements)
            guard items.count == 3, let cast = items[1].as(UnresolvedAsExprSyntax.self), cast.questionOrExclamationMark == nil,
                let type = items[2].as(TypeExprSyntax.self)
            else { return nil }
            return Reading(type: TypeName.normalize(type.type.trimmedDescription), built: ExpressionReading.constructedType(items[0]))
        }
        if value.is(FunctionCallExprSyntax.self) {
            return ExpressionReading.constructedType(value).map { Reading(type: $0, built: $0) }
        }
        guard let reference = value.as(DeclReferenceExprSyntax.self), reference.baseName.tokenKind != .keyword(.self),
            reference.baseName.text.first?.isLowercase == true,
            let binding = LocalBinding.find(reference.baseName.text, at: reference)
        else { return nil }
        let built = binding.initializer.flatMap { ExpressionReading.constructedType($0.value) }
        if let annotation = binding.typeAnnotation { return Reading(type: TypeName.normalize(annotation.type.trimmedDescription), built: built) }
        return built.map { Reading(type: $0, built: $0) }
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
