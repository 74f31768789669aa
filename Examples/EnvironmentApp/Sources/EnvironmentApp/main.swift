let home = HomeViewModel()
home.load()
let profile = ProfileViewModel()
print(profile.title)
// Each of these reaches a planted defect (see README.md): the cart's first use recurses until
// the stack overflows, the settings screen's force cast traps.
if CommandLine.arguments.contains("--cart") { CartViewModel().checkout() }
if CommandLine.arguments.contains("--settings") { print(SettingsViewModel().showsNewCheckout) }
