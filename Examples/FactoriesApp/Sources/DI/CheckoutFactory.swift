import UIKit

/// Seed 003's enum factories.
enum CheckoutFactory {
    static func make() -> CheckoutViewController {
        CheckoutViewController(payment: PaymentFactory.make())
    }
}

enum PaymentFactory {
    static func make() -> PaymentViewController {
        // Building the payment screen builds a checkout screen, which builds a payment screen…
        PaymentViewController(checkout: CheckoutFactory.make())
    }
}

/// Helpers named like factories: they make values out of their arguments, nothing is injected.
enum DateFormatterFactory {
    static func makeShortDate() -> DateFormatter {
        let formatter = DateFormatter()
        formatter.dateStyle = .short
        return formatter
    }
}

enum BadgeViewFactory {
    static func makeBadge(count: Int) -> UILabel {
        let label = UILabel()
        label.text = "\(count)"
        return label
    }
}
