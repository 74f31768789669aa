import Foundation

/// The slice of `URLSession` the app uses, so tests can hand in a stub.
protocol URLSessionProtocol {
    func data(for request: URLRequest, delegate: URLSessionTaskDelegate?) async throws -> (Data, URLResponse)
}

extension URLSession: URLSessionProtocol {}

enum APIError: Error {
    case badStatus(Int)
    case decoding(Error)
}

protocol APIClient {
    func get<Response: Decodable>(_ path: String, as type: Response.Type) async throws -> Response
    func post<Body: Encodable>(_ path: String, body: Body) async throws
}

final class HTTPAPIClient: APIClient {
    private let session: URLSessionProtocol
    private let baseURL = URL(string: "https://api.example-shop.com/v2/")!
    private let decoder = JSONDecoder()
    private let encoder = JSONEncoder()

    init(session: URLSessionProtocol) {
        self.session = session
    }

    func get<Response: Decodable>(_ path: String, as type: Response.Type) async throws -> Response {
        let request = URLRequest(url: baseURL.appendingPathComponent(path))
        let (data, response) = try await session.data(for: request, delegate: nil)
        try Self.validate(response)
        do {
            return try decoder.decode(Response.self, from: data)
        } catch {
            throw APIError.decoding(error)
        }
    }

    func post<Body: Encodable>(_ path: String, body: Body) async throws {
        var request = URLRequest(url: baseURL.appendingPathComponent(path))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = try encoder.encode(body)
        let (_, response) = try await session.data(for: request, delegate: nil)
        try Self.validate(response)
    }

    private static func validate(_ response: URLResponse) throws {
        guard let http = response as? HTTPURLResponse else { return }
        guard (200..<300).contains(http.statusCode) else { throw APIError.badStatus(http.statusCode) }
    }
}

/// Logs every request; cheap to create, so a fresh one is made for each consumer.
protocol RequestLogging {
    func log(_ message: String)
}

final class ConsoleRequestLogger: RequestLogging {
    private let createdAt = Date()

    func log(_ message: String) {
        print("[network +\(Int(Date().timeIntervalSince(createdAt)))s] \(message)")
    }
}
