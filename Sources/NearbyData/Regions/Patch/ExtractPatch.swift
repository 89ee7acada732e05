import FoundationEssentials
import NearbyCore
import OSMFormats
import SQLiteDriver

/// `nearby update` without reading the extract again: the store holds the extract's file through the changes
/// applied so far (`old`); the patch brings it to the file through every change published (`new`), writing
/// only what the newer changes touch, in one transaction. The file's base (`ExtractBase`) answers for every
/// element the changes do not carry: positions of nodes a changed way uses, the ways a moved node belongs to,
/// the areas around a changed place.
///
/// What it writes is what importing the changed file writes: the same places and towns, and a walking
/// network with the same edges and marks (`ExtractUpdateTests` compares them). Vertices are told apart by
/// position inside a tile, and a vertex no edge uses any more is kept (see `PatchedTile`).
struct ExtractPatch {
    let store: LocalPlacesStore
    let extract: StoredExtract
    let base: ExtractBase
    let filePath: String
    /// The changes the store holds, and the changes it is brought to (those and the newer ones).
    let old: OSMChangeSet
    let new: OSMChangeSet
    /// The ids whose elements the newer changes changed.
    let newerNodes: Set<Int64>
    let newerWays: Set<Int64>

    init(store: LocalPlacesStore, extract: StoredExtract, base: ExtractBase, filePath: String, old: OSMChangeSet,
         new: OSMChangeSet) {
        self.store = store
        self.extract = extract
        self.base = base
        self.filePath = filePath
        self.old = old
        self.new = new
        newerNodes = Self.changed(from: old.nodes, to: new.nodes)
        newerWays = Self.changed(from: old.ways, to: new.ways)
    }

    /// The elements of `new` that are not those of `old` (the same version, the same action); an element of a
    /// file that names no versions counts as changed.
    static func changed(from old: [Int64: OSMChangedElement], to new: [Int64: OSMChangedElement]) -> Set<Int64> {
        var changed = Set<Int64>()
        for (id, element) in new {
            if let was = old[id], was.version != 0, was.version == element.version, was.action == element.action {
                continue
            }
            changed.insert(id)
        }
        return changed
    }

    /// The base's network must have a piece long enough that no patch makes every piece short (then the
    /// longest of the short pieces would be unmarked: the rule of a full import for tiny networks).
    static let longestPieceNeeded = 10_000.0

    func apply() throws -> OSMImportSummary {
        let clock = ContinuousClock()
        let start = clock.now
        guard base.manifest.longestPiece >= Self.longestPieceNeeded else {
            throw PatchFailure.unsupported("a small network is read again whole")
        }
        let importer = OSMImporter(path: filePath)
        let format = try importer.detectFormat()
        let header = try importer.readHeader()
        let asPBF = format == .pbf
        let before = try ExtractChangeView(base: base, changes: old, asPBF: asPBF)
        let after = try ExtractChangeView(base: base, changes: new, asPBF: asPBF)
        for id in newerNodes where new.nodes[id]?.hasTooManyTags == true {
            throw PatchFailure.unsupported("node \(id) has more tags than an import reads")
        }
        for id in newerWays where new.ways[id]?.hasTooManyTags == true || new.ways[id]?.hasTooManyNodes == true {
            throw PatchFailure.unsupported("way \(id) has more tags or nodes than an import reads")
        }

        // The walking network: every way the newer changes touch, and every way through a node that moved or
        // became (or stopped being) a vertex.
        try base.prefetch(nodes: newerNodes)
        var moved = IDSet()
        for id in newerNodes where try before.position(id).map(Self.pair) != (try after.position(id).map(Self.pair)) {
            moved.insert(id)
        }
        var affected = Set<Int64>()
        var checked = IDSet()
        var walkWays = extract.walkableWays
        var onChangedWays: [Int64] = []
        for id in newerWays {
            for way in [try before.walkWay(id), try after.walkWay(id)] { onChangedWays += way?.refs ?? [] }
        }
        try base.prefetch(nodes: onChangedWays)
        for id in newerWays {
            let was = try before.walkWay(id), now = try after.walkWay(id)
            guard was != now else { continue }
            affected.insert(id)
            walkWays += (now == nil ? 0 : 1) - (was == nil ? 0 : 1)
            for node in (was?.refs ?? []) + (now?.refs ?? []) where checked.insert(node) {
                if (try before.uses(node) >= 2) != (try after.uses(node) >= 2) { moved.insert(node) }
            }
        }
        try moved.forEach { node in
            affected.formUnion(try before.ways(using: node))
            affected.formUnion(try after.ways(using: node))
        }
        try ImportInterruption.check()
        var onAffectedWays: [Int64] = []
        for id in affected {
            for way in [try before.walkWay(id), try after.walkWay(id)] { onAffectedWays += way?.refs ?? [] }
        }
        try base.prefetch(nodes: onAffectedWays)
        var removed: [PatchedEdge] = [], added: [PatchedEdge] = []
        for id in affected.sorted() {
            let was = try before.walkWay(id).map { (way) throws(OSMImportError) in try PatchedEdge.edges(of: way, in: before) } ?? []
            let now = try after.walkWay(id).map { (way) throws(OSMImportError) in try PatchedEdge.edges(of: way, in: after) } ?? []
            var kept: [PatchedEdge: Int] = [:]
            for edge in was { kept[edge, default: 0] += 1 }
            for edge in now {
                if let count = kept[edge], count > 0 {
                    kept[edge] = count - 1
                } else {
                    added.append(edge)
                }
            }
            for (edge, count) in kept where count > 0 { removed += Array(repeating: edge, count: count) }
        }

        let extractKey = PlacesExtract.identify(path: filePath, header: header)
        let patchedHeader = header.map { new.applied(to: $0) }
        var network = WalkNetworkSummary()
        let (_, changes) = try store.importPlaces(extract: { _ in extractKey }, cacheBytes: 16 << 20) { writer in
            writer.isPatch = true
            writer.header = patchedHeader
            writer.fileDate = try? importer.fileDate()
            writer.filePath = filePath
            writer.walkWays = walkWays
            writer.extent = extract.extent
            guard try writer.extractID() == extract.id else {
                throw PatchFailure.mismatch("the file is recognised as another extract")
            }
            let patch = try WalkNetworkPatch(db: writer.database, extract: extract.id)
            for edge in removed { patch.remove(edge) }
            for edge in added { patch.add(edge) }
            try patch.finish()
            network.ways = walkWays
            network.edges = patch.edgesAdded - patch.edgesRemoved
            try patchPlaces(writer, before: before, after: after, moved: moved)
            // ctrl-c or SIGTERM meanwhile: the transaction rolls back, the store stays at its sequence.
            try ImportInterruption.check()
        }
        var summary = OSMImportSummary(format: format, placesByCategory: [:], localities: 0, waysPlaced: 0,
                                       waysWithoutNodes: 0, skips: OSMImportSkips(), elements: newerNodes.count + newerWays.count,
                                       bytes: 0, seconds: Double((clock.now - start) / .milliseconds(1)) / 1000)
        summary.changes = changes
        summary.network = network
        return summary
    }

    private static func pair(_ position: (latitude: Int32, longitude: Int32)) -> Int64 {
        Int64(position.latitude) << 32 | Int64(UInt32(bitPattern: position.longitude))
    }

    /// Places and towns: the nodes the newer changes name, and the areas they touch (changed, moved, or
    /// beside a place of their name and category that changed: a node and an area of one place are kept once).
    private func patchPlaces(_ writer: PlacesImportWriter, before: ExtractChangeView, after: ExtractChangeView,
                             moved: IDSet) throws {
        let areas = try base.areas()
        var areaIndex = IDTable<Int>(capacity: areas.entries.count, filler: -1)
        for (index, entry) in areas.entries.enumerated() { areaIndex[entry.id] = index }
        func area(_ id: Int64, in changes: OSMChangeSet) -> ExtractBase.Area? {
            guard let element = changes.ways[id] else { return areaIndex[id].map(areas.area(at:)) }
            guard element.action != .delete, element.refs.count >= 4, element.refs.first == element.refs.last,
                  OSMPlaceMapping.place(id: PlaceID(source: .osm, sourceID: "w\(id)"), tags: element.tags,
                                        coordinate: Coordinate(latitude: 0, longitude: 0)) != nil else { return nil }
            return ExtractBase.Area(id: id, refs: element.refs, tags: element.tags)
        }
        // The names and categories of node places before and after, for the areas beside them.
        var namesTouched = Set<String>()
        let stored = try writer.database.statement("SELECT name, categoryCode FROM place WHERE id = ?")
        // The extract's towns are few: known at once, so a node that was none costs no lookup.
        var towns = Set<String>()
        let townRows = try writer.database.statement("SELECT id FROM locality WHERE extract = ?").bind(extract.id)
        while try townRows.step() { towns.insert(try townRows.column(0)) }
        townRows.reset()
        for id in newerNodes {
            let placeID = PlaceID(source: .osm, sourceID: "n\(id)")
            let key = placeID.description
            try stored.bind(key)
            var wasPlace = false
            if try stored.step() {
                wasPlace = true
                if let name = try? stored.column(0, as: String.self) {
                    namesTouched.insert("\(try stored.column(1, as: Int.self))|\(name)")
                }
            }
            stored.reset()
            var element = new.nodes[id]
            if element?.action == .delete { element = nil }
            let coordinate = element.map(after.coordinate(of:))
            let locality = element.flatMap { element in
                coordinate.flatMap { $0.isValid ? OSMPlaceMapping.locality(id: key, tags: element.tags, coordinate: $0) : nil }
            }
            let place = element.flatMap { element in
                coordinate.flatMap { $0.isValid ? OSMPlaceMapping.place(id: placeID, tags: element.tags, coordinate: $0) : nil }
            }
            if let locality {
                try writer.upsert(locality)
            } else if towns.contains(key) {
                try writer.removeLocality(id: key)
            }
            if let place {
                try writer.upsert(place)
                namesTouched.insert("\(CategoryCode.code(of: place.category))|\(place.name)")
            } else if wasPlace {
                try writer.removePlace(id: placeID)
            }
        }
        var touched = Set<Int64>()
        for id in newerWays where area(id, in: old) != nil || area(id, in: new) != nil { touched.insert(id) }
        // The areas the changes carry are mapped; the base's carry the place they make.
        for id in new.ways.keys where !touched.contains(id) {
            guard let now = area(id, in: new) else { continue }
            if now.refs.contains(where: moved.contains) {
                touched.insert(id)
            } else if let place = OSMPlaceMapping.place(id: PlaceID(source: .osm, sourceID: "w\(id)"), tags: now.tags,
                                                        coordinate: Coordinate(latitude: 0, longitude: 0)),
                      namesTouched.contains("\(CategoryCode.code(of: place.category))|\(place.name)") {
                touched.insert(id)
            }
        }
        for (index, entry) in areas.entries.enumerated() where new.ways[entry.id] == nil && !touched.contains(entry.id) {
            if namesTouched.contains(entry.placeKey) || areas.anyNode(of: index, moved.contains) { touched.insert(entry.id) }
        }
        for id in touched.sorted() {
            let placeID = PlaceID(source: .osm, sourceID: "w\(id)")
            guard let now = area(id, in: new), let centre = try centre(of: now.refs.dropLast(), in: after),
                  let place = OSMPlaceMapping.place(id: placeID, tags: now.tags, coordinate: centre) else {
                try writer.removePlace(id: placeID)
                continue
            }
            try writer.upsert(place)
        }
    }

    /// The mean of the known positions of the distinct nodes, as `NodePositions.centre` takes it.
    private func centre(of refs: ArraySlice<Int64>, in view: ExtractChangeView) throws -> Coordinate? {
        var seen = Set<Int64>()
        var latitude = 0.0, longitude = 0.0
        var count = 0
        for ref in refs where seen.insert(ref).inserted {
            guard let position = try view.position(ref) else { continue }
            latitude += Double(position.latitude) / 1e7
            longitude += Double(position.longitude) / 1e7
            count += 1
        }
        guard count > 0 else { return nil }
        return Coordinate(latitude: latitude / Double(count), longitude: longitude / Double(count))
    }
}
