/// What DITranquillity makes of a requested type before looking it up: `Lazy<T>` (built on first
/// use, then kept), `Provider<T>` / `ProviderN<T, A…>` (a new resolve on each use), their `Async…`
/// forms, `T?` (nil when absent), and `[T]` (every registration of `T`, as `many` does), nested
/// in any order.
enum DITranquillityRequestedType {
    struct Reading: Equatable {
        var type: String
        var deferred = false
        /// False for a provider: it resolves again on each use and keeps nothing.
        var keeps = true
        var optional = false
        var collects = false
    }

    static func read(_ written: String) -> Reading {
        var reading = Reading(type: TypeName.normalize(written))
        while true {
            let unwrapped = TypeName.unwrappingOptional(reading.type)
            if unwrapped != reading.type {
                reading.optional = true
                reading.type = unwrapped
                continue
            }
            let type = reading.type
            if type.hasPrefix("["), type.hasSuffix("]"), !type.contains(":") {
                reading.collects = true
                reading.type = String(type.dropFirst().dropLast())
                continue
            }
            if type.hasSuffix(">"), let inner = wrapped(type) {
                reading.deferred = true
                reading.keeps = reading.keeps && inner.keeps
                reading.type = inner.type
                continue
            }
            return reading
        }
    }

    /// `Lazy<T>` → T; `Provider2<T,A,B>` → T (its runtime arguments are the caller's).
    private static func wrapped(_ type: String) -> (type: String, keeps: Bool)? {
        guard let open = type.firstIndex(of: "<") else { return nil }
        let head = String(type[..<open])
        let base = head.hasPrefix("SwiftLazy.") ? String(head.dropFirst("SwiftLazy.".count)) : head
        let keeps: Bool
        switch base {
        case "Lazy", "AsyncLazy": keeps = true
        case _ where base.hasPrefix("Provider") || base.hasPrefix("AsyncProvider"):
            let digits = base.drop { $0.isLetter }
            guard digits.allSatisfy(\.isNumber) else { return nil }
            keeps = false
        default: return nil
        }
        let inner = type[type.index(after: open)..<type.index(before: type.endIndex)]
        var depth = 0
        var first = ""
        for ch in inner {
            if ch == "<" || ch == "[" || ch == "(" { depth += 1 }
            if ch == ">" || ch == "]" || ch == ")" { depth -= 1 }
            if ch == ",", depth == 0 { break }
            first.append(ch)
        }
        return first.isEmpty ? nil : (first, keeps)
    }
}
