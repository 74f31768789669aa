import FactoryKit

final class CheckoutViewModel {
    @Injected(\.cartService) private var cart
    @Injected(\.analytics) private var analytics
    @Injected(\.crashReporter) private var crashReporter
    @Injected(\.logger) private var logger

    func pay() {
        analytics?.track("pay")
        logger.log("pay")
    }
}
