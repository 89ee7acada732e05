import ArgumentParser

/// Where `--open` starts the app.
enum StartScreen: Equatable {
    case friends

    init(parsing text: String) throws {
        switch text.lowercased() {
        case "friends": self = .friends
        default:
            throw ValidationError("Unknown screen \"\(text)\" for --open; use: friends.")
        }
    }
}
