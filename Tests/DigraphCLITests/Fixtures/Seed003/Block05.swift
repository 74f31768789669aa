extension Container {
    var sugared: Factory<MyServiceType> {
        self { MyService() }
    }
    var formal: Factory<MyServiceType> {
        Factory(self) { MyService() }
    }
    // result is the same for both properties
}
