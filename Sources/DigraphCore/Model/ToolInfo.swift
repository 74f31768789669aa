public enum ToolInfo {
    public static let name = "digraph"
    public static let version = "0.1.0"
    public static let informationURI = "https://github.com/digraph-tool/digraph"
}
