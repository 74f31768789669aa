final class ReadmePresenter {
    var logger: Logger?
    init(server: Server, cache: ReadmeCache) {}
}

// Planted: each needs the other in its initializer, so resolving either recurses forever.
final class HistoryPresenter {
    init(bookmarks: BookmarksPresenter) {}
}

final class BookmarksPresenter {
    init(history: HistoryPresenter, analytics: Analytics) {}
}

/// Planted: nothing registers analytics.
protocol Analytics {}

final class ReaderCoordinator {
    init(router: ReaderRouter) {}
}

final class ReaderRouter {
    weak var coordinator: ReaderCoordinator?
    init() {}
}
