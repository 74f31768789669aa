import Foundation

protocol SecureStorage: AnyObject {
    func save(_ data: Data, key: String)
}

protocol PincodeStorage: AnyObject {
    var pincode: String? { get }
}

final class KeychainStorage: SecureStorage, PincodeStorage {
    var pincode: String?
    func save(_ data: Data, key: String) {}
}

/// Valid for one login session: the `.session` scope is reset on logout.
final class SessionToken {
    let value: String
    init(storage: SecureStorage) {
        value = UUID().uuidString
    }
}
