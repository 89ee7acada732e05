import Testing
@testable import NearbyCore

struct FriendValidationTests {
    @Test(arguments: ["Anna", "José", "Zoë", "Mary-Jane", "O'Brien", "O’Neil", "李", "Владимир", "محمد", "van der Berg",
                      "e\u{301}mile"])
    func acceptsNamesOfAnyScript(name: String) {
        #expect(FriendValidation.nameProblem(name) == nil)
    }

    @Test func refusesEmptyLongAndSymbolNames() {
        #expect(FriendValidation.nameProblem("") == "Required")
        #expect(FriendValidation.nameProblem("   ") == "Required")
        #expect(FriendValidation.nameProblem(String(repeating: "a", count: 41)) == "At most 40 characters")
        #expect(FriendValidation.nameProblem(String(repeating: "a", count: 40)) == nil)
        #expect(FriendValidation.nameProblem("Anna1") == "Only letters, emoji, spaces, hyphens, apostrophes and periods")
        #expect(FriendValidation.nameProblem("A\u{1B}[31m") == "Only letters, emoji, spaces, hyphens, apostrophes and periods")
        #expect(FriendValidation.nameProblem("--") == "Needs at least one letter")
    }

    @Test func periodsAndEmojiAreAllowedAndTheMessageSaysSo() {
        // What passes and what the message promises agree: periods and emoji are in both.
        for name in ["St. Pierre", "Dot.Name", "李小龍🐉", "Anna 👩🏽‍💻", "Zoë 🏳️‍🌈"] {
            #expect(FriendValidation.nameProblem(name) == nil, "\(name)")
        }
        #expect(FriendValidation.nameRule.contains("periods") && FriendValidation.nameRule.contains("emoji"))
        #expect(FriendValidation.nameProblem("🐉") == "Needs at least one letter")
        #expect(FriendValidation.nameProblem("Anna#1") == FriendValidation.nameRule)
        #expect(FriendValidation.nameProblem("Anna\u{202E}") == FriendValidation.nameRule)
    }

    @Test func phoneRules() {
        #expect(FriendValidation.phoneProblem("+423 555 0101") == nil)
        #expect(FriendValidation.phoneProblem("(071) 555-01") == nil)
        #expect(FriendValidation.phoneProblem("12") == "At least 3 digits")
        #expect(FriendValidation.phoneProblem("123") == nil)
        #expect(FriendValidation.phoneProblem(String(repeating: "1", count: 21)) == "At most 20 digits")
        #expect(FriendValidation.phoneProblem("555-CALL") == "Only digits, spaces, +, - and parentheses")
        #expect(FriendValidation.phoneProblem("") == "Required")
        #expect(FriendValidation.phoneProblem("١٢٣") == "Only digits, spaces, +, - and parentheses")
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
}
