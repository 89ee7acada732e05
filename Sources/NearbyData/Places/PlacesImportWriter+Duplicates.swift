import Glibc
import NearbyCore
import SQLiteDriver

extension PlacesImportWriter {
    /// How close (metres) a node and a way of one name and category must be to be taken as one place.
    static let duplicateDistance = 25.0

    /// Keeps one place where the extract maps one thing twice: a node (its entrance, its sign) and a way (its
    /// building) of the same category and name within `duplicateDistance` ("Espel" twice, 10 m apart). The
    /// node stays: it carries the tags people put on a point of interest; the way is deleted. Only this run's
    /// places of this extract are compared, through the spatial index, one probe per way-place (a few
    /// thousandths of the import's time: areas of our categories are a small share of an extract).
    /// - Returns: how many of each category were kept once.
    /// `nodesOfAnyRun`: a patch's way-places are compared with every node of the extract, since the patch
    /// rewrote only what changed.
    func mergeNodeAndWayDuplicates(extract: Int64, run: Int64, nodesOfAnyRun: Bool = false) throws -> [Category: Int] {
        let ways = try db.statement("""
            SELECT rid, categoryCode, name, lat, lon FROM place
            WHERE extract = ? AND importRun = ? AND id >= 'osm:w' AND id < 'osm:x'
            """).bind(extract, run)
        var wayPlaces: [(rid: Int64, code: Int, name: String, at: Coordinate)] = []
        while try ways.step() {
            guard let name = try? ways.column(2, as: String.self), !name.isEmpty else { continue }
            wayPlaces.append((try ways.column(0), try ways.column(1), name,
                              Coordinate(latitude: try ways.column(3), longitude: try ways.column(4))))
        }
        ways.reset()
        guard !wayPlaces.isEmpty else { return [:] }
        let scale = PlacesSchema.coordinateScale
        let near = try db.statement("""
            SELECT place.id, place.name, place.lat, place.lon FROM place_rtree
            JOIN place ON place.rid = place_rtree.id
            WHERE minLat >= ? AND maxLat <= ? AND minLon >= ? AND maxLon <= ? AND minCat >= ? AND maxCat <= ?
              AND place.extract = ? AND (place.importRun = ? OR ?)
            """)
        let delete = try db.statement("DELETE FROM place WHERE rid = ?")
        var merged: [Category: Int] = [:]
        for way in wayPlaces {
            let latitudeSpan = Self.duplicateDistance / 111_000
            let longitudeSpan = latitudeSpan / max(0.01, cos(way.at.latitude * .pi / 180))
            let slab = (low: way.code * 2, high: way.code * 2 + 1)
            try near.bind(Int(((way.at.latitude - latitudeSpan) * scale).rounded(.down)),
                          Int(((way.at.latitude + latitudeSpan) * scale).rounded(.up)),
                          Int(((way.at.longitude - longitudeSpan) * scale).rounded(.down)),
                          Int(((way.at.longitude + longitudeSpan) * scale).rounded(.up)),
                          slab.low, slab.high, extract, run, nodesOfAnyRun)
            var twin = false
            while try near.step() {
                guard let id = try? near.column(0, as: String.self), id.hasPrefix("osm:n"),
                      let name = try? near.column(1, as: String.self), name == way.name else { continue }
                let at = Coordinate(latitude: try near.column(2), longitude: try near.column(3))
                if at.distance(to: way.at) <= Self.duplicateDistance {
                    twin = true
                    break
                }
            }
            near.reset()
            if twin, let category = CategoryCode.category(of: way.code) {
                try delete.bind(way.rid).run()
                merged[category, default: 0] += 1
            }
        }
        return merged
    }
}
