let vm = MyViewModel2(apiClient: APIClient())
class MyViewModel2 {
    let apiClient: APIClientProtocol
    init(apiClient: APIClientProtocol) {
        self.apiClient = apiClient
    }
}
