import NearbyCore
import NearbyData

/// Which Places API (New) types stand for each category, and how Home's categories are grouped so that a
/// whole area costs a few requests rather than one per category.
enum GooglePlaceTypes {
    /// Types of the legacy service that the New API refuses in `includedTypes` (it answers
    /// INVALID_ARGUMENT for an unknown type, which would fail the whole request).
    static let legacyOnly: Set<String> = ["grocery_or_supermarket"]

    /// The types a category is searched by (`cafe`, `coffee_shop`).
    static func types(of category: NearbyCore.Category) -> [String] {
        CategoryMapping.rule(for: category).googleTypes.filter { !legacyOnly.contains($0) }
    }

    /// Every type Nearby knows, for a search of all categories (under the API's limit of 50).
    static let all: [String] = NearbyCore.Category.allCases.flatMap(types(of:))

    /// The category of a result: its primary type first (Google's own choice), then its other types.
    static func category(primaryType: String?, types: [String]) -> NearbyCore.Category? {
        CategoryMapping.category(googleTypes: (primaryType.map { [$0] } ?? []) + types)
    }

    /// Home's categories in three requests. Each request returns the nearest 20 places of its types, so a
    /// busy kind (restaurants) would crowd out the rest if everything were asked at once; groups of kinds
    /// that people look for together keep each section filled in all but the densest centres.
    static let areaGroups: [[NearbyCore.Category]] = [
        // Eat and drink.
        [.cafe, .restaurant, .fastFood, .bar, .pub, .nightclub, .bakery],
        // Errands and health.
        [.atm, .bank, .pharmacy, .hospital, .doctor, .supermarket, .convenience, .fuel, .parking, .postOffice,
         .toilets],
        // Stay and see.
        [.hotel, .museum, .attraction, .library, .cinema, .park],
    ]

    /// The types of one group, in category order, without repeats.
    static func types(ofGroup group: [NearbyCore.Category]) -> [String] {
        var seen = Set<String>()
        return group.flatMap(types(of:)).filter { seen.insert($0).inserted }
    }
}
