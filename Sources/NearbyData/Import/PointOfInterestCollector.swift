import NearbyCore

/// The first pass: tagged nodes become places and localities at once; closed ways of known categories wait
/// for their nodes' coordinates.
final class PointOfInterestCollector<Sink: OSMImportSink>: OSMElementVisitor {
    /// A closed way's place, still without its coordinate, and the distinct nodes it needs.
    struct PendingWay {
        var place: Place
        var refs: [Int64]
    }

    private let sink: Sink
    private(set) var pendingWays: [PendingWay] = []
    private(set) var neededNodes: Set<Int64> = []
    private(set) var placesByCategory: [Category: Int] = [:]
    private(set) var placeCount = 0
    private(set) var localityCount = 0

    init(sink: Sink) {
        self.sink = sink
    }

    let relevantKeys = OSMPlaceMapping.relevantKeys
    let wantsTaggedNodes = true
    let wantsAllNodeCoordinates = false
    let wantsWays = true
    let isFinished = false

    func taggedNode(_ node: OSMNode) throws {
        let coordinate = Coordinate(latitude: node.latitude, longitude: node.longitude)
        guard coordinate.isValid else { return }
        let id = PlaceID(source: .osm, sourceID: "n\(node.id)")
        do {
            if let locality = OSMPlaceMapping.locality(id: id.description, tags: node.tags, coordinate: coordinate) {
                try sink.locality(locality)
                localityCount += 1
            }
            if let place = OSMPlaceMapping.place(id: id, tags: node.tags, coordinate: coordinate) {
                try sink.place(place)
                count(place)
            }
        } catch {
            // Thrown through the reader, so that nothing after the failure is read.
            throw OSMImportError.sink(failure: error)
        }
    }

    func nodeCoordinate(id: Int64, latitude: Double, longitude: Double) {}

    func header(_ header: OSMExtractHeader) {
        sink.extractHeader(header)
    }

    func way(_ way: OSMWay) throws {
        guard way.refs.count >= 4, way.refs.first == way.refs.last else { return }
        let id = PlaceID(source: .osm, sourceID: "w\(way.id)")
        // The coordinate is a stand-in until the second pass finds the nodes.
        guard let place = OSMPlaceMapping.place(id: id, tags: way.tags,
                                                coordinate: Coordinate(latitude: 0, longitude: 0)) else { return }
        var seen = Set<Int64>()
        let refs = way.refs.dropLast().filter { seen.insert($0).inserted }
        neededNodes.formUnion(refs)
        pendingWays.append(PendingWay(place: place, refs: refs))
    }

    func progress(fileOffset: Int, elements: Int) {}

    func count(_ place: Place) {
        placesByCategory[place.category, default: 0] += 1
        placeCount += 1
    }
}

/// The second pass: the coordinates of the nodes closed ways need, and nothing else.
final class WayNodeLocator: OSMElementVisitor {
    private let needed: Set<Int64>
    private let nodesInFile: Int
    private var nodesSeen = 0
    private var found: [Int64: Coordinate] = [:]

    init(needed: Set<Int64>, nodesInFile: Int) {
        self.needed = needed
        self.nodesInFile = nodesInFile
        found.reserveCapacity(needed.count)
    }

    let relevantKeys: Set<String> = []
    let wantsTaggedNodes = false
    let wantsAllNodeCoordinates = true
    let wantsWays = false
    /// Done when every needed node is found, or every node of the file went by (ways may miss nodes at an
    /// extract's border).
    var isFinished: Bool { found.count == needed.count || nodesSeen >= nodesInFile }

    func taggedNode(_ node: OSMNode) throws {}

    func nodeCoordinate(id: Int64, latitude: Double, longitude: Double) {
        nodesSeen += 1
        if needed.contains(id) {
            found[id] = Coordinate(latitude: latitude, longitude: longitude)
        }
    }

    func way(_ way: OSMWay) throws {}
    func progress(fileOffset: Int, elements: Int) {}

    /// The mean of the nodes' coordinates that are known and valid; nil when none is.
    func centre(of refs: [Int64]) -> Coordinate? {
        var latitude = 0.0
        var longitude = 0.0
        var count = 0
        for ref in refs {
            guard let coordinate = found[ref], coordinate.isValid else { continue }
            latitude += coordinate.latitude
            longitude += coordinate.longitude
            count += 1
        }
        guard count > 0 else { return nil }
        return Coordinate(latitude: latitude / Double(count), longitude: longitude / Double(count))
    }
}
