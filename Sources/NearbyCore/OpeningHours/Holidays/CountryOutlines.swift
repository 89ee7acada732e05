/// A coarse country lookup for the countries with built-in holidays: a few boxes each (generous, so that
/// a country's places lie inside its own), and an outline for Liechtenstein, whose neighbours' boxes cover it.
/// Near a border a place may lie in several boxes; the caller then decides or merges their calendars.
enum CountryOutlines {
    /// South, west, north, east in degrees.
    struct Box: Sendable {
        var south: Double, west: Double, north: Double, east: Double

        init(_ south: Double, _ west: Double, _ north: Double, _ east: Double) {
            self.south = south
            self.west = west
            self.north = north
            self.east = east
        }

        func contains(latitude: Double, longitude: Double) -> Bool {
            (south...north).contains(latitude) && (west...east).contains(longitude)
        }
    }

    /// The countries whose outline holds the position; an outline drawn point by point wins over boxes.
    static func countries(latitude: Double, longitude: Double) -> [String] {
        if contains(liechtenstein, latitude: latitude, longitude: longitude) { return ["LI"] }
        var found: [String] = []
        for (code, box) in boxesByCode where found.last != code && box.contains(latitude: latitude, longitude: longitude) {
            found.append(code)
        }
        return found
    }

    /// Every box with its country, in the order of the codes (Liechtenstein's are left to its outline): a
    /// list row asks for one place's country, so the lookup walks a flat array rather than a dictionary.
    private static let boxesByCode: [(code: String, box: Box)] = boxes.keys.sorted().filter { $0 != "LI" }
        .flatMap { code in (boxes[code] ?? []).map { (code, $0) } }

    /// Liechtenstein's border, simplified to within a few hundred metres: the Rhine to the west, the ridges
    /// to Austria and Switzerland to the east and south. (latitude, longitude), clockwise from the north.
    static let liechtenstein: [(Double, Double)] = [
        (47.2706, 9.5335), (47.2620, 9.5700), (47.2320, 9.5660), (47.1970, 9.5770), (47.1600, 9.6100),
        (47.1080, 9.6360), (47.0580, 9.6050), (47.0500, 9.5800), (47.0480, 9.5400), (47.0550, 9.5000),
        (47.0680, 9.4850), (47.1000, 9.5050), (47.1400, 9.5000), (47.1680, 9.4880), (47.1900, 9.4900),
        (47.2150, 9.4950), (47.2450, 9.5150),
    ]

    /// Ray casting over the polygon's edges.
    static func contains(_ polygon: [(Double, Double)], latitude: Double, longitude: Double) -> Bool {
        var inside = false
        var previous = polygon[polygon.count - 1]
        for point in polygon {
            if (point.0 > latitude) != (previous.0 > latitude) {
                let crossing = point.1 + (latitude - point.0) / (previous.0 - point.0) * (previous.1 - point.1)
                if longitude < crossing { inside.toggle() }
            }
            previous = point
        }
        return inside
    }

    static let boxes: [String: [Box]] = [
        // Europe
        "AD": [Box(42.42, 1.40, 42.66, 1.79)],
        "AL": [Box(39.64, 19.26, 42.67, 21.06)],
        "AT": [Box(46.37, 9.53, 49.02, 17.17)],
        "BA": [Box(42.55, 15.72, 45.28, 19.62)],
        "BE": [Box(49.49, 2.54, 51.51, 6.41)],
        "BG": [Box(41.23, 22.36, 44.22, 28.61)],
        "BY": [Box(51.26, 23.17, 56.17, 32.78)],
        "CH": [Box(45.81, 5.95, 47.81, 10.50)],
        "CY": [Box(34.56, 32.27, 35.71, 34.60)],
        "CZ": [Box(48.55, 12.09, 51.06, 18.86)],
        "DE": [Box(47.27, 5.86, 55.06, 15.05)],
        "DK": [Box(54.55, 8.07, 57.76, 12.70), Box(54.98, 14.68, 55.30, 15.20)],
        "EE": [Box(57.51, 21.76, 59.69, 28.21)],
        "ES": [Box(35.99, -9.31, 43.80, 4.33), Box(27.63, -18.17, 29.42, -13.41), Box(35.26, -5.39, 35.92, -2.92)],
        "FI": [Box(59.80, 20.54, 70.10, 31.59)],
        "FR": [Box(42.33, -5.15, 51.09, 8.24), Box(41.33, 8.53, 43.03, 9.56)],
        "GB": [Box(49.86, -8.65, 60.86, 1.77)],
        "GR": [Box(34.80, 19.37, 41.75, 29.65)],
        "HR": [Box(42.39, 13.49, 46.55, 19.45)],
        "HU": [Box(45.74, 16.11, 48.59, 22.90)],
        "IE": [Box(51.42, -10.48, 55.39, -5.99)],
        "IS": [Box(63.29, -24.55, 66.57, -13.49)],
        "IT": [Box(35.49, 6.62, 47.10, 18.52)],
        "LI": [Box(47.04, 9.47, 47.28, 9.64)],
        "LT": [Box(53.89, 20.93, 56.46, 26.84)],
        "LU": [Box(49.44, 5.73, 50.19, 6.53)],
        "LV": [Box(55.67, 20.96, 58.09, 28.25)],
        "MC": [Box(43.72, 7.40, 43.76, 7.44)],
        "MD": [Box(45.46, 26.61, 48.50, 30.14)],
        "ME": [Box(41.84, 18.43, 43.56, 20.36)],
        "MK": [Box(40.85, 20.45, 42.38, 23.04)],
        "MT": [Box(35.78, 14.18, 36.09, 14.58)],
        "NL": [Box(50.75, 3.35, 53.56, 7.23)],
        "NO": [Box(57.95, 4.50, 71.19, 31.17)],
        "PL": [Box(49.00, 14.12, 54.84, 24.15)],
        "PT": [Box(36.95, -9.53, 42.16, -6.18), Box(36.90, -31.30, 39.80, -24.70), Box(32.40, -17.30, 33.15, -16.20)],
        "RO": [Box(43.61, 20.26, 48.27, 29.76)],
        "RS": [Box(42.23, 18.81, 46.19, 23.01)],
        "RU": [Box(41.18, 27.30, 81.90, 180), Box(54.30, 19.60, 55.30, 22.90), Box(64.00, -180, 71.60, -168.9)],
        "SE": [Box(55.33, 10.96, 69.07, 24.17)],
        "SI": [Box(45.42, 13.37, 46.88, 16.61)],
        "SK": [Box(47.73, 16.83, 49.61, 22.57)],
        "SM": [Box(43.89, 12.40, 43.99, 12.52)],
        "UA": [Box(44.38, 22.13, 52.38, 40.23)],
        "VA": [Box(41.900, 12.445, 41.908, 12.458)],
        "XK": [Box(41.85, 20.01, 43.27, 21.79)],
        // North America, Central America and the Caribbean
        "AG": [Box(16.98, -62.35, 17.73, -61.66)],
        "BB": [Box(13.03, -59.66, 13.34, -59.41)],
        "BS": [Box(20.90, -79.30, 27.27, -72.70)],
        "BZ": [Box(15.88, -89.23, 18.50, -87.48)],
        "CA": [Box(48.99, -141.01, 83.12, -52.60), Box(41.67, -95.16, 49.00, -52.60)],
        "CR": [Box(8.03, -85.96, 11.22, -82.55)],
        "CU": [Box(19.82, -84.96, 23.28, -74.13)],
        "DM": [Box(15.20, -61.49, 15.64, -61.24)],
        "DO": [Box(17.54, -72.01, 19.94, -68.32)],
        "GD": [Box(11.98, -61.80, 12.53, -61.37)],
        "GT": [Box(13.73, -92.24, 17.82, -88.22)],
        "HN": [Box(12.98, -89.36, 16.52, -83.13)],
        "HT": [Box(18.02, -74.48, 20.09, -71.62)],
        "JM": [Box(17.70, -78.37, 18.53, -76.18)],
        "KN": [Box(17.09, -62.87, 17.42, -62.54)],
        "LC": [Box(13.70, -61.08, 14.11, -60.87)],
        "MX": [Box(14.53, -118.41, 32.72, -86.70)],
        "NI": [Box(10.70, -87.70, 15.03, -82.72)],
        "PA": [Box(7.20, -83.06, 9.65, -77.16)],
        "SV": [Box(13.15, -90.13, 14.45, -87.68)],
        "TT": [Box(10.04, -61.93, 11.36, -60.49)],
        "US": [Box(24.52, -124.77, 49.39, -66.94), Box(51.20, -179.15, 71.39, -129.98), Box(18.90, -160.25, 22.24, -154.80)],
        "VC": [Box(12.58, -61.46, 13.38, -61.11)],
    ]
}
