import PackagePlugin

@main
struct DigraphCheckPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {}
}
