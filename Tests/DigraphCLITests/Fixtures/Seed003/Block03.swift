extension Container {

    var service1: Factory<Service1> {
        self { ServiceImpl1() }
            .singleton
    }

    var service2: Factory<Service2> {
        self { ServiceImpl2(service1: self.service1()) }
    }
}
// you can use it like that later for DI
let vm = ScreenViewModel(service1: Container.shared.service1(),
                         service2: Container.shared.service2())
