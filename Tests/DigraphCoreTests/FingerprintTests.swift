import DigraphCore
import Testing

/// Committed baselines and GitHub's alert tracking (SARIF `partialFingerprints`) hold these
/// values: a change to the hash, its separator or its inputs silently resurrects every baselined
/// finding and reopens every alert. Change them only with a new baseline version that still
/// reads the old one.
@Suite struct FingerprintTests {
    @Test(arguments: [
        ("dependency_cycle", ["CartService", "PricingService"], "", "318d9ff7c03cf6c6"),
        ("missing_registration", ["Database#analytics", "Analytics"], "", "b5426dd576e75e40"),
        ("scope_mismatch", ["ImageCache", "RequestLogger"], "", "0b61d2041012d5eb"),
        ("duplicate_registration", ["Theme"], "1", "f396db028f7d8bf0"),
        ("god_singleton", ["Logger.shared"], "", "7bfba47ea49b566c"),
        ("unused_registration", ["Café 🛒"], "", "f6f0db324945e921"),
    ])
    func fingerprintsArePinned(rule: String, services: [String], salt: String, expected: String) {
        #expect(Fingerprint.make(rule: rule, services: services, salt: salt) == expected)
        let diagnostic = Diagnostic(
            rule: rule, severity: .error, message: "any message", location: SourceLocation(file: "F.swift", line: 9, column: 9),
            services: services, fingerprintSalt: salt)
        #expect(diagnostic.fingerprint == expected, "a finding's fingerprint is the rule, services and salt alone")
    }
}
