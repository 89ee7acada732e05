import Testing
@testable import NearbyCore

struct FriendValidationTests {
    @Test(arguments: ["Anna", "José", "Zoë", "Mary-Jane", "O'Brien", "O’Neil", "李", "Владимир", "محمد", "van der Berg",
                      "e\u{301}mile"])
    func acceptsNamesOfAnyScript(name: String) {
        #expect(FriendValidation.nameProblem(name) == nil)
    }

    @Test func refusesEmptyLongAndControlledNames() {
        #expect(FriendValidation.nameProblem("") == "Required")
        #expect(FriendValidation.nameProblem("   ") == "Required")
        #expect(FriendValidation.nameProblem(String(repeating: "a", count: 41)) == "At most 40 characters")
        #expect(FriendValidation.nameProblem(String(repeating: "a", count: 40)) == nil)
        #expect(FriendValidation.nameProblem("A\u{1B}[31m") == FriendValidation.nameRule)
        #expect(FriendValidation.nameProblem("Anna\u{202E}") == FriendValidation.nameRule)
        #expect(FriendValidation.nameProblem("Anna\u{2066}") == FriendValidation.nameRule)
        #expect(FriendValidation.nameProblem("An\u{FFFD}(") == "Holds text that could not be read")
    }

    /// Names as real address books hold them (the walkthrough's P2 8): digits, parentheses, commas, "&",
    /// periods and emoji; a last name is optional.
    @Test(arguments: ["Anna (work)", "Mom 2", "Smith & Co", "Beck, Anna", "St. Pierre", "R2D2", "李小龍🐉",
                      "Anna 👩🏽‍💻", "Zoë 🏳️‍🌈", "🐉", "--", "Anna#1"])
    func namesAsAddressBooksHoldThem(name: String) {
        #expect(FriendValidation.nameProblem(name) == nil, "\(name)")
        #expect(FriendValidation.lastNameProblem(name) == nil, "\(name)")
    }

    @Test func aLastNameIsOptional() {
        #expect(FriendValidation.lastNameProblem("") == nil)
        #expect(FriendValidation.lastNameProblem("  ") == nil)
        #expect(FriendValidation.lastNameProblem("A\u{1B}[2J") == FriendValidation.nameRule)
        let mom = FriendDraft(firstName: "Mom", lastName: "", phoneNumber: "+423 555 0101")
        #expect(FriendValidation.problems(in: mom).isEmpty)
        #expect(FriendValidation.problems(in: FriendDraft(firstName: "", lastName: "Beck", phoneNumber: "123"))
            == [.firstName: "Required"])
    }

    @Test func phoneRules() {
        #expect(FriendValidation.phoneProblem("+423 555 0101") == nil)
        #expect(FriendValidation.phoneProblem("(071) 555-01") == nil)
        #expect(FriendValidation.phoneProblem("12") == "At least 3 digits")
        #expect(FriendValidation.phoneProblem("123") == nil)
        #expect(FriendValidation.phoneProblem(String(repeating: "1", count: 21)) == "At most 20 digits")
        // As people write them: dots, slashes, an extension, letters.
        for phone in ["+1 555.123.4567", "0711/123456", "+1 555 123 4567 x12", "555-CALL", "+49 711 1234;ext=5"] {
            #expect(FriendValidation.phoneProblem(phone) == nil, "\(phone)")
        }
        #expect(FriendValidation.phoneProblem("x12") == "At least 3 digits")
        #expect(FriendValidation.phoneProblem("") == "Required")
        #expect(FriendValidation.phoneProblem("555\u{1B}[2J") == FriendValidation.nameRule)
        #expect(FriendValidation.phoneProblem("١٢٣") == "Only digits, letters, spaces and + - ( ) . / , ; # * =")
    }

    @Test func emailIsOptionalButChecked() {
        #expect(FriendValidation.emailProblem(nil) == nil)
        #expect(FriendValidation.emailProblem("") == nil)
        #expect(FriendValidation.emailProblem("anna@example.li") == nil)
        #expect(FriendValidation.emailProblem("anna@") == "Not an e-mail address")
        #expect(FriendValidation.emailProblem("anna@example") == "Not an e-mail address")
        #expect(FriendValidation.emailProblem("an na@example.li") == "Not an e-mail address")
    }

    @Test func problemsByField() {
        let bad = FriendDraft(firstName: "", lastName: "Beck", phoneNumber: "1", email: "x",
                              coordinate: Coordinate(latitude: 91, longitude: 0))
        let problems = FriendValidation.problems(in: bad)
        #expect(Set(problems.keys) == [.firstName, .phoneNumber, .email, .location])
        let good = FriendDraft(firstName: "Anna", lastName: "Beck", phoneNumber: "+423 555 0101")
        #expect(FriendValidation.problems(in: good).isEmpty)
    }

    @Test func coordinateParsing() {
        #expect(Coordinate(parsing: "47.141, 9.5209") == Coordinate(latitude: 47.141, longitude: 9.5209))
        #expect(Coordinate(parsing: "91,0") == nil)
        #expect(Coordinate(parsing: "abc") == nil)
        #expect(Coordinate(parsing: "1,2,3") == nil)
    }

    /// One set of rules for every way a friend comes in: escape sequences, C1 controls, bidi overrides and
    /// isolates and line separators are refused alike.
    @Test(arguments: ["a\u{1B}[31m@b.co", "a\u{9B}31m@b.co", "a\u{85}@b.co", "a\u{202E}b@c.co", "a\u{2066}b@c.co"])
    func anEmailWithAControlOrBidiCharacterIsRefused(email: String) {
        #expect(FriendValidation.emailProblem(email) == "Only printable characters")
    }

    @Test(arguments: ["Vaduz\u{1B}[31m", "Vaduz\u{9B}31m", "Va\u{202E}duz", "Va\u{202D}duz", "Va\u{2068}duz\u{2069}",
                      "Va\u{2029}duz", "Va\u{7F}duz"])
    func aPlaceNameWithAControlOrBidiCharacterIsRefused(place: String) {
        #expect(FriendValidation.placeNameProblem(place) == "Only printable characters")
        let draft = FriendDraft(firstName: "Anna", lastName: "Beck", phoneNumber: "123", placeName: place)
        #expect(FriendValidation.problems(in: draft) == [.location: "Only printable characters"])
    }

    @Test func rightToLeftTextWithoutOverridesIsAPlaceName() {
        #expect(FriendValidation.placeNameProblem("תל אביב") == nil)
        #expect(FriendValidation.placeNameProblem("Zürich \u{200F}") == nil, "a right-to-left mark reorders nothing")
    }

    @Test func everyFieldHasOneLimitAndEveryRuleHoldsToIt() {
        for field in FriendField.allCases {
            let limit = FriendValidation.maximumLength(of: field)
            #expect(limit > 0)
            let tooLong: String
            switch field {
            case .firstName, .lastName:
                tooLong = String(repeating: "a", count: limit + 1)
                #expect(FriendValidation.nameProblem(tooLong) == "At most \(limit) characters")
            case .phoneNumber:
                tooLong = "1" + String(repeating: " ", count: limit) + "23"
                #expect(FriendValidation.phoneProblem(tooLong) == "At most \(limit) characters")
            case .email:
                tooLong = String(repeating: "a", count: limit) + "@b.co"
                #expect(FriendValidation.emailProblem(tooLong) == "Too long")
            case .location:
                tooLong = String(repeating: "L", count: limit + 1)
                #expect(FriendValidation.placeNameProblem(tooLong) == "At most \(limit) characters")
                #expect(FriendLocationInput.problem(in: tooLong) == "At most \(limit) characters")
            }
        }
    }

    /// One character with 30,000 accents is one character: the scalars are bounded too.
    @Test func accentFloodsAreRefusedAndRealNamesAreNot() {
        let flood = "A" + String(repeating: "\u{0301}", count: 30_000)
        #expect(flood.count == 1)
        #expect(FriendValidation.nameProblem(flood) == "Too many accents or joined characters")
        #expect(FriendValidation.placeNameProblem("Vaduz" + flood) == "Too many accents or joined characters")
        // Forty family emoji (seven scalars each) and a Vietnamese name written decomposed stay names.
        #expect(FriendValidation.nameProblem(String(repeating: "👨‍👩‍👧‍👦", count: 40)) == nil)
        #expect(FriendValidation.nameProblem("Nguye\u{0302}\u{0303}n") == nil)
    }

    @Test func theStoredFormDropsInvisibleCharactersButKeepsJoiners() {
        let draft = FriendDraft(firstName: "\u{FEFF}An\u{200B}na\u{2060} ", lastName: "Fam👨‍👩‍👧", phoneNumber: " +423 1 ",
                                placeName: "\u{200B}")
        let stored = draft.normalized
        #expect(stored.firstName == "Anna")
        #expect(stored.lastName == "Fam👨‍👩‍👧")
        #expect(stored.phoneNumber == "+423 1")
        #expect(stored.placeName == nil)
    }
}
