import NearbyCore
import SQLiteDriver

/// Writes places to the table, the R*Tree, the tile counts and the full-text index, binding values one by one:
/// an import writes a million of these, and building an array of boxed values for each cost a third of the time.
final class PlaceInsertion {
    private let place: SQLiteStatement
    private let update: SQLiteStatement
    private let spatial: SQLiteStatement
    private let text: SQLiteStatement
    private let tileCount: SQLiteStatement
    /// Places inserted per tile key since the counts were last written: a batch touches a few hundred tiles.
    private var tileDeltas: [Int64: Int64] = [:]
    private let updatedAt: String
    /// The extract and import run stamped on every place written (nil: a live source, no extract).
    private let extract: Int64?
    private let importRun: Int64?

    init(db: SQLiteConnection, updatedAt: String, extract: Int64?, importRun: Int64?) throws {
        self.updatedAt = updatedAt
        self.extract = extract
        self.importRun = importRun
        let placeholders = Array(repeating: "?", count: PlaceRow.writtenColumnCount + 1).joined(separator: ", ")
        place = try db.statement("INSERT INTO place (rid, \(PlaceRow.writtenColumns)) VALUES (\(placeholders))")
        let assignments = PlaceRow.writtenColumns.split(separator: ",")
            .map { "\($0.trimmingPrefix(" ")) = ?" }.joined(separator: ", ")
        // A write without an extract leaves the row's extract as it was (a live source refreshing a place
        // an import brought does not take it away from that import).
        update = try db.statement("""
            UPDATE place SET \(assignments.replacing("extract = ?", with: "extract = coalesce(?, extract)")
                .replacing("importRun = ?", with: "importRun = coalesce(?, importRun)"))
            WHERE rid = ?
            """)
        spatial = try db.statement("INSERT INTO place_rtree VALUES (?, ?, ?, ?, ?, ?, ?)")
        text = try db.statement("INSERT INTO place_fts (rowid, searchName, searchSubtitle) VALUES (?, ?, ?)")
        tileCount = try db.statement(PlaceTiles.adjustSQL)
    }

    /// Adds a new place under key `rid`; its tile's count is written by `writeTileCounts`.
    /// - Parameter id: `value.id.description`, which the caller already has.
    func insert(_ value: Place, id: String, rid: Int64) throws {
        place.reset()
        try place.bind(rid, at: 1)
        let folded = try bindColumns(of: value, id: id, to: place, from: 2).folded
        try place.run()

        let scale = PlacesSchema.coordinateScale
        let lat = Int64((value.coordinate.latitude * scale).rounded())
        let lon = Int64((value.coordinate.longitude * scale).rounded())
        let slab = CategoryCode.indexRange(of: value.category)
        spatial.reset()
        for (offset, number) in [rid, lat, lat, lon, lon, Int64(slab.low), Int64(slab.high)].enumerated() {
            try spatial.bind(number, at: Int32(offset + 1))
        }
        try spatial.run()
        let row = PlaceTiles.tile(Int(lat)), column = PlaceTiles.tile(Int(lon))
        tileDeltas[PlaceTiles.key(row: row, column: column, code: CategoryCode.code(of: value.category)), default: 0] += 1
        tileDeltas[PlaceTiles.key(row: row, column: column, code: PlaceTiles.allCategories), default: 0] += 1

        text.reset()
        try text.bind(rid, at: 1)
        try text.bind(folded.name, at: 2)
        try text.bind(folded.subtitle, at: 3)
        try text.run()
    }

    /// Adds the places inserted since the last call to their tiles' counts.
    func writeTileCounts() throws {
        for (key, delta) in tileDeltas {
            try tileCount.bind(key, delta).run()
        }
        tileDeltas.removeAll(keepingCapacity: true)
    }

    /// Rewrites the stored place under key `rid` (same cell); the schema's triggers update the indexes.
    func update(_ value: Place, id: String, rid: Int64) throws {
        update.reset()
        let next = try bindColumns(of: value, id: id, to: update, from: 1).next
        try update.bind(rid, at: next)
        try update.run()
    }

    /// Binds `PlaceRow.writtenColumns` from parameter `first` on; returns the next parameter's index and the
    /// folded name and subtitle (what the full-text index holds).
    private func bindColumns(of value: Place, id: String, to statement: SQLiteStatement,
                             from first: Int32) throws -> (next: Int32, folded: (name: String, subtitle: String)) {
        var hoursText: String?
        var periodsJSON: String?
        switch value.openingHours {
        case .osm(let text): hoursText = text
        case .periods: periodsJSON = try PlaceRow.periodsJSON(value.openingHours)
        case nil: break
        }
        var index = first
        func bind(_ bindable: some SQLiteBindable) throws {
            try statement.bind(bindable, at: index)
            index += 1
        }
        try bind(id)
        try bind(value.name)
        try bind(value.category.rawValue)
        try bind(Int64(CategoryCode.code(of: value.category)))
        try bind(value.coordinate.latitude)
        try bind(value.coordinate.longitude)
        try bind(value.address.street)
        try bind(value.address.houseNumber)
        try bind(value.address.postcode)
        try bind(value.address.city)
        try bind(value.address.country)
        try bind(value.address.formatted)
        try bind(value.phone)
        try bind(value.website)
        try bind(value.email)
        try bind(hoursText)
        try bind(periodsJSON)
        try bind(value.cuisine)
        try bind(value.wheelchair)
        try bind(value.operatorName)
        try bind(value.brand)
        try bind(value.rating)
        try bind(value.ratingCount.map(Int64.init))
        try bind(value.priceLevel.map(Int64.init))
        try bind(value.attribution)
        try bind(value.subtitle)
        try bind(updatedAt)
        try bind(extract)
        try bind(importRun)
        let folded = (name: SearchFolding.fold(value.name), subtitle: SearchFolding.fold(value.subtitle))
        try bind(folded.name)
        try bind(folded.subtitle)
        try bind(value.picture?.stored)
        return (index, folded)
    }
}
