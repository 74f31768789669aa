import ShopCore

let widget = WidgetContainer.shared.container
let api = widget.resolve(APIClient.self)!
// Only the app registers the formatter: the widget crashes here.
let formatter = widget.resolve(PriceFormatter.self)!
print("widget", api.get("/top"), formatter.format(500))
