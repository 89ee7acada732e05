import ArgumentParser

/// Where `--open` starts the app.
enum StartScreen: Equatable, CustomStringConvertible {
    case home
    case friends

    init(parsing text: String) throws {
        switch text.lowercased() {
        case "home": self = .home
        case "friends": self = .friends
        default:
            throw ValidationError("Unknown screen \"\(text)\" for --open; use: home, friends.")
        }
    }

    var description: String {
        switch self {
        case .home: "home"
        case .friends: "friends"
        }
    }
}
