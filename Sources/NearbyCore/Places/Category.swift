/// The one list of categories every source maps into. Their codes, words, tags and types are one table:
/// `CategoryMapping.rules`.
public enum Category: String, CaseIterable, Hashable, Sendable, Codable {
    case atm, bank, cafe, restaurant, fastFood, bar, pub, nightclub, pharmacy, hospital, doctor
    case supermarket, convenience, bakery, hotel, museum, attraction, fuel, parking, postOffice
    case toilets, library, cinema, park
    // What a visitor looks for besides (added after the first 24: their stored codes follow on).
    case viewpoint, monument, playground, drinkingWater, bicycleRental, chargingStation, clothes, books, sports

    /// The name a screen shows ("Fast food"), from `CategoryMapping`'s table.
    public var displayName: String { CategoryMapping.words(of: self).name }

    /// The plural a sentence uses ("No cafés within 2 km").
    public var pluralName: String { CategoryMapping.words(of: self).plural }

    /// Finds a category by its raw value or display name, ignoring case ("cafe", "Café", "fast-food").
    public init?(name: String) {
        let key = Self.letterKey(name)
        guard let match = Category.allCases.first(where: {
            $0.rawValue.lowercased() == key
                || Self.letterKey($0.displayName) == key
        }) else { return nil }
        self = match
    }

    /// The letters of `name` in lower case, "é" as "e": "Fast-food" and "fast food" give the same key.
    private static func letterKey(_ name: String) -> String {
        String(name.lowercased().lazy.filter(\.isLetter).map { $0 == "é" ? "e" : $0 })
    }
}
