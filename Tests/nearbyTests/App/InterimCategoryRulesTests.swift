import NearbyCore
import Testing
@testable import nearby

struct InterimCategoryRulesTests {
    @Test func osmTagsMapByTheFirstKeyThatNamesACategory() {
        let cases: [([String: String], Category?)] = [
            (["amenity": "cafe"], .cafe), (["amenity": "fast_food"], .fastFood), (["amenity": "post_office"], .postOffice),
            (["amenity": "doctors"], .doctor), (["healthcare": "doctor"], .doctor), (["shop": "supermarket"], .supermarket),
            (["tourism": "hotel"], .hotel), (["leisure": "park"], .park), (["amenity": "cafe", "shop": "bakery"], .cafe),
            (["amenity": "bench"], nil), (["name": "Café"], nil),
        ]
        for (tags, expected) in cases { #expect(InterimCategoryRules.osm(tags) == expected, "\(tags)") }
    }

    @Test func googleTypesMapAndEveryCategoryButToiletsIsSearchable() {
        #expect(InterimCategoryRules.googleTypes(["point_of_interest", "night_club"]) == .nightclub)
        #expect(InterimCategoryRules.googleTypes(["lodging"]) == .hotel)
        #expect(InterimCategoryRules.googleTypes(["gas_station", "convenience_store"]) == .fuel)
        #expect(InterimCategoryRules.googleTypes(["establishment"]) == nil)
        for category in Category.allCases where category != .toilets {
            let type = InterimCategoryRules.googleSearchType(category)
            #expect(type?.contains(where: \.isUppercase) == false, "\(category)")
            // What a category is searched by maps back to it (pub shares Google's "bar").
            if category != .pub { #expect(InterimCategoryRules.googleTypes([type ?? ""]) == category, "\(category)") }
        }
    }
}
