#!/usr/bin/env python3
"""Unit tests of plant.py's text edits: each planted defect must leave a file that still
compiles (the request it adds is a statement of its own, a single-expression body gets its
`return`, a lazy value becomes an immediately applied closure), so recall is measured on
defects an app could ship. Run: python3 -m unittest discover -s scripts -p 'test_*.py'"""
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import plant  # noqa: E402


def swift_file(text):
    handle = tempfile.NamedTemporaryFile("w", suffix=".swift", delete=False, encoding="utf-8")
    handle.write(text)
    handle.close()
    try:
        return plant.SwiftFile(handle.name)
    finally:
        os.unlink(handle.name)


def add(text, word, new_word, occurrence=0):
    swift = swift_file(text)
    at = -1
    for _ in range(occurrence + 1):
        at = text.index(word, at + 1)
    return plant.added_request(swift, at, (word, new_word))


class ForwardingTests(unittest.TestCase):
    def test_a_resolve_cast_twice_is_an_alias(self):
        # cleanarchitectureios: `register { resolve() as Impl as Port }` hands on Impl's product.
        self.assertTrue(plant.FORWARDING.search("register { resolve() as AuthenticationRepository as AuthenticationRepositoryPort }"))
        self.assertTrue(plant.FORWARDING.search("register { r in r.resolve(Impl.self)! }"))
        self.assertFalse(plant.FORWARDING.search("register { Impl(api: resolve()) as Port }"))


class AddedRequestTests(unittest.TestCase):
    def test_swinject_statement_added_before_the_request(self):
        text = ("container.register(Stats.self) { route in\n"
                "    let model = Stats()\n"
                "    model.useCase = route.resolve(UseCase.self)!\n"
                "    return model\n"
                "}\n")
        new_text, spelled = add(text, "UseCase", "Root")
        self.assertEqual(spelled, "route.resolve(Root.self)!")
        self.assertIn("    _ = route.resolve(Root.self)!\n    model.useCase = route.resolve(UseCase.self)!",
                      new_text)

    def test_single_expression_closure_gets_return(self):
        text = "container.register(B.self) { r in B(x: r.resolve(X.self)!) }\n"
        new_text, _ = add(text, "X", "A")
        self.assertEqual(new_text,
                         "container.register(B.self) { r in _ = r.resolve(A.self)!; "
                         "return B(x: r.resolve(X.self)!) }\n")

    def test_multiline_single_expression_closure_gets_return(self):
        text = ("container.register(B.self) { r in\n"
                "    B(\n"
                "        x: r.resolve(X.self)!\n"
                "    )\n"
                "}\n")
        new_text, _ = add(text, "X", "A")
        self.assertIn("{ r in\n    _ = r.resolve(A.self)!\n    return B(\n", new_text)

    def test_factory_property(self):
        text = ("extension Container {\n"
                "    var presenter: Factory<Presenter> {\n"
                "        self { Presenter(model: self.model()) }\n"
                "    }\n"
                "}\n")
        new_text, spelled = add(text, "model", "debugModel", occurrence=1)
        self.assertEqual(spelled, "self.debugModel()")
        self.assertIn("self { _ = self.debugModel(); return Presenter(model: self.model()) }",
                      new_text)

    def test_needle_shared_getter(self):
        text = ("final class AppComponent: BootstrapComponent {\n"
                "    var network: Network {\n"
                "        shared { DefaultNetwork(interceptor: interceptor) }\n"
                "    }\n"
                "}\n")
        new_text, _ = add(text, "interceptor", "blocks", occurrence=1)
        self.assertIn("shared { _ = blocks; return DefaultNetwork(interceptor: interceptor) }",
                      new_text)

    def test_init_body_gets_no_return(self):
        text = ("final class Store {\n"
                "    init() {\n"
                "        configure(Database.shared)\n"
                "    }\n"
                "}\n")
        new_text, spelled = add(text, "Database", "Cache")
        self.assertEqual(spelled, "Cache.shared")
        self.assertIn("        _ = Cache.shared\n        configure(Database.shared)\n", new_text)

    def test_getter_with_return(self):
        text = ("struct Dependencies {\n"
                "    var apiClient: ApiClient {\n"
                "        return Client(networking: sharedNetworking)\n"
                "    }\n"
                "}\n")
        new_text, _ = add(text, "sharedNetworking", "dataProvider")
        self.assertIn("        _ = dataProvider\n        return Client(networking: sharedNetworking)",
                      new_text)
        self.assertNotIn("return return", new_text)

    def test_cast_request_keeps_its_try(self):
        text = ("container.register(B.self) { r in\n"
                "    let x = try r.resolve() as X\n"
                "    return B(x: x)\n"
                "}\n")
        new_text, spelled = add(text, "X", "A")
        self.assertEqual(spelled, "r.resolve() as A")
        self.assertIn("{ r in\n    _ = try r.resolve() as A\n    let x = try r.resolve() as X\n",
                      new_text)

    def test_lazy_var_in_a_type_body_becomes_a_closure(self):
        text = ("final class AppManager {\n"
                "    lazy var core: Core = Core(configurations: configurations)\n"
                "}\n")
        new_text, _ = add(text, "configurations", "navigator", occurrence=1)
        self.assertIn("lazy var core: Core = { _ = navigator; return Core(configurations: "
                      "configurations) }()", new_text)

    def test_stored_let_in_a_type_body_is_refused(self):
        text = ("final class Store {\n"
                "    let database = Database.shared\n"
                "}\n")
        self.assertIsInstance(add(text, "Database", "Cache"), str)


class SharedInstanceLifetimeTests(unittest.TestCase):
    def respell(self, text):
        swift = swift_file(text)
        statement = swift.statement_at(text.index("static"))
        return plant.static_let_scope(swift, statement, {"id": "S.shared"}, "transient")

    def test_constructed_type(self):
        new_text, _ = self.respell("final class S {\n    static let shared = S(db: .main)\n}\n")
        self.assertIn("    static var shared: S { S(db: .main) }\n", new_text)

    def test_annotated_type(self):
        new_text, _ = self.respell("final class S {\n    public static let shared: P = make()\n}\n")
        self.assertIn("    public static var shared: P { make() }\n", new_text)

    def test_unspelled_type_is_refused(self):
        self.assertIsInstance(self.respell("final class S {\n    static let shared = make()\n}\n"), str)


class KeptTests(unittest.TestCase):
    def test_shared_instance_called_on_the_spot_is_not_kept(self):
        text = "        AuthenticationManager.shared.initialize(withStorage: storage)\n"
        edge = {"to": "AuthenticationManager.shared"}
        self.assertTrue(plant.member_used_on_the_spot(text, 8, edge))

    def test_shared_instance_publisher_subscribed_on_the_spot_is_not_kept(self):
        text = "        LearnedWoTStore.shared.$entries\n"
        self.assertTrue(plant.member_used_on_the_spot(text, 8, {"to": "LearnedWoTStore.shared"}))

    def test_shared_instance_stored_is_kept(self):
        text = "    private let auth = AuthenticationManager.shared\n"
        edge = {"to": "AuthenticationManager.shared"}
        self.assertFalse(plant.member_used_on_the_spot(text, text.index("Auth"), edge))

    def test_existential_request_names_its_protocol(self):
        self.assertEqual(plant.existential_base("any ResetPasswordUseCase"), "ResetPasswordUseCase")


class ReachTests(unittest.TestCase):
    def test_module_of_a_tuist_interface(self):
        self.assertEqual(plant.module_of("Projects/Domain/PlayerDomain/Interface/UseCase/Play.swift"),
                         (("Projects", "Domain", "PlayerDomain", "Interface"), "PlayerDomain"))

    def test_module_of_an_app_folder(self):
        self.assertEqual(plant.module_of("BuyPolish/Scanner/ScanCode.swift"), (("BuyPolish",), None))

    def test_nameable_through_an_import_only(self):
        with tempfile.TemporaryDirectory() as tree:
            files = {
                "Projects/Player/Interface/PlayerRepository.swift": "protocol PlayerRepository {}\n",
                "Projects/Player/Sources/PlayerAssembly.swift": "import Foundation\nimport PlayerInterface\n",
                "Projects/Media/Sources/MediaAssembly.swift": "import Foundation\nimport Swinject\n",
            }
            for relative, text in files.items():
                os.makedirs(os.path.join(tree, os.path.dirname(relative)), exist_ok=True)
                with open(os.path.join(tree, relative), "w", encoding="utf-8") as handle:
                    handle.write(text)
            candidates = plant.Candidates(tree, plant.Graph({}))
            self.assertTrue(candidates.nameable("PlayerRepository", "Projects/Player/Sources/PlayerAssembly.swift"))
            self.assertFalse(candidates.nameable("PlayerRepository", "Projects/Media/Sources/MediaAssembly.swift"))

    def test_visible_only_where_every_program_has_it(self):
        app_and_widget = {"program": "App, Widget"}
        widget = {"program": "Widget"}
        self.assertTrue(plant.visible_wherever(app_and_widget, widget))
        self.assertFalse(plant.visible_wherever(widget, app_and_widget))


def candidates_over(tree, files):
    for relative, text in files.items():
        os.makedirs(os.path.join(tree, os.path.dirname(relative) or "."), exist_ok=True)
        with open(os.path.join(tree, relative), "w", encoding="utf-8") as handle:
            handle.write(text)
    return plant.Candidates(tree, plant.Graph({}))


class SkipTests(unittest.TestCase):
    def test_tca_dependency_modifier_gives_the_key_a_value(self):
        with tempfile.TemporaryDirectory() as tree:
            candidates = candidates_over(tree, {
                "App/Shell.swift": "Reducer().dependency(\\.remotePersistence, .reviewDemo)\n"})
            self.assertEqual(candidates.assigned_in_app_code("remotePersistence"), "App/Shell.swift:1")

    def test_needle_component_known_by_its_declaration(self):
        with tempfile.TemporaryDirectory() as tree:
            candidates = candidates_over(tree, {
                "App/Management.swift": "final class ManagementConponent: Component<ManagementDependency> {}\n"})
            self.assertTrue(candidates.is_needle_component("ManagementConponent"))
            self.assertFalse(candidates.is_needle_component("ManagementViewModel"))


class StoredPropertyCycleTests(unittest.TestCase):
    def test_no_cycle_is_planted_between_two_stored_properties_of_one_type(self):
        stored = "stored property, `Actor` is built outside the scanned code"
        report = {
            "services": [
                # Spud: one of them named by a Has… protocol is still a stored property of the type.
                {"id": "Actor.state", "style": "has-environment", "lifetimeDetail": stored, "locations": [{"file": "A.swift"}]},
                {"id": "Actor.connection", "style": "composition", "lifetimeDetail": stored, "locations": [{"file": "A.swift"}]},
            ],
            "edges": [{"from": "Actor.connection", "to": "Actor.state", "timing": "eager", "via": "property",
                       "location": {"file": "A.swift", "line": 3, "column": 1}}],
        }
        with tempfile.TemporaryDirectory() as tree:
            candidates = plant.Candidates(tree, plant.Graph(report))
            edge = report["edges"][0]
            self.assertIsNone(candidates.cycle("Actor.connection", "Actor.state", edge))
            self.assertIn(("cycle", "A and B are stored properties built with their type: a cycle between them does not compile"),
                          candidates.skipped)


class InitializerSetPropertyCycleTests(unittest.TestCase):
    def test_no_request_is_added_beside_a_property_its_initializer_sets(self):
        # iOS-MVVM-Architecture: `self.favoritesManager = FavoritesManager(…)` in the container's
        # init; a statement beside it is not its value.
        report = {
            "services": [
                {"id": "Box.manager", "style": "composition", "lifetimeDetail": "stored property, cached per `Box` instance",
                 "locations": [{"file": "Box.swift", "line": 2}]},
                {"id": "Box.user", "style": "composition", "lifetimeDetail": "stored property, cached per `Box` instance",
                 "locations": [{"file": "Box.swift", "line": 3}]},
                {"id": "Box.builder", "style": "composition", "lifetimeDetail": "lazy var, cached per `Box` instance",
                 "locations": [{"file": "Box.swift", "line": 4}]},
            ],
            "edges": [
                {"from": "Box.builder", "to": "Box.manager", "timing": "eager", "via": "property",
                 "location": {"file": "Box.swift", "line": 4, "column": 30}},
                {"from": "Box.manager", "to": "Box.user", "timing": "eager", "via": "property",
                 "location": {"file": "Box.swift", "line": 7, "column": 40}},
            ],
        }
        with tempfile.TemporaryDirectory() as tree:
            with open(os.path.join(tree, "Box.swift"), "w", encoding="utf-8") as handle:
                handle.write("final class Box {\n    let manager: Manager\n    let user: User\n"
                             "    lazy var builder = Builder(manager: manager)\n    init() {\n        user = User()\n"
                             "        manager = Manager(user: user)\n    }\n}\n")
            candidates = plant.Candidates(tree, plant.Graph(report))
            self.assertIsNone(candidates.cycle("Box.builder", "Box.manager", report["edges"][0]))


class PlainValueTests(unittest.TestCase):
    def test_a_plain_value_keeps_no_state(self):
        with tempfile.TemporaryDirectory() as tree:
            candidates = candidates_over(tree, {"App/Feed.swift": "final class Feed {}\n"})
            self.assertTrue(candidates.is_stateless_value("String"))
            self.assertTrue(candidates.is_stateless_value("URL?"))
            self.assertFalse(candidates.is_stateless_value("Feed"))


class BodyKindTests(unittest.TestCase):
    def test_yields_value(self):
        self.assertTrue(plant.yields_value("container.register(B.self) "))
        self.assertTrue(plant.yields_value("var x: X "))
        self.assertTrue(plant.yields_value("func make() -> X "))
        self.assertFalse(plant.yields_value("func configure() "))
        self.assertFalse(plant.yields_value("init(x: X) "))
        self.assertFalse(plant.yields_value("didSet "))


if __name__ == "__main__":
    unittest.main()
