import UIKit

public struct ProfileFeature: Feature {
    @Dependency var httpClient: HTTPClientProtocol
    // Planted: nothing registers analytics, so starting this feature hits the precondition.
    @Dependency var analytics: AnalyticsProtocol

    public init() {}

    public func build() -> UIViewController {
        analytics.track("profile")
        return UIViewController()
    }
}
