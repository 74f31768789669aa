import Foundation

/// Starlark's built-in functions and the methods of strings, lists and dicts that build
/// descriptions use to compute names and source lists.
extension StarlarkInterpreter {
    func builtin(_ name: String, _ positional: [StarlarkValue], _ keywords: [(String, StarlarkValue)]) throws(Stop) -> StarlarkValue {
        let named = Dictionary(keywords, uniquingKeysWith: { _, last in last })
        func argument(_ i: Int, _ key: String) -> StarlarkValue? { i < positional.count ? positional[i] : named[key] }
        switch name {
        case "glob":
            guard let include = argument(0, "include") ?? argument(0, "srcs") else { return .list([]) }
            let exclude = argument(1, "exclude") ?? .list([])
            guard let patterns = include.items?.compactMap(\.string), let excluded = exclude.items?.compactMap(\.string) else {
                return .unknown("a glob of \(include.unknownReason ?? exclude.unknownReason ?? "patterns digraph cannot evaluate")")
            }
            return .list(host.glob(currentPackage, patterns, excluded).map { .string($0) })
        case "select":
            // Every branch may be built: the union of the lists, or the default's value.
            guard case .dict(let branches) = argument(0, "x") ?? .none else { return .unknown("a select() of no dict") }
            if branches.allSatisfy({ if case .list = $0.value { true } else { false } }) {
                return .list(branches.flatMap { $0.value.items ?? [] })
            }
            return branches.first { $0.key.string?.hasSuffix(":default") == true }?.value ?? branches.first?.value ?? .none
        case "len":
            if case .dict(let d) = positional.first ?? .none { return .int(d.count) }
            return (positional.first?.items?.count).map { .int($0) } ?? .unknown("len of an unknown value")
        case "str":
            return (positional.first?.printed).map { .string($0) } ?? .unknown("str of an unknown value")
        case "int":
            if case .int = positional.first ?? .none { return positional[0] }
            return positional.first?.string.flatMap { Int($0) }.map { .int($0) } ?? .unknown("int of an unknown value")
        case "bool":
            return positional.first.map { $0.truth.map { .bool($0) } ?? .unknown("bool of an unknown value") } ?? .bool(false)
        case "list", "tuple", "sorted", "reversed":
            guard let first = positional.first else { return .list([]) }
            guard var items = first.items else { return first.unknownReason.map { .unknown($0) } ?? .unknown("\(name) of a \(first.typeName)") }
            if name == "reversed" { items.reverse() }
            if name == "sorted" {
                if items.allSatisfy({ $0.string != nil }) { items.sort { $0.string! < $1.string! } } else { return .unknown("sorted of mixed values") }
            }
            return .list(items)
        case "dict":
            var entries: [(key: StarlarkValue, value: StarlarkValue)] = []
            if let first = positional.first {
                switch first {
                case .dict(let d): entries = d
                case .list(let pairs):
                    for pair in pairs {
                        guard let kv = pair.items, kv.count == 2 else { return .unknown("dict of something other than pairs") }
                        entries.append((kv[0], kv[1]))
                    }
                default: return .unknown("dict of a \(first.typeName)")
                }
            }
            for (key, value) in keywords { entries.append((.string(key), value)) }
            return .dict(entries)
        case "depset":
            var items = (argument(0, "direct") ?? .list([])).items ?? []
            for transitive in (named["transitive"]?.items ?? []) { items += transitive.items ?? [] }
            return .list(items)
        case "struct":
            return .structure(named)
        case "range":
            let ints = positional.compactMap { if case .int(let i) = $0 { i } else { nil } }
            guard ints.count == positional.count, !ints.isEmpty else { return .unknown("a range digraph cannot evaluate") }
            let (start, end) = ints.count == 1 ? (0, ints[0]) : (ints[0], ints[1])
            let step = ints.count > 2 ? ints[2] : 1
            guard step != 0, abs(end - start) / abs(step) <= 100_000 else { return .unknown("a range too long") }
            return .list(stride(from: start, to: end, by: step).map { .int($0) })
        case "enumerate":
            guard let items = positional.first?.items else { return .unknown("enumerate of an unknown value") }
            return .list(items.enumerated().map { .list([.int($0.offset), $0.element]) })
        case "zip":
            let lists = positional.map(\.items)
            guard lists.allSatisfy({ $0 != nil }), let shortest = lists.map({ $0!.count }).min() else { return .unknown("zip of an unknown value") }
            return .list((0..<shortest).map { i in .list(lists.map { $0![i] }) })
        case "any", "all":
            guard let items = positional.first?.items else { return .unknown("\(name) of an unknown value") }
            let truths = items.map(\.truth)
            if truths.contains(where: { $0 == nil }) { return .unknown("\(name) of unknown values") }
            return .bool(name == "any" ? truths.contains(true) : !truths.contains(false))
        case "min", "max":
            let values = positional.count == 1 ? positional[0].items ?? [] : positional
            let ints = values.compactMap { if case .int(let i) = $0 { i } else { nil } }
            guard ints.count == values.count, let result = name == "min" ? ints.min() : ints.max() else { return .unknown("\(name) of non-integers") }
            return .int(result)
        case "hasattr":
            guard positional.count == 2, case .structure(let fields) = positional[0], let key = positional[1].string else { return .unknown("hasattr") }
            return .bool(fields[key] != nil)
        case "getattr":
            guard positional.count >= 2, let key = positional[1].string else { return .unknown("getattr") }
            if case .structure(let fields) = positional[0], let value = fields[key] { return value }
            if case .builtin("native") = positional[0] { return .builtin(key) }
            return positional.count > 2 ? positional[2] : .unknown("getattr of '\(key)'")
        case "type":
            return (positional.first?.typeName).map { .string($0) } ?? .none
        case "fail":
            throw .fail(positional.compactMap(\.printed).joined(separator: " "))
        case "print":
            return .none
        case "Label":
            return positional.first ?? .unknown("Label()")
        case "package_name":
            return .string(currentPackage)
        case "repository_name":
            return .string("@")
        case "read_config":
            // Buck: a setting from .buckconfig, or the default given.
            if let section = argument(0, "section")?.string, let key = argument(1, "field")?.string, let value = host.config(section, key) {
                return .string(value)
            }
            return argument(2, "default") ?? .unknown("read_config(\(positional.compactMap(\.printed).joined(separator: ", ")))")
        default:
            return .unknown("\(name)()")
        }
    }

    func method(_ receiver: StarlarkValue, _ name: String, _ positional: [StarlarkValue], _ keywords: [(String, StarlarkValue)]) -> StarlarkValue {
        let strings = positional.map(\.string)
        switch (receiver, name) {
        case (.string(let s), "format"):
            return format(s, positional, Dictionary(keywords, uniquingKeysWith: { _, last in last }))
        case (.string(let s), "replace") where strings.count >= 2 && strings[0] != nil && strings[1] != nil:
            return .string(s.replacingOccurrences(of: strings[0]!, with: strings[1]!))
        case (.string(let s), "startswith") where strings.first != nil:
            if let prefix = strings[0] { return .bool(s.hasPrefix(prefix)) }
            if let prefixes = positional[0].items?.compactMap(\.string) { return .bool(prefixes.contains { s.hasPrefix($0) }) }
        case (.string(let s), "endswith") where strings.first != nil:
            if let suffix = strings[0] { return .bool(s.hasSuffix(suffix)) }
            if let suffixes = positional[0].items?.compactMap(\.string) { return .bool(suffixes.contains { s.hasSuffix($0) }) }
        case (.string(let s), "lower"): return .string(s.lowercased())
        case (.string(let s), "upper"): return .string(s.uppercased())
        case (.string(let s), "capitalize"): return .string(s.prefix(1).uppercased() + s.dropFirst().lowercased())
        case (.string(let s), "strip"), (.string(let s), "lstrip"), (.string(let s), "rstrip"):
            let set = Set(strings.first.flatMap { $0 } ?? " \t\n\r")
            var text = Substring(s)
            if name != "rstrip" { while let f = text.first, set.contains(f) { text.removeFirst() } }
            if name != "lstrip" { while let l = text.last, set.contains(l) { text.removeLast() } }
            return .string(String(text))
        case (.string(let s), "removeprefix") where strings.first != nil && strings[0] != nil:
            return .string(s.hasPrefix(strings[0]!) ? String(s.dropFirst(strings[0]!.count)) : s)
        case (.string(let s), "removesuffix") where strings.first != nil && strings[0] != nil:
            return .string(s.hasSuffix(strings[0]!) ? String(s.dropLast(strings[0]!.count)) : s)
        case (.string(let s), "split"), (.string(let s), "rsplit"):
            let parts = strings.first.flatMap({ $0 }).map { s.components(separatedBy: $0) } ?? s.split(whereSeparator: \.isWhitespace).map(String.init)
            if positional.count > 1 || keywords.contains(where: { $0.0 == "maxsplit" }) {
                guard case .int(let n) = positional.count > 1 ? positional[1] : keywords.first(where: { $0.0 == "maxsplit" })!.1,
                      let separator = strings.first.flatMap({ $0 }), n >= 0, parts.count > n + 1
                else { return .list(parts.map { .string($0) }) }
                if name == "split" {
                    return .list(parts.prefix(n).map { .string($0) } + [.string(parts.dropFirst(n).joined(separator: separator))])
                }
                return .list([.string(parts.dropLast(n).joined(separator: separator))] + parts.suffix(n).map { .string($0) })
            }
            return .list(parts.map { .string($0) })
        case (.string(let s), "join"):
            guard let items = positional.first?.items, items.allSatisfy({ $0.string != nil }) else { break }
            return .string(items.map { $0.string! }.joined(separator: s))
        case (.string(let s), "rpartition"), (.string(let s), "partition"):
            guard let separator = strings.first.flatMap({ $0 }), !separator.isEmpty else { break }
            let range = name == "partition" ? s.range(of: separator) : s.range(of: separator, options: .backwards)
            guard let range else { return name == "partition" ? .list([.string(s), .string(""), .string("")]) : .list([.string(""), .string(""), .string(s)]) }
            return .list([.string(String(s[..<range.lowerBound])), .string(separator), .string(String(s[range.upperBound...]))])
        case (.string(let s), "find"), (.string(let s), "rfind"):
            guard let needle = strings.first.flatMap({ $0 }) else { break }
            guard let range = name == "find" ? s.range(of: needle) : s.range(of: needle, options: .backwards) else { return .int(-1) }
            return .int(s.distance(from: s.startIndex, to: range.lowerBound))
        case (.string(let s), "count"):
            guard let needle = strings.first.flatMap({ $0 }), !needle.isEmpty else { break }
            return .int(s.components(separatedBy: needle).count - 1)
        case (.string(let s), "isupper"): return .bool(s == s.uppercased() && s != s.lowercased())
        case (.string(let s), "islower"): return .bool(s == s.lowercased() && s != s.uppercased())
        case (.dict(let entries), "get"):
            guard let key = positional.first else { break }
            return entries.first { $0.key.equals(key) == true }?.value ?? (positional.count > 1 ? positional[1] : .none)
        case (.dict(let entries), "keys"): return .list(entries.map(\.key))
        case (.dict(let entries), "values"): return .list(entries.map(\.value))
        case (.dict(let entries), "items"): return .list(entries.map { .list([$0.key, $0.value]) })
        case (.list(let items), "index"):
            guard let value = positional.first, let i = items.firstIndex(where: { $0.equals(value) == true }) else { break }
            return .int(i)
        case (.list(let items), "count"):
            guard let value = positional.first else { break }
            return .int(items.filter { $0.equals(value) == true }.count)
        default:
            break
        }
        return .unknown("'\(name)' of a \(receiver.typeName)")
    }

    /// `"{}_lib".format(name)`, `"{name}Tests".format(name = name)`.
    private func format(_ template: String, _ positional: [StarlarkValue], _ named: [String: StarlarkValue]) -> StarlarkValue {
        var out = ""
        var auto = 0
        var rest = Substring(template)
        while let open = rest.firstIndex(where: { $0 == "{" || $0 == "}" }) {
            out += rest[..<open]
            let after = rest.index(after: open)
            if after < rest.endIndex, rest[after] == rest[open] {
                out.append(rest[open])
                rest = rest[rest.index(after: after)...]
                continue
            }
            guard rest[open] == "{", let close = rest[after...].firstIndex(of: "}") else { return .unknown("a format digraph cannot evaluate") }
            let field = String(rest[after..<close])
            let value: StarlarkValue?
            if field.isEmpty {
                value = auto < positional.count ? positional[auto] : nil
                auto += 1
            } else if let i = Int(field) {
                value = i < positional.count ? positional[i] : nil
            } else {
                value = named[field]
            }
            guard let printed = value?.printed else { return .unknown("a format of \(value?.unknownReason ?? "a missing value")") }
            out += printed
            rest = rest[rest.index(after: close)...]
        }
        out += rest
        return .string(out)
    }
}
