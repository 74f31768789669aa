/* ----- */
/* Definition */
/* ----- */

@propertyWrapper
struct Capitalized {
    var wrappedValue: String {
        didSet { wrappedValue = wrappedValue.capitalized }
    }

   init(wrappedValue: String) {
       self.wrappedValue = wrappedValue.capitalized
   }
}

struct User {
    @Capitalized var firstName: String
    @Capitalized var lastName: String
}

/* ----- */
/* Example */
/* ----- */

var user = User(firstName: "eduardo", lastName: "bocato")

// Prints -> "Eduardo Bocato"
print(user.firstName, user.lastName)
