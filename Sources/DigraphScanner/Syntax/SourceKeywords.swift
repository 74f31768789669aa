import DigraphCore
import SwiftSyntax
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Byte-level searches over a file's text before (and instead of) walking its tree: a file that
/// never spells a library's keywords cannot use it, so its extractors are not run at all.
/// Foundation's `String.contains` bridges through NSString and costs more than the search it gates.
enum SourceKeywords {
    static func contains(_ source: String, _ needle: String) -> Bool {
        var source = source
        var needle = needle
        // No copy of either: both are native strings (their UTF-8 in place).
        return source.withUTF8 { text in needle.withUTF8 { contains(text, $0) } }
    }

    /// glibc's and Darwin's `memmem`, looked up at run time: Swift's Glibc module leaves out the
    /// GNU extensions.
    private static let memmem: (@convention(c) (UnsafeRawPointer?, Int, UnsafeRawPointer?, Int) -> UnsafeMutableRawPointer?)? =
        CSymbol.named("memmem")

    static func contains(_ bytes: UnsafeBufferPointer<UInt8>, _ needle: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !needle.isEmpty, bytes.count >= needle.count, let base = bytes.baseAddress, let patternBase = needle.baseAddress
        else { return false }
        // The C library's `memmem` where there is one: a search by the needle's first byte
        // stops at every `e` of the file for "ependenc", and at every `n` for "nject".
        if let memmem = Self.memmem { return memmem(base, bytes.count, patternBase, needle.count) != nil }
        // The C library's `memchr` and `memcmp` look at many bytes at a time.
        let first = Int32(needle[0])
        var offset = 0
        let last = bytes.count - needle.count
        while offset <= last {
            guard let found = memchr(base + offset, first, last - offset + 1) else { return false }
            let at = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            if memcmp(base + at, patternBase, needle.count) == 0 { return true }
            offset = at + 1
        }
        return false
    }
}

/// The container libraries a file may use: those it imports, and those whose spellings need no
/// import (SwinjectAutoregistration's `autoregister`/`~>` reach files that only import Swinject
/// through an `@_exported` import; Weaver's annotations are comments and generated code).
struct LibraryMentions: OptionSet {
    let rawValue: Int
    static let autoregistration = LibraryMentions(rawValue: 1 << 0)
    static let resolver = LibraryMentions(rawValue: 1 << 1)
    static let dip = LibraryMentions(rawValue: 1 << 2)
    static let ditranquillity = LibraryMentions(rawValue: 1 << 3)
    static let needle = LibraryMentions(rawValue: 1 << 4)
    static let weaver = LibraryMentions(rawValue: 1 << 5)
    /// The Factory library: `Factory<T>`, `@Injected`, `Container.shared.x()`, 1.x `Container.x()`.
    static let factory = LibraryMentions(rawValue: 1 << 6)
    /// swift-dependencies and key-path containers: `DependencyKey`, `DependencyValues`,
    /// `@Dependency(\.x)`, `withDependencies`, `.dependency(\.x, …)`.
    static let dependencies = LibraryMentions(rawValue: 1 << 7)
    /// `Has…` protocol environments, seed 004's `typealias Dependencies = ServiceAContainer`, and
    /// seed 002's `typealias Dependency = (A, B)` tuples.
    static let environments = LibraryMentions(rawValue: 1 << 8)
    /// Any type-keyed container by name (`Container`, `DIContainer`, `DependencyContainer`,
    /// Resolver's `Resolver`): a file that may pass one to a helper function.
    static let containerNames = LibraryMentions(rawValue: 1 << 11)
    static let memberKeyedStyles: LibraryMentions = [.factory, .dependencies, .environments]
    /// Hand-written factories and containers: a type named `…Factory`, `…Container`,
    /// `…Dependencies`, `…Composer`, `…CompositionRoot`, or a call of a factory method (`.make…`,
    /// `.create…`, `.build…`; a bare `makeX()` names its own type, which is spelled in its file).
    static let composition = LibraryMentions(rawValue: 1 << 9)
    /// Seed 001's protocol injectors: `Injector<P, D>`, `inject(into:data:)`.
    static let injection = LibraryMentions(rawValue: 1 << 10)

    private static let byImport: [(String, LibraryMentions)] = [
        ("SwinjectAutoregistration", .autoregistration), ("Resolver", .resolver), ("Dip", .dip),
        ("DITranquillity", .ditranquillity), ("NeedleFoundation", .needle),
    ]

    /// Spellings any file using the library must contain (by their index in ``Spellings/all``).
    private static let bySpelling: [(LibraryMentions, [Int])] = [
        (.autoregistration, [0, 1]),  // autoregister, ~>
        (.weaver, [2, 3]),  // weaver:, @Weaver
        (.factory, [5, 7, 9]),  // Factory, Injected, Container.
        // "ependenc" covers `Dependency…`, `withDependencies`, `.dependency(` and `Dependencies`.
        // A key's values in a plain extension (babylon's `+Live.swift`) spell none of it.
        (.dependencies, [10] + Spellings.dependencyValueNames),
        // A composition root handing its `Has…` environment to coordinators (`X(context: appContext)`,
        // `X(\n services: services`) names no `Has…` protocol itself.
        (.environments, Spellings.environmentLabels),
        // Factor, Container, ependencies, Compos (`…Composer`, `…CompositionRoot`), .make, .create, .build
        (.composition, [4, 8, 11, 14, 15, 16, 17]),
        (.injection, [6]),  // nject
        (.containerNames, [8, 18]),  // Container, Resolver
    ]

    static func find(_ spellings: Spellings, imports: Set<String>) -> LibraryMentions {
        var found: LibraryMentions = []
        for (module, library) in byImport where imports.contains(module) { found.insert(library) }
        // Resolver re-exported (`@_exported import Resolver` in a core module) or vendored as a
        // source file (race-weather's `Utils/Resolver.swift`): `extension Resolver` with its
        // registrations. Swinject has a `Resolver` protocol of its own: not in its files.
        if !found.contains(.resolver), !imports.contains("Swinject"), !spellings.contains(Spellings.resolverDeclared),
            Spellings.resolverRegistering.contains(where: spellings.contains)
        {
            found.insert(.resolver)
        }
        for (library, needed) in bySpelling where !found.contains(library) && needed.contains(where: spellings.contains) {
            found.insert(library)
        }
        if spellings.contains(Spellings.hasProtocolName) {
            // A type conforming to `Has…` protocols is an environment: its members compose.
            found.formUnion([.environments, .composition])
        } else if found.contains(.dependencies) {
            found.insert(.environments)
        }
        return found
    }
}

/// The modules a file imports at its top level (also inside `#if canImport(…)` blocks).
enum FileImports {
    static func read(_ tree: SourceFileSyntax) -> Set<String> {
        var modules: Set<String> = []
        func visit(_ items: CodeBlockItemListSyntax) {
            for item in items {
                if let decl = item.item.as(ImportDeclSyntax.self), let module = decl.path.first?.name.text {
                    modules.insert(module)
                } else if let block = item.item.as(IfConfigDeclSyntax.self) {
                    for clause in block.clauses {
                        if case .statements(let inner)? = clause.elements { visit(inner) }
                    }
                }
            }
        }
        visit(tree.statements)
        return modules
    }
}
