import FactoryKit

@main
struct ShopApp {
    static func main() {
        let cache = Container.shared.imageCache()
        let search = Container.shared.search("shoes")
        print(cache, search.query)
    }
}
