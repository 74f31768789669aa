protocol HasURLSession {
    var urlSession: URLSession { get }
}

protocol HasUserDefaults {
    var userDefaults: UserDefaults { get }
}

protocol HasUserSession {
   var userSession: UserSessionProtocol { get }
}

protocol AppDependenciesContainer: HasURLSession, HasUserDefaults, HasUserSession {}

final class AppDependenciesEnvironment: AppDependenciesContainer {
    static let shared = AppDependenciesEnvironment()

    private(set) var urlSession: URLSession
    private(set) var userDefaults: UserDefaults
    private(set) var userSession: UserSessionProtocol

    private init() {
        self.urlSession = .shared
        self.userDefaults = .standard
        self.userSession = UserSession.shared
    }
}

final class SomeViewModel {
    typealias Dependencies = HasUserSession & HasUserDefaults
    private let dependencies: Dependencies

    init(dependencies: Dependencies = AppDependenciesEnvironment.shared) {
        self.dependencies = dependencies
    }
}
