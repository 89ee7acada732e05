import NearbyCore
import NearbyData

/// The Overpass QL Nearby sends: bounded by a circle and a count, with a server-side time limit below the
/// client's, asking only for the tags Nearby's categories know.
enum OverpassQuery {
    /// The widest circle asked for.
    static let maxRadius = 50_000.0
    /// The most elements one answer may hold.
    static let maxElements = 10_000

    /// The server's time limit for a client that gives up after `clientTimeout` seconds: a few seconds less,
    /// so that Overpass stops the query (and answers why) before the client stops waiting.
    static func serverTimeout(clientTimeout: Double) -> Int {
        clientTimeout > 10 ? Int(clientTimeout) - 5 : max(1, Int(clientTimeout * 0.8))
    }

    /// Every object of Nearby's categories within the circle: named ones, and unnamed ones of the kinds
    /// that usually carry no name (ATMs, fuel stations, car parks, toilets), as the importer keeps them.
    static func area(center: Coordinate, radius: Double, timeout: Int) -> String {
        let around = "(around:\(Int(min(radius, maxRadius).rounded())),\(center.latitude),\(center.longitude))"
        var selectors = ""
        for (key, named, unnamed) in tagValues {
            if !named.isEmpty { selectors += "nwr[\"\(key)\"~\"^(\(named.joined(separator: "|")))$\"][\"name\"]\(around);" }
            if !unnamed.isEmpty { selectors += "nwr[\"\(key)\"~\"^(\(unnamed.joined(separator: "|")))$\"]\(around);" }
        }
        return "[out:json][timeout:\(timeout)];(\(selectors));out tags center \(maxElements);"
    }

    /// One element by type and number (`way(2)`).
    static func element(type: String, number: Int64, timeout: Int) -> String {
        "[out:json][timeout:\(timeout)];\(type)(\(number));out tags center 1;"
    }

    /// For each category key (in `CategoryMapping.osmKeyPrecedence` order): the values of usually named
    /// kinds, asked for with a name, and of usually unnamed kinds, asked for with or without.
    static let tagValues: [(key: String, named: [String], unnamed: [String])] = {
        CategoryMapping.osmKeyPrecedence.compactMap { key in
            var named: [String] = [], unnamed: [String] = []
            for rule in CategoryMapping.rules {
                for tag in rule.osmTags where tag.key == key {
                    if rule.usuallyUnnamed { unnamed.append(tag.value) } else { named.append(tag.value) }
                }
            }
            return named.isEmpty && unnamed.isEmpty ? nil : (key, named, unnamed)
        }
    }()
}
