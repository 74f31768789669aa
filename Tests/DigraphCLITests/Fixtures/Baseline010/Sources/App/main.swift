import Swinject

let container = Container()
AppAssembly().assemble(container: container)
// digraph:disable:next scope_mismatch
let checkout = container.resolve(Checkout.self)!
let product = container.resolve(ProductViewModel.self)!
let plugin = container.resolve(Plugin.self, name: "search")!
