import NearbyCore

/// A name for a place OpenStreetMap leaves unnamed, of a kind that usually is (an ATM, a fuel station, a
/// car park): shared by the importer and the Overpass source, so both name the same object alike.
public enum UnnamedPlaceName {
    /// Car parks get at most this many details after their kind.
    public static let maxDetails = 2

    /// `tags` must be cleaned already (`OSMPlaceMapping.text`).
    public static func name(of category: NearbyCore.Category, tags: [String: String]) -> String {
        let owner = tags["brand"] ?? tags["operator"]
        guard category == .parking else { return owner ?? category.displayName }
        // Most car parks are unnamed, and a list of "Parking" rows tells nothing apart: say what kind, whose,
        // where, for whom, and how big, as far as the tags know ("Underground parking (Städtle, customers)").
        var details: [String] = []
        if let owner { details.append(owner) }
        if let street = tags["addr:street"] ?? tags["addr:place"] { details.append(street) }
        switch tags["access"] {
        case "customers": details.append("customers")
        case "private", "no": details.append("private")
        case "permit": details.append("permit holders")
        case "delivery": details.append("deliveries")
        default: break
        }
        switch tags["fee"] {
        case "yes": details.append("paid")
        case "no": details.append("free")
        default: break
        }
        if let capacity = tags["capacity"].flatMap({ Int($0) }), capacity > 0 {
            details.append(capacity == 1 ? "1 space" : "\(capacity) spaces")
        }
        let kind = parkingKind(tags)
        return details.isEmpty ? kind : "\(kind) (\(details.prefix(maxDetails).joined(separator: ", ")))"
    }

    /// "Underground parking", "Street parking", "Park and ride", else "Parking".
    private static func parkingKind(_ tags: [String: String]) -> String {
        if let ride = tags["park_ride"], ride != "no" { return "Park and ride" }
        switch tags["parking"] {
        case "underground": return "Underground parking"
        case "multi-storey": return "Multi-storey parking"
        case "rooftop": return "Rooftop parking"
        case "street_side", "lane", "on_kerb", "half_on_kerb": return "Street parking"
        case "carports": return "Carports"
        case "garage_boxes": return "Garages"
        default: return NearbyCore.Category.parking.displayName
        }
    }
}
