import DigraphCore
import Testing

@Suite struct LifetimeTests {
    @Test func orderFollowsTheSpec() {
        #expect(Lifetime.singleton.outlives(.scoped))
        #expect(Lifetime.singleton.outlives(.weak))
        #expect(Lifetime.singleton.outlives(.transient))
        #expect(Lifetime.scoped.outlives(.graph))
        #expect(Lifetime.weak.outlives(.graph))
        #expect(Lifetime.graph.outlives(.transient))
        #expect(Lifetime.scoped.outlives(.transient))
    }

    @Test func unorderedPairs() {
        #expect(!Lifetime.scoped.outlives(.weak) && !Lifetime.weak.outlives(.scoped))
        for other in Lifetime.allCases {
            #expect(!Lifetime.unknown.outlives(other) && !other.outlives(.unknown))
            #expect(!other.outlives(other))
        }
        #expect(!Lifetime.transient.outlives(.singleton))
    }
}

@Suite struct TypeNameTests {
    @Test(arguments: [
        ("Result< User , Error >", "Result<User,Error>"),
        ("[ AppConfiguring ]", "[AppConfiguring]"),
        ("any   Store", "any Store"),
        ("[String: Any]", "[String:Any]"),
        ("( some\tView ,\r\n inout  Int )", "(some View,inout Int)"),
        ("any  Café_2", "any Café_2"),
    ])
    func normalizesWhitespace(input: String, expected: String) {
        #expect(TypeName.normalize(input) == expected)
    }

    /// Parentheses around one whole type are that type (moc's `as (any ChatService)`); a tuple,
    /// a function type, an optional of a parenthesised type and the empty tuple keep theirs.
    @Test(arguments: [
        ("(any ChatService)", "any ChatService"),
        ("((Store))", "Store"),
        ("( [Feed] )", "[Feed]"),
        ("((A) -> B)", "(A)->B"),
        ("(A) -> B", "(A)->B"),
        ("(A, B)", "(A,B)"),
        ("(any P)?", "(any P)?"),
        ("()", "()"),
        ("(Result<A, B>)", "Result<A,B>"),
    ])
    func unwrapsParenthesisedTypes(input: String, expected: String) {
        #expect(TypeName.normalize(input) == expected)
    }

    /// One spelling per standard-library type: a registration of `Array<String>` answers a
    /// request of `[String]` (a false miss before).
    @Test(arguments: [
        ("Array<String>", "[String]"),
        ("Swift.Array<Feed>", "[Feed]"),
        ("Dictionary< Clé , Ünïcode >", "[Clé:Ünïcode]"),
        ("Dictionary<String, Array<Int>>", "[String:[Int]]"),
        ("Swift.Optional<Int>", "Int?"),
        ("Optional<any Store>", "(any Store)?"),
        ("Optional<() -> Void>", "(()->Void)?"),
        ("Result<Array<User>, Error>", "Result<[User],Error>"),
        ("Factory<Array<Optional<Feed>>>", "Factory<[Feed?]>"),
        ("MyArray<Int>", "MyArray<Int>"),
        ("Models.Array<Int>", "Models.Array<Int>"),
        ("Dictionary<Broken", "Dictionary<Broken"),
    ])
    func spellsStandardGenericsAsSugar(input: String, expected: String) {
        #expect(TypeName.normalize(input) == expected)
    }

    @Test func unwrapsOptionals() {
        #expect(TypeName.unwrappingOptional("UserSessionProtocol?") == "UserSessionProtocol")
        #expect(TypeName.unwrappingOptional("Optional<Foo>") == "Foo")
        #expect(TypeName.unwrappingOptional("(any Foo)?") == "any Foo")
    }
}
