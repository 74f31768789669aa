@_spi(RawSyntax) import SwiftSyntax

/// What reading a type as a composition root by its shape needs of its members, gathered in one
/// pass over them: every type, class, struct, enum or extension, of every file is asked, and most
/// are neither (see ``CompositionExtractor``).
struct MemberOutline {
    /// `lazy var x = value`, in the order written.
    private(set) var lazyValues: [(name: String, value: ExprSyntax)] = []
    /// The names of the stored instance properties declared without a value.
    private(set) var unvaluedStoredProperties: Set<String> = []
    /// The initializers with a body.
    private(set) var initializers: [InitializerDeclSyntax] = []

    init(_ block: MemberBlockSyntax) {
        // Stored properties declared without a value matter only to an initializer that builds
        // them, lazy ones only three or more together: most types have neither, told on the raw
        // tree before any member is read.
        let (hasInitializer, lazyCount) = Self.census(block)
        guard hasInitializer || lazyCount >= CompositionExtractor.wiringLazyMembers else { return }
        for item in block.members {
            switch item.decl.kind {
            case .variableDecl: read(item.decl.cast(VariableDeclSyntax.self), unvalued: hasInitializer)
            case .initializerDecl:
                let initializer = item.decl.cast(InitializerDeclSyntax.self)
                if initializer.body != nil { initializers.append(initializer) }
            default: continue
            }
        }
    }

    private static func census(_ block: MemberBlockSyntax) -> (hasInitializer: Bool, lazyCount: Int) {
        guard let raw = RawMemberBlockSyntax(block.raw) else { return (false, 0) }
        var hasInitializer = false
        var lazyCount = 0
        for item in raw.members.elements {
            switch item.decl.raw.kind {
            case .initializerDecl: hasInitializer = true
            case .variableDecl:
                guard let variable = RawVariableDeclSyntax(item.decl.raw) else { continue }
                let isLazy = variable.modifiers.elements.contains {
                    $0.name.tokenKind == .keyword && $0.name.tokenText == "lazy"
                }
                if isLazy { lazyCount += variable.bindings.elements.count }
            default: continue
            }
        }
        return (hasInitializer, lazyCount)
    }

    private mutating func read(_ variable: VariableDeclSyntax, unvalued: Bool) {
        var isLazy = false
        for modifier in variable.modifiers {
            switch modifier.name.tokenKind {
            case .keyword(.static), .keyword(.class): return
            case .keyword(.lazy): isLazy = true
            default: continue
            }
        }
        guard isLazy || unvalued else { return }
        for binding in variable.bindings {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
            if let value = binding.initializer?.value {
                if isLazy { lazyValues.append((name, value)) }
                continue
            }
            // Observers (`didSet`) keep a property stored; a getter makes it computed.
            if let accessors = binding.accessorBlock?.accessors {
                guard case .accessors(let list) = accessors,
                    list.allSatisfy({ ["didSet", "willSet"].contains($0.accessorSpecifier.text) })
                else { continue }
            }
            unvaluedStoredProperties.insert(name)
        }
    }
}
