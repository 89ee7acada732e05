/// A named settlement from the gazetteer, so that `--near Vaduz` can resolve.
public struct Locality: Hashable, Sendable, Codable {
    /// OpenStreetMap's `place=` value, largest first.
    public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
        case city, town, village, suburb, neighbourhood, hamlet, locality
    }

    /// The source's id ("osm:n123"), stable across re-imports.
    public var id: String
    public var name: String
    public var kind: Kind
    public var coordinate: Coordinate

    public init(id: String, name: String, kind: Kind, coordinate: Coordinate) {
        self.id = id
        self.name = name
        self.kind = kind
        self.coordinate = coordinate
    }
}
