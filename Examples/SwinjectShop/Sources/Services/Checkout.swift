import Foundation

protocol PaymentProcessorDelegate: AnyObject {
    func paymentProcessor(_ processor: PaymentProcessor, didFinishWith result: Result<String, Error>)
}

protocol PaymentProcessor: AnyObject {
    var delegate: PaymentProcessorDelegate? { get set }
    func charge(amount: Decimal)
}

final class StripePaymentProcessor: PaymentProcessor {
    weak var delegate: PaymentProcessorDelegate?
    private let apiClient: APIClient

    init(apiClient: APIClient) {
        self.apiClient = apiClient
    }

    func charge(amount: Decimal) {
        Task {
            do {
                try await apiClient.post("payments", body: ["amount": "\(amount)"])
                delegate?.paymentProcessor(self, didFinishWith: .success(UUID().uuidString))
            } catch {
                delegate?.paymentProcessor(self, didFinishWith: .failure(error))
            }
        }
    }
}

final class CheckoutService: PaymentProcessorDelegate {
    private let cart: CartService
    private let payments: PaymentProcessor
    private let analytics: AnalyticsTracking
    var onOrderPlaced: ((String) -> Void)?

    init(cart: CartService, payments: PaymentProcessor, analytics: AnalyticsTracking) {
        self.cart = cart
        self.payments = payments
        self.analytics = analytics
    }

    func placeOrder() {
        analytics.track("checkout_started", properties: ["lines": "\(cart.lines.count)"])
        payments.charge(amount: cart.total)
    }

    func paymentProcessor(_ processor: PaymentProcessor, didFinishWith result: Result<String, Error>) {
        if case .success(let orderID) = result {
            analytics.track("order_placed", properties: ["order": orderID])
            onOrderPlaced?(orderID)
        }
    }
}
