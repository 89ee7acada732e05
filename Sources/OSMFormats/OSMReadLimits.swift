/// What a reader keeps and decodes of one element, block or stream, whatever the file claims: a few kilobytes of
/// zlib can claim tens of millions of node references or tags. Elements beyond a bound are reported as such
/// (`OSMWay.Nodes.tooMany`, `OSMElementVisitor.elementWithTooManyTags`); a block or stream that inflates absurdly
/// is refused as damage. The import's own bounds are `OSMReadLimits` (NearbyData), which holds these.
public struct OSMReadLimits: Hashable, Sendable {
    /// Node references of one way: the OpenStreetMap API refuses ways longer than 2,000 nodes.
    public var wayNodes = 2_000
    /// Tags of one element; real elements have a few dozen.
    public var elementTags = 1_000
    /// Elements may nest this deep in XML (`<osm><node><tag/></node></osm>` is 3).
    public var xmlDepth = 256
    /// A PBF block may inflate to this many times its compressed size (real extracts: below 4), beyond
    /// `blockInflationAllowance`. A bomb's few kilobytes would otherwise make tens of megabytes to decode.
    public var blockInflationRatio = 16
    /// Inflated bytes a PBF block may have whatever its compressed size.
    public var blockInflationAllowance = 1 << 20
    /// A gzip file may inflate to this many times its compressed size (real OpenStreetMap XML: about 10),
    /// beyond `streamInflationAllowance`.
    public var streamInflationRatio = 50
    /// Inflated bytes a gzip file may have whatever its compressed size.
    public var streamInflationAllowance = 16 << 20

    public init() {}

    /// The bounds every import uses.
    public static let standard = OSMReadLimits()
}
