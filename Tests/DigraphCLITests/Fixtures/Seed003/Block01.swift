enum ViewFactory {
    static func createView() -> UIView {
        UIView()
    }
}
let view = ViewFactory.createView()
