import NearbyData
/// The `X-Goog-FieldMask` of each request: only the fields the screen draws, since Google bills a request
/// at the tier of the dearest field it names.
///
/// A list row draws the name, the category, an address, the distance, the open state and the rating; the
/// open state and the rating are Enterprise fields, so a list is an Enterprise request and asks for nothing
/// beyond that tier (no reviews, photos or "serves coffee", which are Enterprise + Atmosphere). The detail
/// screen adds the phone, the website, the price level, the address parts, wheelchair access, the
/// providers to credit and the photos (asked for only here: a list never draws them).
enum GoogleFieldMask {
    /// Fields of a place in a list, without the `places.` prefix.
    static let listFields = [
        "id", "displayName", "location", "types", "primaryType", "shortFormattedAddress", "businessStatus",
        "rating", "userRatingCount", "regularOpeningHours", "currentOpeningHours",
    ]

    /// Fields of the detail screen.
    static let detailFields = [
        "id", "displayName", "location", "types", "primaryType", "formattedAddress", "addressComponents",
        "businessStatus", "nationalPhoneNumber", "internationalPhoneNumber", "websiteUri", "rating",
        "userRatingCount", "priceLevel", "regularOpeningHours", "currentOpeningHours", "accessibilityOptions",
        "attributions", "photos",
    ]

    /// `searchNearby`: a list of places.
    static let nearby = listFields.map { "places." + $0 }.joined(separator: ",")
    /// `searchText`: a list of places and the token of the next page.
    static let text = nearby + ",nextPageToken"
    /// `places/{id}`: one place.
    static let detail = detailFields.joined(separator: ",")
}
