import DITranquillity

final class AppFramework: DIFramework {
    static func load(container: DIContainer) {
        container.append(part: ServerPart.self)
        container.append(part: LoggerPart.self)
        container.register(ReadmePresenter.init)
            .injection { $0.logger = $1 }
        container.register(HistoryPresenter.init)
        container.register(BookmarksPresenter.init)
        // The two presenters need each other; the cycle is broken on purpose after init.
        container.register(ReaderCoordinator.init)
        container.register(ReaderRouter.init).injection(cycle: true, \.coordinator)
    }
}
