import OSMFormats

extension OSMImporter {
    /// What the file's header says, read without reading its elements (nil when it says nothing).
    public func readHeader() throws(OSMImportError) -> OSMExtractHeader? {
        let visitor = HeaderVisitor()
        let plain = OSMImporter(path: path, limits: limits)
        _ = try plain.read(format: try detectFormat(), into: visitor) { _, _, _ in }
        return visitor.header
    }
}

/// Takes the header and stops the read at the first element after it.
private final class HeaderVisitor: OSMElementVisitor {
    var header: OSMExtractHeader?
    private var sawElement = false

    var relevantKeys: Set<String> { [] }
    var wantsTaggedNodes: Bool { false }
    var wantsAllNodeCoordinates: Bool { true }
    var wantsWays: Bool { true }
    var isFinished: Bool { header != nil || sawElement }
    func interest(inWay id: Int64) -> OSMWayInterest {
        sawElement = true
        return .none
    }
    func taggedNode(_ node: OSMNode) throws {}
    func nodeCoordinate(id: Int64, latitude: Double, longitude: Double) { sawElement = true }
    func way(_ way: OSMWay) throws {}
    func elementWithTooManyTags() {}
    func progress(fileOffset: Int, elements: Int) {}
    func header(_ header: OSMExtractHeader) { self.header = header }
}
