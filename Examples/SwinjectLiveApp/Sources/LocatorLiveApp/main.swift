import DigraphRecorder
import Foundation

// Usage: LocatorLiveApp [--output FILE]
// Registers a few services in seed 000's ServiceLocator, uses them, and writes what the
// locator recorded (default: locator.snapshot.json in the current directory).

protocol Networking: AnyObject {}
final class Network: Networking {}

protocol LoginServiceProtocol: AnyObject {}
final class LoginService: LoginServiceProtocol {
    let network: Networking
    init(network: Networking) { self.network = network }
}

protocol UserSessionProtocol: AnyObject {}
final class UserSession: UserSessionProtocol {}

protocol AnalyticsTracking: AnyObject {}

final class LoginViewModel {
    let service: LoginServiceProtocol = ServiceLocator.shared.autoResolve()
    let session: UserSessionProtocol = ServiceLocator.shared.autoResolve()
}

var output = "locator.snapshot.json"
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    if argument == "--output", let value = arguments.popFirst() { output = value } else {
        FileHandle.standardError.write(Data("usage: LocatorLiveApp [--output FILE]\n".utf8))
        exit(2)
    }
}
let url = URL(fileURLWithPath: output)
// If a resolve fails, the snapshot is written before the locator's fatalError.
ServiceLocator.recorder.autosaveURL = url

let locator = ServiceLocator.shared
locator.register(instance: Network(), forMetaType: Networking.self)
locator.register(
    factory: { resolver in
        let network: Networking = resolver.autoResolve()
        return LoginService(network: network)
    },
    forMetaType: LoginServiceProtocol.self
)
locator.register(factory: { _ in UserSession() }, forMetaType: UserSessionProtocol.self)

let model = LoginViewModel()
_ = model.service

try ServiceLocator.recorder.write(to: url)
let snapshot = ServiceLocator.recorder.snapshot()
print("wrote \(output): \(snapshot.services.count) services, \(snapshot.edges.count) edges")
