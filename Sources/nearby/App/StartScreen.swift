import ArgumentParser
import NearbyCore

/// Where `--open` starts the app. Every start but `friends` has Home beneath it, so Back leads there.
enum StartScreen: Equatable, CustomStringConvertible {
    case home
    case friends
    /// A category's list; nil is the list of every place.
    case category(Category?)
    case place(PlaceID)
    case search(String)
    case favourites

    static let usage = "home, friends, favourites, category:NAME (or category:all), place:ID, search:TEXT"

    init(parsing text: String) throws {
        let lowered = text.lowercased()
        if lowered == "home" { self = .home; return }
        if lowered == "friends" { self = .friends; return }
        if lowered == "favourites" || lowered == "favorites" { self = .favourites; return }
        guard let colon = text.firstIndex(of: ":") else {
            throw ValidationError("Unknown screen \(TerminalText.quoted(text)) for --open; use: \(Self.usage).")
        }
        let kind = text[..<colon].lowercased()
        let value = String(text[text.index(after: colon)...])
        switch kind {
        case "category":
            if value.lowercased() == "all" { self = .category(nil); return }
            guard let category = Category(name: value) else {
                let names = Category.allCases.map(\.rawValue).joined(separator: ", ")
                throw ValidationError("Unknown category \(TerminalText.quoted(value)); use one of: all, \(names).")
            }
            self = .category(category)
        case "place":
            guard let id = PlaceID(value) else {
                throw ValidationError("\(TerminalText.quoted(value)) is not a place id (like osm:n123, as `nearby places --json` prints).")
            }
            self = .place(id)
        case "search":
            let words = value.trimmingBlanks()
            guard !words.isEmpty else { throw ValidationError("search: needs some text, as in search:pizza.") }
            self = .search(words)
        default:
            throw ValidationError("Unknown screen \(TerminalText.quoted(text)) for --open; use: \(Self.usage).")
        }
    }

    var description: String {
        switch self {
        case .home: "home"
        case .friends: "friends"
        case .category(let category): "category:\(category?.rawValue ?? "all")"
        case .place(let id): "place:\(id)"
        case .search(let text): "search:\(text)"
        case .favourites: "favourites"
        }
    }
}
