import FoundationEssentials
import NearbyCore
import NearbyHTTP
import NearbyData

/// A Places API (New) `Place` object as a `Place`: read field by field, so a wrong type or a missing field
/// loses that field (or that place), never the answer.
enum GooglePlaceMapping {
    /// What Google's terms ask to be shown next to its data.
    static let attribution = "Google Maps"

    /// A place, or nil without an id, a name, a position or a category (Nearby's for its types, else
    /// `fallback`), or when it has closed for good. `reportedAt` dates what the answer says about now.
    static func place(from value: JSONValue, reportedAt: Date, fallback: NearbyCore.Category? = nil) -> Place? {
        guard let id = placeID(of: value), let name = text(value["displayName"]?["text"]),
              let latitude = value["location"]?["latitude"]?.doubleValue,
              let longitude = value["location"]?["longitude"]?.doubleValue else { return nil }
        let coordinate = Coordinate(latitude: latitude, longitude: longitude)
        guard coordinate.isValid, !isClosedForGood(value) else { return nil }
        let types = (value["types"]?.arrayValue ?? []).compactMap(\.stringValue)
        guard let category = GooglePlaceTypes.category(primaryType: value["primaryType"]?.stringValue, types: types)
            ?? fallback else { return nil }

        var address = Address(formatted: text(value["formattedAddress"]) ?? text(value["shortFormattedAddress"]))
        for component in value["addressComponents"]?.arrayValue ?? [] {
            let kinds = (component["types"]?.arrayValue ?? []).compactMap(\.stringValue)
            let long = text(component["longText"])
            if kinds.contains("street_number") { address.houseNumber = long }
            if kinds.contains("route") { address.street = long }
            if kinds.contains("locality") { address.city = long }
            if kinds.contains("postal_code") { address.postcode = long }
            if kinds.contains("country") { address.country = text(component["shortText"]) ?? long }
        }
        let periods = weeklyPeriods(value["regularOpeningHours"]?["periods"])
        return Place(id: PlaceID(source: .google, sourceID: id), name: name, category: category,
                     coordinate: coordinate, address: address,
                     phone: text(value["internationalPhoneNumber"]) ?? text(value["nationalPhoneNumber"]),
                     website: text(value["websiteUri"]),
                     openingHours: periods.isEmpty ? nil : .periods(periods),
                     wheelchair: wheelchair(value["accessibilityOptions"]),
                     rating: value["rating"]?.doubleValue.flatMap { (0...5).contains($0) ? $0 : nil },
                     ratingCount: value["userRatingCount"]?.integerValue.flatMap { $0 >= 0 ? Int(clamping: $0) : nil },
                     priceLevel: priceLevel(value["priceLevel"]?.stringValue),
                     attribution: attributionText(value["attributions"]),
                     openNowReport: openNow(value, reportedAt: reportedAt),
                     picture: picture(value["photos"]))
    }

    /// The place's first photo that has a name of Google's, with its authors to credit.
    static func picture(_ photos: JSONValue?) -> RemotePicture? {
        for photo in photos?.arrayValue ?? [] {
            guard let name = photo["name"]?.stringValue else { continue }
            let authors = (photo["authorAttributions"]?.arrayValue ?? []).compactMap { text($0["displayName"]) }
            if let picture = RemotePicture(googleName: name, authors: authors) { return picture }
        }
        return nil
    }

    /// Whether the place has closed for good: a list leaves it out, a detail says it is gone.
    static func isClosedForGood(_ value: JSONValue) -> Bool {
        value["businessStatus"]?.stringValue == "CLOSED_PERMANENTLY"
    }

    /// The place's id, which goes into a request path: Google's ids are letters, digits, `-` and `_`; anything
    /// else is not an id of theirs and is refused rather than sent.
    static func placeID(of value: JSONValue) -> String? {
        let raw = value["id"]?.stringValue ?? value["name"]?.stringValue.map { name in
            name.hasPrefix("places/") ? String(name.dropFirst("places/".count)) : name
        }
        guard let raw, isPlaceID(raw) else { return nil }
        return raw
    }

    static func isPlaceID(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.count <= 512 && text.utf8.allSatisfy { byte in
            (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-")
                || byte == UInt8(ascii: "_")
        }
    }

    /// `PRICE_LEVEL_MODERATE` → 2; nil for an unspecified or unknown level.
    static func priceLevel(_ level: String?) -> Int? {
        switch level {
        case "PRICE_LEVEL_FREE": 0
        case "PRICE_LEVEL_INEXPENSIVE": 1
        case "PRICE_LEVEL_MODERATE": 2
        case "PRICE_LEVEL_EXPENSIVE": 3
        case "PRICE_LEVEL_VERY_EXPENSIVE": 4
        default: nil
        }
    }

    /// `regularOpeningHours.periods`: `{"open": {"day", "hour", "minute"}, "close": {…}}`, day 0 being Sunday.
    /// A period without a close is Google's 24/7. Periods naming an impossible day or time are skipped.
    static func weeklyPeriods(_ value: JSONValue?) -> [WeeklyPeriod] {
        var periods: [WeeklyPeriod] = []
        for period in value?.arrayValue ?? [] {
            guard let open = point(period["open"]) else { continue }
            if period["close"] == nil || period["close"]?.isNull == true {
                periods.append(WeeklyPeriod(openDay: open.day, openMinute: open.minute, closeDay: nil, closeMinute: nil))
            } else if let close = point(period["close"]) {
                periods.append(WeeklyPeriod(openDay: open.day, openMinute: open.minute, closeDay: close.day,
                                            closeMinute: close.minute))
            }
        }
        return periods
    }

    private static func point(_ value: JSONValue?) -> (day: Int, minute: Int)? {
        guard let day = value?["day"]?.integerValue, (0...6).contains(day),
              let hour = value?["hour"]?.integerValue, (0...24).contains(hour) else { return nil }
        let minute = value?["minute"]?.integerValue ?? 0
        guard (0..<60).contains(minute), hour * 60 + minute <= 1_440 else { return nil }
        return (Int(day), Int(hour * 60 + minute))
    }

    /// `currentOpeningHours.openNow` (today's hours, holidays included), else the regular hours' `openNow`.
    private static func openNow(_ value: JSONValue, reportedAt: Date) -> OpenNowReport? {
        if value["businessStatus"]?.stringValue == "CLOSED_TEMPORARILY" {
            return OpenNowReport(isOpen: false, reportedAt: reportedAt)
        }
        for key in ["currentOpeningHours", "regularOpeningHours"] {
            if case .bool(let isOpen)? = value[key]?["openNow"] { return OpenNowReport(isOpen: isOpen, reportedAt: reportedAt) }
        }
        return nil
    }

    private static func wheelchair(_ options: JSONValue?) -> String? {
        guard case .bool(let accessible)? = options?["wheelchairAccessibleEntrance"] else { return nil }
        return accessible ? "yes" : "no"
    }

    /// "Google Maps", followed by the providers a place's data comes from, as the terms ask.
    private static func attributionText(_ value: JSONValue?) -> String {
        let providers = (value?.arrayValue ?? []).compactMap { text($0["provider"]) }
        return ([attribution] + providers).joined(separator: " · ")
    }

    /// Text fit for a screen (control characters and escape sequences neutralised), or nil when absent,
    /// empty or absurdly long.
    static func text(_ value: JSONValue?) -> String? {
        guard let raw = value?.stringValue, let clean = UntrustedText.clean(raw, maxLength: 500) else { return nil }
        let trimmed = clean.trimmingSpaces()
        return trimmed.isEmpty ? nil : trimmed
    }
}
