import UIKit

public struct HomeFeature: Feature {
    @Dependency var httpClient: HTTPClientProtocol
    @Dependency var routerService: RouterServiceProtocol
    @Dependency var featureFlag: FeatureFlagProtocol

    public init() {}

    public func build() -> UIViewController {
        UIViewController()
    }
}
