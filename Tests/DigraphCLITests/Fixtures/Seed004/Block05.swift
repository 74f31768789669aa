public struct BServiceDependencyKey: LazyDependencyKey {
    public static var currentValue:BService?
}

extension KeyPathDependencyContainer {
    public var bService: BService {
        get { Self[BServiceDependencyKey.self] }
        set { Self[BServiceDependencyKey.self] = newValue }
    }
}

// Somewhere on your app launch code
final class AppDelegate {
    func application() {
        setupDependencies()
    }
}

// MARK: - Dependencies
private extension AppDelegate {
    func setupDependencies() {
        KeyPathDependencyContainer.set(initialValue: BService.shared, key: BServiceDependencyKey.self)
        KeyPathDependencyContainer.set(initialValue: AService.shared, key: AServiceDependencyKey.self)
    }
}
class BViewModelWithWrapper {
    @Dependency(\.bService) var bService
}

class AViewModelWithWrapper {
    @Dependency(\.aService) var aService
}
