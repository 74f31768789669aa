import DigraphCore
import Yams

/// Typed reads of YAML nodes that fail with the key's name and position.
struct NodeReader {
    let file: String

    func error(at node: Node, _ message: String) -> DigraphError {
        let mark = node.mark
        return .configuration(file: file, line: mark.map { $0.line }, column: mark.map { $0.column }, message: message)
    }

    func mapping(_ node: Node, key: String) throws(DigraphError) -> [(Node, Node)] {
        guard let mapping = node.mapping else { throw error(at: node, "'\(key)' must be a mapping") }
        return mapping.map { ($0.key, $0.value) }
    }

    func string(_ node: Node, key: String) throws(DigraphError) -> String {
        guard let scalar = node.scalar else { throw error(at: node, "'\(key)' must be a string") }
        return scalar.string
    }

    func strings(_ node: Node, key: String) throws(DigraphError) -> [String] {
        guard let sequence = node.sequence else { throw error(at: node, "'\(key)' must be a list of strings") }
        var out: [String] = []
        for item in sequence {
            guard let scalar = item.scalar else { throw error(at: item, "'\(key)' must be a list of strings") }
            out.append(scalar.string)
        }
        return out
    }

    func int(_ node: Node, key: String) throws(DigraphError) -> Int {
        guard let scalar = node.scalar, let value = Int(scalar.string), value >= 0 else {
            throw error(at: node, "'\(key)' must be a non-negative integer")
        }
        return value
    }

    func bool(_ node: Node, key: String) throws(DigraphError) -> Bool {
        switch node.scalar?.string {
        case "true"?: return true
        case "false"?: return false
        default: throw error(at: node, "'\(key)' must be true or false")
        }
    }

    func ruleID(_ node: Node, key: String) throws(DigraphError) -> String {
        let id = try string(node, key: key)
        guard RuleCatalog.ids.contains(id) else {
            var message = "'\(key)': unknown rule '\(id)'"
            if let guess = Suggestion.closest(to: id, in: RuleCatalog.ids) { message += "; did you mean '\(guess)'?" }
            throw error(at: node, message)
        }
        return id
    }

    func ruleIDs(_ node: Node, key: String) throws(DigraphError) -> [String] {
        guard let sequence = node.sequence else { throw error(at: node, "'\(key)' must be a list of rule ids") }
        var out: [String] = []
        for item in sequence { out.append(try ruleID(item, key: key)) }
        return out
    }

    func ruleOptions(_ node: Node) throws(DigraphError) -> [String: RuleOptions] {
        var result: [String: RuleOptions] = [:]
        for (idNode, value) in try mapping(node, key: "rules") {
            let id = try ruleID(idNode, key: "rules")
            var options = RuleOptions()
            for (keyNode, optionValue) in try mapping(value, key: "rules.\(id)") {
                let key = try string(keyNode, key: "rules.\(id)")
                let path = "rules.\(id).\(key)"
                switch key {
                case "severity":
                    let raw = try string(optionValue, key: path)
                    guard let severity = Severity(rawValue: raw) else {
                        throw error(at: optionValue, "'\(path)' must be one of error, warning, note (got '\(raw)')")
                    }
                    options.severity = severity
                case "threshold": options.threshold = try int(optionValue, key: path)
                case "allow": options.allow = try strings(optionValue, key: path)
                case "count_tests": options.countTests = try bool(optionValue, key: path)
                default:
                    throw error(at: keyNode, "unknown key '\(path)' (rules take severity, threshold, allow, count_tests)")
                }
            }
            result[id] = options
        }
        return result
    }

    /// `assume_registered:` a list of keys (`APIClient`, `Database#primary`) and of sites with
    /// what they register (`{ site: Sources/DI/Modules.swift:88, registers: [APIClient] }`).
    func assumedRegistrations(_ node: Node) throws(DigraphError) -> [AssumedRegistration] {
        let key = "assume_registered"
        let shape = "'\(key)' must be a list of service keys and of { site: PATH[:LINE], registers: [KEY, …] }"
        guard let sequence = node.sequence else { throw error(at: node, shape) }
        var result: [AssumedRegistration] = []
        for item in sequence {
            if let scalar = item.scalar {
                guard !scalar.string.isEmpty else { throw error(at: item, "'\(key)': a key must not be empty") }
                result.append(AssumedRegistration(site: nil, keys: [scalar.string]))
                continue
            }
            guard item.mapping != nil else { throw error(at: item, shape) }
            var site: String?
            var keys: [String] = []
            for (keyNode, value) in try mapping(item, key: key) {
                switch try string(keyNode, key: key) {
                case "site": site = try string(value, key: "\(key).site")
                case "registers": keys = try strings(value, key: "\(key).registers")
                case let other:
                    throw error(at: keyNode, "unknown key '\(key).\(other)' (a site takes site and registers)")
                }
            }
            guard let site, !site.isEmpty else { throw error(at: item, "'\(key)': an entry with registers needs a site") }
            result.append(AssumedRegistration(site: site, keys: keys))
        }
        return result
    }

    func lifetimes(_ node: Node) throws(DigraphError) -> [String: Lifetime] {
        var result: [String: Lifetime] = [:]
        for (nameNode, value) in try mapping(node, key: "lifetimes") {
            let name = try string(nameNode, key: "lifetimes")
            let raw = try string(value, key: "lifetimes.\(name)")
            guard let lifetime = Lifetime(rawValue: raw) else {
                let allowed = Lifetime.allCases.map(\.rawValue).joined(separator: ", ")
                throw error(at: value, "'lifetimes.\(name)' must be one of \(allowed) (got '\(raw)')")
            }
            result[name] = lifetime
        }
        return result
    }
}

enum YAMLErrorReading {
    static func configurationError(_ error: YamlError, file: String) -> DigraphError {
        switch error {
        case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _):
            return .configuration(file: file, line: mark.line, column: mark.column, message: "invalid YAML: \(problem)")
        case .composer(_, let problem, let mark, _):
            return .configuration(file: file, line: mark.line, column: mark.column, message: "invalid YAML: \(problem)")
        default:
            return .configuration(file: file, line: nil, column: nil, message: "invalid YAML: \(error)")
        }
    }
}
