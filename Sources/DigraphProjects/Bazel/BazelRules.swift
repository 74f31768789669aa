import DigraphCore

/// The rules of Bazel's `rules_swift`, `rules_apple` and `rules_ios`, and Buck's Apple rules, by
/// what kind of program (or part of one) a target of each builds.
enum BazelRules {
    enum Role: Equatable {
        /// Compiled into what links it: `swift_library`, `objc_library`, a framework.
        case library
        case program(Program.Kind)
        /// UI tests drive their app from another process: a program that sees nothing else.
        case uiTests
        /// Buck's `apple_bundle`: its `extension` attribute says which kind.
        case bundle
        /// Names files for other targets' `srcs`.
        case filegroup
        /// `alias(name:actual:)`: another target under a second name.
        case alias
    }

    static func role(_ rule: String) -> Role? {
        switch rule {
        case "swift_library", "objc_library", "apple_library", "apple_framework", "apple_binary", "swift_module",
             "ios_framework", "ios_static_framework", "ios_dynamic_framework", "macos_framework", "macos_dynamic_framework",
             "tvos_framework", "tvos_static_framework", "watchos_framework", "watchos_static_framework", "visionos_framework",
             "apple_static_framework_import", "apple_dynamic_framework_import", "apple_static_library", "cc_library", "swift_library_group":
            .library
        case "ios_application", "macos_application", "tvos_application", "watchos_application", "visionos_application",
             "ios_app_clip", "ios_imessage_application":
            .program(.app)
        case "ios_extension", "macos_extension", "tvos_extension", "watchos_extension", "visionos_extension",
             "ios_imessage_extension", "ios_sticker_pack_extension", "macos_xpc_service", "macos_bundle", "ios_bundle":
            .program(.extension)
        case "ios_unit_test", "macos_unit_test", "tvos_unit_test", "watchos_unit_test", "visionos_unit_test", "swift_test",
             "apple_test", "ios_unit_test_suite", "macos_unit_test_suite":
            .program(.tests)
        case "ios_ui_test", "macos_ui_test", "tvos_ui_test", "watchos_ui_test", "visionos_ui_test", "ios_ui_test_suite":
            .uiTests
        case "swift_binary", "macos_command_line_application", "swift_compiler_plugin", "cc_binary":
            .program(.tool)
        case "apple_bundle": .bundle
        case "filegroup": .filegroup
        case "alias": .alias
        default: nil
        }
    }

    /// Rules that describe nothing compiled from Swift (resources, plists, settings, packaging):
    /// calling one reads whole, with nothing to record.
    static let inert: Set<String> = [
        "exports_files", "package", "licenses", "package_group", "config_setting", "genrule", "sh_binary", "sh_library",
        "sh_test", "test_suite", "apple_resource_bundle", "apple_resource_group", "apple_bundle_import", "apple_resource",
        "apple_asset_catalog", "apple_package", "xcodeproj", "xcode_provisioning_profile", "local_provisioning_profile",
        "ios_build_test", "macos_build_test", "plist_fragment", "swift_proto_library", "swift_grpc_library", "proto_library",
        "apple_universal_binary", "expand_template", "write_file", "copy_file", "bool_flag", "string_flag", "bzl_library",
        "xcodeproj_runner", "top_level_target", "xcode_schemes", "py_binary", "py_library", "java_library", "android_library",
        "prebuilt_apple_framework", "ios_xcframework", "apple_xcframework", "apple_static_xcframework", "cc_import",
        "apple_dynamic_xcframework_import", "apple_static_xcframework_import", "entitlements",
        "apple_intent_library", "apple_core_data_model", "apple_core_ml_library", "ios_application_plist",
    ]

    /// What `glob`, `select` and the other built-in functions are called; a name not among these,
    /// the rules, nor defined or loaded, is not defined.
    static let builtins: Set<String> = [
        "glob", "select", "len", "str", "int", "bool", "list", "dict", "tuple", "depset", "struct", "range", "enumerate",
        "zip", "sorted", "reversed", "any", "all", "hasattr", "getattr", "type", "fail", "print", "Label", "min", "max",
        "package_name", "repository_name", "module_name", "provider", "rule", "attr", "existing_rules", "existing_rule",
        "read_config", "host_info",
    ]

    /// Rule sets whose symbols digraph knows by name when they are loaded.
    static func isKnownRuleSet(_ module: String) -> Bool {
        let repository = module.split(separator: "/").first.map(String.init) ?? module
        return [
            "@build_bazel_rules_swift", "@rules_swift", "@build_bazel_rules_apple", "@rules_apple", "@build_bazel_rules_ios",
            "@rules_ios", "@bazel_tools", "@rules_cc", "@rules_xcodeproj", "@bazel_skylib", "@rules_shell",
        ].contains(repository)
    }
}
