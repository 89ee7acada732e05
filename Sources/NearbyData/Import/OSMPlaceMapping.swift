import NearbyCore

/// Turns an OpenStreetMap element's tags into a `Place` or a `Locality`, or nothing.
public enum OSMPlaceMapping {
    public static let attribution = "© OpenStreetMap contributors"

    /// Keys a reader must report an element for: the category keys and the gazetteer's `place`.
    public static let relevantKeys: Set<String> = Set(CategoryMapping.osmKeyPrecedence).union(["place"])

    /// The place an element stands for, or nil when it is none of ours or an unnamed place of a kind that
    /// is usually named (an unnamed restaurant cannot be told apart from its neighbours).
    public static func place(id: PlaceID, tags: [String: String], coordinate: Coordinate) -> Place? {
        guard let category = CategoryMapping.category(osmTags: tags) else { return nil }
        return place(id: id, tags: tags, coordinate: coordinate, category: category)
    }

    /// The place an element of `category` stands for (the Overpass source decides the category itself).
    public static func place(id: PlaceID, tags: [String: String], coordinate: Coordinate,
                      category: NearbyCore.Category) -> Place? {
        let brand = text(tags["brand"])
        let operatorName = text(tags["operator"])
        let name: String
        if let named = text(tags["name"]) {
            name = named
        } else if CategoryMapping.isUsuallyUnnamed(category) {
            name = UnnamedPlaceName.name(of: category, tags: tags.compactMapValues { text($0) })
        } else {
            return nil
        }
        let address = Address(
            street: text(tags["addr:street"]) ?? text(tags["addr:place"]),
            houseNumber: text(tags["addr:housenumber"]),
            postcode: text(tags["addr:postcode"]),
            city: text(tags["addr:city"]),
            country: text(tags["addr:country"]))
        return Place(
            id: id, name: name, category: category, coordinate: coordinate, address: address,
            phone: text(tags["phone"]) ?? text(tags["contact:phone"]),
            website: text(tags["website"]) ?? text(tags["contact:website"]),
            email: text(tags["email"]) ?? text(tags["contact:email"]),
            openingHours: text(tags["opening_hours"]).map { .osm($0) },
            cuisine: text(tags["cuisine"]),
            wheelchair: text(tags["wheelchair"]),
            operatorName: operatorName, brand: brand,
            attribution: attribution, picture: picture(tags))
    }

    /// The picture the tags name: `wikimedia_commons` first (a file, fetched at the size needed), else `image`.
    static func picture(_ tags: [String: String]) -> RemotePicture? {
        if let commons = tags["wikimedia_commons"], let picture = RemotePicture(commons: commons) { return picture }
        if let image = tags["image"], let picture = RemotePicture(image: image) { return picture }
        return nil
    }

    /// The gazetteer entry a `place=…` node stands for, when it has a name.
    public static func locality(id: String, tags: [String: String], coordinate: Coordinate) -> Locality? {
        guard let value = tags["place"], let kind = Locality.Kind(rawValue: value),
              let name = text(tags["name"]) else { return nil }
        return Locality(id: id, name: name, kind: kind, coordinate: coordinate)
    }

    /// A tag value fit for a screen: control characters (escape sequences, newlines) become spaces, runs of
    /// blanks collapse, and an empty result is no value at all.
    public static func text(_ raw: String?) -> String? {
        guard let raw else { return nil }
        let needsCleaning = raw.unicodeScalars.contains { isControl($0) }
            || raw.first == " " || raw.last == " " || raw.contains("  ")
        if !needsCleaning { return raw.isEmpty ? nil : raw }
        var cleaned = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in raw.unicodeScalars {
            if isControl(scalar) || scalar == " " {
                pendingSpace = !cleaned.isEmpty
                continue
            }
            if pendingSpace { cleaned.append(" ") }
            pendingSpace = false
            cleaned.append(scalar)
        }
        return cleaned.isEmpty ? nil : String(cleaned)
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7f...0x9f).contains(scalar.value)
            || scalar.value == 0x2028 || scalar.value == 0x2029
            // Bidirectional overrides can make a name draw as something else.
            || (0x202a...0x202e).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }
}
