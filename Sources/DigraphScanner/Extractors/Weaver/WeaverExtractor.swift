import DigraphCore
import SwiftSyntax

/// Weaver (scribd/Weaver), in files that spell `weaver:` or `@Weaver`:
///
/// ```swift
/// final class AppDelegate {
///     // weaver: movieManager = MovieManager <- MovieManaging
///     // weaver: movieManager.scope = .container
///     @Weaver(.registration, type: ImageManager.self, scope: .weak)
///     private var imageManager: ImageManaging
/// }
/// final class MovieManager {
///     // weaver: logger <- Logger
///     // weaver: host <= String?
///     @Weaver(.reference) private var urlSession: URLSession
///     init(injecting dependencies: MovieManagerDependencyResolver) {
///         self.logger = dependencies.logger
///     }
/// }
/// ```
///
/// Annotations are comments: they are read from the trivia of the tokens inside a type's body
/// (never from comments elsewhere, never from string literals), and belong to the innermost type
/// around them. `dependencies.x` read from a parameter or property typed `…DependencyResolver` is
/// the annotated type using `x`. Weaver's generated code carries no annotation, so it adds nothing.
final class WeaverExtractor {
    private let state: ScanState

    init(state: ScanState) { self.state = state }

    static let wrapperName = "Weaver"

    // MARK: - Types

    func visitType(_ node: some DeclGroupSyntax, name: String) {
        var annotations: [WeaverAnnotationFact] = []
        var scopes: [String: String] = [:]
        var builders: Set<String> = []
        var isolated = false
        for comment in comments(in: node.memberBlock) {
            guard let line = Self.annotationText(comment.text) else { continue }
            switch Self.parse(line) {
            case .registration(let dependency, let concrete, let abstract)?:
                annotations.append(
                    WeaverAnnotationFact(
                        owner: name, name: dependency, kind: .registration, type: abstract ?? concrete,
                        concreteType: concrete, location: location(comment)))
            case .reference(let dependency, let type)?:
                annotations.append(
                    WeaverAnnotationFact(
                        owner: name, name: dependency, kind: .reference, type: type,
                        location: location(comment)))
            case .parameter(let dependency, let type)?:
                annotations.append(
                    WeaverAnnotationFact(
                        owner: name, name: dependency, kind: .parameter, type: type,
                        location: location(comment)))
            case .scope(let dependency, let scope)?: scopes[dependency] = scope
            case .builder(let dependency)?: builders.insert(dependency)
            case .isolated(let value)?: isolated = value
            case nil: continue
            }
        }
        for decl in NeedleExtractor.memberDecls(node.memberBlock) {
            guard let variable = decl.as(VariableDeclSyntax.self) else { continue }
            annotations += wrapped(variable, owner: name)
        }
        for i in annotations.indices where !annotations[i].isPropertyWrapper {
            if let scope = scopes[annotations[i].name] { annotations[i].scope = scope }
            if builders.contains(annotations[i].name) { annotations[i].hasBuilder = true }
        }
        guard !annotations.isEmpty || isolated else { return }
        state.facts.weaver.annotations += annotations
        let isPublic = node.modifiers.contains { $0.name.text == "public" || $0.name.text == "open" }
        let location: DigraphCore.SourceLocation
        if let named = node.asProtocol(NamedDeclSyntax.self) {
            location = state.location(of: named.name)
        } else {
            location = state.location(of: node)
        }
        state.facts.weaver.types.append(
            WeaverTypeFact(name: name, isPublic: isPublic, isIsolated: isolated, location: location))
    }

    private struct Comment {
        var text: String
        /// Where the comment starts.
        var position: AbsolutePosition
    }

    private func location(_ comment: Comment) -> DigraphCore.SourceLocation {
        let loc = state.converter.location(for: comment.position)
        return DigraphCore.SourceLocation(file: state.path, line: loc.line, column: loc.column)
    }

    /// Line comments in a type's body that are not inside a nested type's body.
    private func comments(in block: MemberBlockSyntax) -> [Comment] {
        var out: [Comment] = []
        func read(_ trivia: Trivia, from start: AbsolutePosition) {
            var position = start
            for piece in trivia {
                switch piece {
                case .lineComment(let text), .docLineComment(let text):
                    out.append(Comment(text: text, position: position))
                case .blockComment(let text), .docBlockComment(let text):
                    for line in text.split(separator: "\n") { out.append(Comment(text: String(line), position: position)) }
                default: break
                }
                position += piece.sourceLength
            }
        }
        func read(_ token: TokenSyntax) {
            read(token.leadingTrivia, from: token.position)
            read(token.trailingTrivia, from: token.endPositionBeforeTrailingTrivia)
        }
        func scan(_ node: some SyntaxProtocol) {
            for token in node.tokens(viewMode: .sourceAccurate) { read(token) }
        }
        read(block.leftBrace.trailingTrivia, from: block.leftBrace.endPositionBeforeTrailingTrivia)
        func members(_ list: MemberBlockItemListSyntax) {
            for item in list {
                let decl = item.decl
                if let config = decl.as(IfConfigDeclSyntax.self) {
                    for clause in config.clauses {
                        read(clause.poundKeyword)
                        if case .decls(let inner)? = clause.elements { members(inner) }
                    }
                    read(config.poundEndif)
                    continue
                }
                if let group = decl.asProtocol(DeclGroupSyntax.self) {
                    // A nested type keeps its own annotations; the comments before it are ours.
                    if let first = group.firstToken(viewMode: .sourceAccurate) {
                        read(first.leadingTrivia, from: first.position)
                    }
                    continue
                }
                scan(item)
            }
        }
        members(block.members)
        read(block.rightBrace.leadingTrivia, from: block.rightBrace.position)
        return out
    }

    /// The text after `weaver:` of a `// weaver: …` comment.
    static func annotationText(_ comment: String) -> String? {
        var text = Substring(comment)
        for prefix in ["///", "//", "/*", "*"] where text.hasPrefix(prefix) {
            text = text.dropFirst(prefix.count)
            break
        }
        if text.hasSuffix("*/") { text = text.dropLast(2) }
        text = text.drop { $0 == " " || $0 == "\t" }
        guard text.hasPrefix("weaver:") else { return nil }
        return trimmed(text.dropFirst("weaver:".count))
    }

    private static func trimmed(_ text: Substring) -> String {
        String(text.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }

    enum Annotation: Equatable {
        case registration(name: String, concrete: String, abstract: String?)
        case reference(name: String, type: String)
        case parameter(name: String, type: String)
        case scope(name: String, scope: String)
        case builder(name: String)
        case isolated(Bool)
    }

    /// Weaver's grammar: `name = Impl <- P`, `name = Impl`, `name <- T`, `name <= T`,
    /// `name.scope = .s`, `name.builder = f`, `self.isIsolated = true`; other configuration
    /// attributes and `import M` say nothing about the graph.
    static func parse(_ text: String) -> Annotation? {
        guard let nameEnd = text.firstIndex(where: { !($0.isLetter || $0.isNumber || $0 == "_") }),
            nameEnd > text.startIndex
        else { return nil }
        let name = String(text[..<nameEnd])
        var rest = Substring(text[nameEnd...])
        if rest.hasPrefix(".") {
            rest = rest.dropFirst()
            guard let eq = rest.firstIndex(of: "=") else { return nil }
            let attribute = trimmed(rest[..<eq])
            let value = trimmed(rest[rest.index(after: eq)...])
            switch attribute {
            case "scope":
                guard value.hasPrefix(".") else { return nil }
                return .scope(name: name, scope: String(value.dropFirst()))
            case "builder": return .builder(name: name)
            case "isIsolated" where name == "self": return .isolated(value == "true")
            default: return nil
            }
        }
        rest = rest.drop { $0 == " " || $0 == "\t" }
        if rest.hasPrefix("<-") {
            let type = TypeName.normalize(String(rest.dropFirst(2)))
            return type.isEmpty ? nil : .reference(name: name, type: type)
        }
        if rest.hasPrefix("<=") {
            let type = TypeName.normalize(String(rest.dropFirst(2)))
            return type.isEmpty ? nil : .parameter(name: name, type: type)
        }
        guard rest.hasPrefix("=") else { return nil }
        let value = String(rest.dropFirst())
        let parts = Self.split(value, on: "<-")
        guard parts.count <= 2 else { return nil }
        let concrete = TypeName.normalize(parts[0])
        guard !concrete.isEmpty else { return nil }
        let abstract = parts.count == 2 ? TypeName.normalize(parts[1]) : nil
        if abstract?.isEmpty == true { return nil }
        return .registration(name: name, concrete: concrete, abstract: abstract)
    }

    private static func split(_ text: String, on separator: String) -> [String] {
        var parts: [String] = []
        var rest = Substring(text)
        while let range = rest.range(of: separator) {
            parts.append(String(rest[..<range.lowerBound]))
            rest = rest[range.upperBound...]
        }
        parts.append(String(rest))
        return parts
    }

    // MARK: - Property wrappers

    /// `@Weaver(.registration, type: Impl.self, scope: .weak, builder: …) var x: P`,
    /// `@Weaver(.reference) var x: T`, `@Weaver(.parameter) var x: T`, and `@WeaverP2(…)
    /// var x: (A, B) -> T` for a dependency built with two parameters.
    private func wrapped(_ variable: VariableDeclSyntax, owner: String) -> [WeaverAnnotationFact] {
        var out: [WeaverAnnotationFact] = []
        for element in variable.attributes {
            guard let attribute = element.as(AttributeSyntax.self) else { continue }
            let wrapper = attribute.attributeName.trimmedDescription
            guard Self.isWrapperName(wrapper), case .argumentList(let arguments)? = attribute.arguments,
                let kindExpr = arguments.first?.expression.as(MemberAccessExprSyntax.self),
                kindExpr.base == nil, let kind = WeaverAnnotationFact.Kind(rawValue: kindExpr.declName.baseName.text)
            else { continue }
            guard let binding = variable.bindings.first, let ident = binding.pattern.as(IdentifierPatternSyntax.self),
                let written = binding.typeAnnotation?.type
            else { continue }
            var type = written
            var parameters: [String] = []
            if let function = written.as(FunctionTypeSyntax.self) {
                parameters = function.parameters.map { TypeName.normalize($0.type.trimmedDescription) }
                type = function.returnClause.type
            }
            let typeName = TypeName.normalize(type.trimmedDescription)
            var fact = WeaverAnnotationFact(
                owner: owner, name: ident.identifier.text, kind: kind, type: typeName, closureParameters: parameters,
                isPropertyWrapper: true, location: state.location(of: attribute))
            if kind == .registration {
                fact.concreteType = typeName
                for argument in arguments.dropFirst() {
                    switch argument.label?.text {
                    case "type": fact.concreteType = ExpressionReading.metatype(argument.expression) ?? typeName
                    case "scope":
                        if let scope = argument.expression.as(MemberAccessExprSyntax.self), scope.base == nil {
                            fact.scope = scope.declName.baseName.text
                        }
                    case "builder": fact.hasBuilder = true
                    default: continue
                    }
                }
            }
            out.append(fact)
        }
        return out
    }

    /// `Weaver`, `WeaverP1`, `WeaverP2`, …
    static func isWrapperName(_ name: String) -> Bool {
        guard name.hasPrefix(wrapperName) else { return false }
        let rest = name.dropFirst(wrapperName.count)
        if rest.isEmpty { return true }
        return rest.first == "P" && rest.count > 1 && rest.dropFirst().allSatisfy(\.isNumber)
    }

    // MARK: - Reads

    /// `dependencies.logger`, `self.dependencies.logger` where `dependencies` is a parameter or
    /// property typed `…DependencyResolver`.
    func visit(_ node: MemberAccessExprSyntax) {
        guard let base = node.base else { return }
        let resolver: String
        if let ref = base.as(DeclReferenceExprSyntax.self) {
            resolver = ref.baseName.text
        } else if let member = base.as(MemberAccessExprSyntax.self),
            member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self"
        {
            resolver = member.declName.baseName.text
        } else {
            return
        }
        let name = node.declName.baseName.text
        guard resolver.startsLowercase || resolver.first == "_", resolver != "self",
            name.startsLowercase, Self.isResolver(resolver, at: node)
        else { return }
        let context = SiteContext.of(node, in: state)
        guard case .type(let owner) = context.requester else { return }
        state.facts.weaver.reads.append(
            WeaverReadFact(
                owner: owner, name: name, timing: context.timing, retained: context.retained,
                location: state.location(of: node)))
    }

    private static func isResolverType(_ type: TypeSyntax?) -> Bool {
        guard let type else { return false }
        return TypeName.unwrappingOptional(type.trimmedDescription).hasSuffix("DependencyResolver")
    }

    /// Whether `name` is a parameter of an enclosing function or a property of the enclosing type
    /// typed `…DependencyResolver` (Weaver's generated resolver protocols).
    private static func isResolver(_ name: String, at node: some SyntaxProtocol) -> Bool {
        var current = Syntax(node).parent
        while let n = current {
            let signature: FunctionSignatureSyntax?
            if let function = n.as(FunctionDeclSyntax.self) {
                signature = function.signature
            } else if let initializer = n.as(InitializerDeclSyntax.self) {
                signature = initializer.signature
            } else {
                signature = nil
            }
            if let signature,
                let parameter = signature.parameterClause.parameters.first(where: {
                    ($0.secondName ?? $0.firstName).text == name
                })
            {
                return isResolverType(parameter.type)
            }
            if let group = n.asProtocol(DeclGroupSyntax.self) {
                for decl in NeedleExtractor.memberDecls(group.memberBlock) {
                    guard let variable = decl.as(VariableDeclSyntax.self) else { continue }
                    for binding in variable.bindings
                    where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                        return isResolverType(binding.typeAnnotation?.type)
                    }
                }
                return false
            }
            current = n.parent
        }
        return false
    }
}
