import Resolver

extension Resolver {
    static func registerViewModels() {
        register { HomeViewModel() }
        register { SendViewModel(sender: resolve()) }
    }
}
