/// Bazel and Buck workspaces modelled on public apps whose build files were read (never copied):
/// Telegram-iOS (a `swift_library` per module under `submodules/`, every bundle in one BUILD,
/// extensions each with their own library, a nested package the app's glob must not enter),
/// mastodon-ios (short labels, `X.library` names, a local SwiftPM package through
/// rules_swift_package_manager), Tulsi (a filegroup as `srcs`, a test macro making `"%s_lib" % name`)
/// and Telegram's 2020 Buck build (`apple_bundle` + `apple_binary`, `#shared` flavors,
/// `read_config` and a `fail()` guarding a setting).
enum BazelFixture {
    static func writeBazel(to fixture: Fixture) throws {
        try fixture.write("MODULE.bazel", """
            bazel_dep(name = "rules_swift", version = "1.16.0", repo_name = "build_bazel_rules_swift")
            bazel_dep(name = "rules_apple", version = "3.3.0", repo_name = "build_bazel_rules_apple")
            """)
        try fixture.write("build-system/defs.bzl", """
            load("@build_bazel_rules_swift//swift:swift.bzl", "swift_library")
            load("@build_bazel_rules_apple//apple:ios.bzl", "ios_unit_test")

            def shop_module(name, deps = [], test_deps = None, **kwargs):
                swift_library(
                    name = name,
                    module_name = name,
                    srcs = native.glob(["Sources/**/*.swift"]),
                    deps = deps,
                    **kwargs
                )
                tests = native.glob(["Tests/**/*.swift"], allow_empty = True)
                if tests:
                    swift_library(name = "%s_tests_lib" % name, srcs = tests, deps = [":" + name] + (test_deps or []), testonly = True)
                    ios_unit_test(
                        name = "{}Tests".format(name),
                        deps = [":%s_tests_lib" % name],
                        test_host = "//App:Shop",
                    )
            """)
        try fixture.write("submodules/Cart/BUILD", """
            load("//build-system:defs.bzl", "shop_module")

            shop_module(
                name = "Cart",
                deps = ["//submodules/Network", "@swinject//:Swinject"],
            )
            """)
        try fixture.write("submodules/Network/BUILD", """
            load("//build-system:defs.bzl", "shop_module")
            shop_module(name = "Network")
            """)
        try fixture.write("App/BUILD.bazel", """
            load("@build_bazel_rules_apple//apple:ios.bzl", "ios_application", "ios_extension", "ios_ui_test")
            load("@build_bazel_rules_swift//swift:swift.bzl", "swift_library")
            load("@build_configuration//:variables.bzl", "shop_bundle_id")

            filegroup(
                name = "app_srcs",
                srcs = glob(["Sources/**/*.swift"], exclude = ["Sources/Debug/**"]),
            )

            debug_deps = select({
                ":debug": ["//submodules/Debug:DebugMenu"],
                "//conditions:default": [],
            })

            swift_library(
                name = "Shop.library",
                module_name = "Shop",
                srcs = [":app_srcs"],
                deps = ["//submodules/Cart:Cart"] + debug_deps,
            )

            ios_application(
                name = "Shop",
                bundle_id = shop_bundle_id,
                extensions = ["//App/Widget"],
                deps = [":Shop.library"],
            )

            ios_ui_test(
                name = "ShopUITests",
                srcs = glob(["UITests/*.swift"]),
                test_host = ":Shop",
            )
            """)
        try fixture.write("App/Widget/BUILD", """
            load("@build_bazel_rules_apple//apple:ios.bzl", "ios_extension")
            load("@build_bazel_rules_swift//swift:swift.bzl", "swift_library")

            [swift_library(name = "Widget%s" % part, srcs = glob(["%s/*.swift" % part])) for part in ["Views", "Timeline"]]

            ios_extension(
                name = "Widget",
                bundle_id = "com.example.shop.widget",
                deps = [":WidgetViews", ":WidgetTimeline", "//submodules/Network"],
            )
            """)
        try fixture.write("submodules/Debug/BUILD", """
            load("@build_bazel_rules_swift//swift:swift.bzl", "swift_library")
            swift_library(name = "DebugMenu", srcs = glob(["*.swift"]))
            """)
        try fixture.swiftFiles([
            "App/Sources/AppDelegate.swift", "App/Sources/Screens/CartScreen.swift", "App/Sources/Debug/Tweaks.swift",
            "App/UITests/ShopUITests.swift",
            "App/Widget/Views/WidgetView.swift", "App/Widget/Timeline/Provider.swift",
            "submodules/Cart/Sources/CartStore.swift", "submodules/Cart/Tests/CartStoreTests.swift",
            "submodules/Network/Sources/Client.swift", "submodules/Debug/DebugMenu.swift",
            "tools/generate.swift",
        ])
    }

    static func writeBuck(to fixture: Fixture) throws {
        try fixture.write(".buckconfig", """
            [parser]
              default_build_file_syntax = SKYLARK
            [custom]
              mode = project
            """)
        try fixture.write("Config/macros.bzl", """
            def get_config(name):
                value = native.read_config("custom", name)
                if value == None:
                    fail("Configuration parameter custom.{} should be defined".format(name))
                return value

            def apple_lib(name, srcs = [], deps = [], exported_deps = [], framework = False):
                linker_flags = []
                if native.read_config("custom", "mode") == "project":
                    linker_flags.append("-ObjC")
                native.apple_library(name = name, srcs = srcs, deps = deps, exported_deps = exported_deps, linker_flags = linker_flags)

            def static_library(name, srcs = [], deps = [], **kwargs):
                apple_lib(name = name, srcs = srcs, deps = deps, **kwargs)

            def framework_binary_dependencies(names):
                result = []
                for name in names:
                    result.append(name + "#shared")
                return result
            """)
        try fixture.write("BUCK", """
            load("//Config:macros.bzl", "static_library", "framework_binary_dependencies", "get_config")

            static_library(
                name = "AppLibrary",
                srcs = ["Shop/Application.swift"],
                deps = framework_binary_dependencies(["//Libraries/Core:Core"]),
            )

            apple_binary(
                name = "AppBinary",
                srcs = ["SupportFiles/Empty.swift"],
                deps = [":AppLibrary"],
            )

            apple_bundle(
                name = "Shop",
                extension = "app",
                binary = ":AppBinary",
                info_plist_substitutions = {"APP_BUNDLE_ID": get_config("baseApplicationBundleId")},
                deps = [":ShareExtension"],
            )

            apple_binary(name = "ShareBinary", srcs = glob(["Share/**/*.swift"]), deps = ["//Libraries/Core:Core#shared"])

            apple_bundle(name = "ShareExtension", extension = "appex", binary = ":ShareBinary")
            """)
        try fixture.write("Libraries/Core/BUCK", """
            load("//Config:macros.bzl", "static_library")
            static_library(name = "Core", srcs = glob(["Sources/**/*.swift"]))
            """)
        try fixture.swiftFiles([
            "Shop/Application.swift", "SupportFiles/Empty.swift", "Share/ShareViewController.swift",
            "Libraries/Core/Sources/Session.swift",
        ])
    }
}
