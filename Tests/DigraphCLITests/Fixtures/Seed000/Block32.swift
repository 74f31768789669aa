#if DEBUG
extension Dependency {
    // To enable mocking from outside
    static func resolved(_ value: T) -> Self {
        .init(
            resolvedValue: value,
            resolver: nil,
            failureHandler: { _ in }
        )
   }
}
#endif
