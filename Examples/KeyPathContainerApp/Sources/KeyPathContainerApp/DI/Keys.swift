struct LoggerKey: DependencyKey {
    static var currentValue: Logger = ConsoleLogger()
}

struct SessionKey: LazyDependencyKey {
    static var currentValue: Session?
}

/// Never given a value: reading it fails the precondition.
struct AnalyticsKey: LazyDependencyKey {
    static var currentValue: Analytics?
}

struct CatalogKey: DependencyKey {
    static var currentValue: Catalog = Catalog()
}

struct PricingKey: DependencyKey {
    static var currentValue: Pricing = Pricing()
}

extension DependencyContainer {
    var logger: Logger {
        get { Self[LoggerKey.self] }
        set { Self[LoggerKey.self] = newValue }
    }

    var session: Session {
        get { Self[SessionKey.self] }
        set { Self[SessionKey.self] = newValue }
    }

    var analytics: Analytics {
        get { Self[AnalyticsKey.self] }
        set { Self[AnalyticsKey.self] = newValue }
    }

    var catalog: Catalog {
        get { Self[CatalogKey.self] }
        set { Self[CatalogKey.self] = newValue }
    }

    var pricing: Pricing {
        get { Self[PricingKey.self] }
        set { Self[PricingKey.self] = newValue }
    }
}
