/// Calls of the platform's and the standard library's that take one value and are called
/// everywhere (`view.addSubview(label)`, `items.append(item)`): the scanner does not read the
/// values they are given (reading them cost a cold scan a few percent), so a project's own
/// `register<T>(_ service: T)` of one of these names is a locator filled by calls digraph does
/// not read.
public enum UnreadValueCalls {
    public static let names: Set<String> = [
        "addSubview", "addArrangedSubview", "removeArrangedSubview", "addSublayer", "addChild", "addGestureRecognizer",
        "addInteraction", "addLayoutGuide", "bringSubviewToFront", "sendSubviewToBack", "append", "insert", "remove",
        "contains", "firstIndex", "lastIndex", "index", "filter", "map", "compactMap", "flatMap", "forEach", "reduce",
        "sorted", "sort", "first", "last", "min", "max", "allSatisfy", "drop", "dropFirst", "dropLast", "prefix", "suffix",
        "joined", "split", "union", "formUnion", "subtract", "subtracting", "intersection", "isSuperset", "isSubset",
        "send", "sink", "assign", "store", "receive", "subscribe", "onNext", "accept", "bind", "drive", "emit",
        "present", "dismiss", "pushViewController", "popToViewController", "setViewControllers", "show", "showDetailViewController",
        "setTitle", "setImage", "setTitleColor", "setBackgroundImage", "addTarget", "removeTarget", "becomeFirstResponder",
        "addObserver", "removeObserver", "post", "async", "asyncAfter", "sync", "perform", "fulfill", "wait",
        "encode", "decode", "write", "appendInterpolation", "appendLiteral", "callAsFunction", "hash", "combine",
        "isEqual", "distance", "advanced", "formIndex", "localizedString", "string", "date", "data", "image",
        "padding", "frame", "font", "foregroundColor", "foregroundStyle", "background", "overlay", "fill", "stroke",
        "tint", "opacity", "offset", "animation", "transition", "onAppear", "onDisappear", "onTapGesture", "tag",
        "environmentObject", "navigationTitle", "cornerRadius", "clipShape", "shadow", "scaleEffect", "rotationEffect",
        "resume", "cancel", "log", "debug", "info", "warning", "error", "fault", "trace", "notice", "print", "fatalError",
]
}
