let container = Container()
container.register(APIClientProtocol.self) { _ in APIClient() }
container.register(LoggerProtocol.self) { _ in Logger() }
container.register(DatabaseProtocol.self) { _ in Database() }
container.register(MyViewModel.self) { (resolver, id: String) in
    let dependency = (
        resolver.resolve(APIClientProtocol.self)!,
        resolver.resolve(LoggerProtocol.self)!,
        resolver.resolve(DatabaseProtocol.self)!
    )
    return MyViewModel(
        dependency: dependency,
        id: id
    )
}
let myViewModel = container.resolve(
    MyViewModel.self, argument: "abc")!
