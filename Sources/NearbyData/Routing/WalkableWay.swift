/// Which OpenStreetMap ways a person may walk, and in which directions.
///
/// Walkable by their kind: footways (sidewalks and crossings are footways too), paths, pedestrian streets,
/// steps, living streets, residential, service, unclassified and tertiary to trunk roads with their links,
/// tracks, bridleways, cycleways, corridors, platforms and piers. Never by default: motorways and their links,
/// roads under construction or only proposed, raceways, bus-only roads and via ferratas. Then `foot` decides
/// (`no`, `private`, `use_sidepath` close a way; `yes`, `designated`, `permissive`, … open one), else `access`
/// (`no`, `private`, `agricultural`, `forestry`, `delivery`, `military` close it), and `motorroad=yes` closes
/// it. One-way: `oneway:foot`, `foot:forward`/`foot:backward` always; plain `oneway` only on ways for people
/// on foot (footway, path, steps, pedestrian, corridor, platform), since on roads it binds vehicles only.
enum WalkableWay {
    /// Keys that make a way worth reading for the network.
    static let relevantKeys: Set<String> = ["highway", "railway", "public_transport", "man_made"]

    /// The directions a walker may take along the way's node order.
    struct Directions: Hashable {
        var forward: Bool
        var backward: Bool
    }

    private static let walkableHighways: Set<String> = [
        "footway", "path", "pedestrian", "steps", "living_street", "residential", "service", "unclassified",
        "tertiary", "tertiary_link", "secondary", "secondary_link", "primary", "primary_link", "trunk",
        "trunk_link", "track", "road", "bridleway", "cycleway", "corridor", "platform",
    ]
    /// Ways whose plain `oneway` binds walkers too.
    private static let footHighways: Set<String> = ["footway", "path", "steps", "pedestrian", "corridor", "platform"]
    private static let footOpen: Set<String> = ["yes", "designated", "permissive", "destination", "customers",
                                                "official", "discouraged"]
    private static let footClosed: Set<String> = ["no", "private", "use_sidepath"]
    private static let accessClosed: Set<String> = ["no", "private", "agricultural", "forestry", "delivery",
                                                    "military"]

    /// The directions a walker may take, or nil when the way is not for walking.
    static func directions(_ tags: [String: String]) -> Directions? {
        let highway = tags["highway"]
        let byKind: Bool
        if let highway {
            byKind = walkableHighways.contains(highway)
        } else {
            byKind = tags["railway"] == "platform" || tags["public_transport"] == "platform"
                || tags["man_made"] == "pier"
        }
        if let foot = tags["foot"] {
            if footClosed.contains(foot) { return nil }
            if !footOpen.contains(foot), !byKind { return nil }
            if !footOpen.contains(foot), isClosedToAll(tags) { return nil }
        } else {
            guard byKind, !isClosedToAll(tags) else { return nil }
        }
        guard tags["area"] != "yes" || highway == "pedestrian" || highway == "footway" || highway == nil else {
            return nil
        }
        var directions = Directions(forward: true, backward: true)
        let oneway = tags["oneway:foot"] ?? (highway.map(footHighways.contains) == true ? tags["oneway"] : nil)
        switch oneway {
        case "yes", "true", "1": directions.backward = false
        case "-1", "reverse": directions.forward = false
        default: break
        }
        if tags["foot:backward"] == "no" { directions.backward = false }
        if tags["foot:forward"] == "no" { directions.forward = false }
        guard directions.forward || directions.backward else { return nil }
        return directions
    }

    /// Closed by `access` or `motorroad`, unless `foot` opens it (checked by the caller).
    private static func isClosedToAll(_ tags: [String: String]) -> Bool {
        if let access = tags["access"], accessClosed.contains(access) { return true }
        if tags["motorroad"] == "yes" { return true }
        switch tags["highway"] {
        case "motorway", "motorway_link", "construction", "proposed", "raceway", "bus_guideway", "busway",
             "via_ferrata", "abandoned", "planned":
            return true
        default:
            return false
        }
    }
}
