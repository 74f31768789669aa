protocol Injectable: class {
    var data: [[String]]! {get set}
}

func inject(into controller: UIViewController, data: [[String]]) {
    if let dest = destController as? Injectable {
        dest.data = data
    }
    for child in destController.childViewControllers {
        inject(into: child, data: data)
    }
}
