import OSMFormats
import FoundationEssentials
import NearbyCore

/// Reads an OpenStreetMap extract (`.osm.pbf`, `.osm`, `.osm.gz`) and hands its points of interest and
/// localities to a sink.
///
/// Two passes keep memory flat whatever the file's size: the first turns tagged nodes into places and notes
/// the closed ways of known categories with the node ids they need; the second reads only as far as the
/// last of those nodes, to place each way at the centre of its nodes. Only those coordinates are kept.
/// When the areas are too many to hold between the passes, the second pass reads their ways again instead.
/// `limits` bound what a file can make the import keep, whatever it claims.
public struct OSMImporter: Sendable {
    public let path: String
    public let limits: OSMImportLimits
    /// Changes to read the file through (`nearby update`): every pass sees the extract as they leave it.
    public let changes: OSMChangeSet?

    public init(path: String, limits: OSMImportLimits = .standard, changes: OSMChangeSet? = nil) {
        self.path = path
        self.limits = limits
        self.changes = changes
    }

    /// The file's format, from its first bytes.
    public func detectFormat() throws(OSMImportError) -> OSMFileFormat {
        let file = try FileByteSource(path: path)
        var prefix = [UInt8](repeating: 0, count: 16)
        do {
            let count = try prefix.withUnsafeMutableBytes { try file.readFully(into: $0) }
            return try OSMFileFormat.detect(Array(prefix[0..<count]))
        } catch {
            throw Self.importError(error, location: .byte(0))
        }
    }

    /// When the file was last written (the data's date when its header names none).
    func fileDate() throws(OSMImportError) -> Date {
        Date(timeIntervalSince1970: Double(try FileByteSource(path: path).modifiedAt))
    }

    private func fileSize() throws(OSMImportError) -> Int {
        try FileByteSource(path: path).size
    }

    /// Imports everything into `sink`; `progress` is called often (every block or chunk), so throttle drawing.
    @discardableResult
    public func run(into sink: some OSMImportSink,
                    progress: @escaping (OSMImportProgress) -> Void = { _ in }) throws(OSMImportError) -> OSMImportSummary {
        try run(into: sink, alongside: nil, progress: progress).summary
    }

    /// Imports into `sink`, handing the first pass's elements to `network` as well; the positions of the
    /// network's nodes are then found in the same read of the nodes that places the areas (one pass over the
    /// file fewer), by the locator returned.
    func run(into sink: some OSMImportSink, alongside network: WalkNetworkCollector?,
             progress: @escaping (OSMImportProgress) -> Void) throws(OSMImportError)
        -> (summary: OSMImportSummary, networkNodes: WalkNodeLocator?) {
        let clock = ContinuousClock()
        let start = clock.now
        let elapsed = { () -> Double in
            let duration = clock.now - start
            return Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
        }
        let format = try detectFormat()
        let collector = PointOfInterestCollector(sink: sink, limits: limits, fileSize: try fileSize())
        collector.base = network?.files.base
        let reportReading = { (offset: Int, total: Int, elements: Int) in
            progress(OSMImportProgress(phase: .reading, bytesRead: offset, totalBytes: total, elements: elements,
                                       places: collector.placeCount, elapsed: elapsed()))
        }
        let firstPass = if let network {
            try read(format: format, into: VisitorPair(first: collector, second: network), progress: reportReading)
        } else {
            try read(format: format, into: collector, progress: reportReading)
        }
        let total = try fileSize()
        if let network, network.wayCount == 0 { network.files.base?.void() }
        let networkNodes = try network.flatMap { (network) throws(OSMImportError) in
            try network.nodeLocator(nodesInFile: firstPass.nodes) { done, all in
                progress(.share(.sortingPaths, done: done, of: all, totalBytes: total, places: collector.placeCount,
                                elapsed: elapsed()))
            }
        }
        let placing = { (offset: Int, total: Int, elements: Int) in
            progress(OSMImportProgress(phase: .placingWays, bytesRead: offset, totalBytes: total,
                                       elements: elements, places: collector.placeCount, elapsed: elapsed()))
        }
        /// The areas' read of the nodes, with the network's riding along when there is one.
        func readNodes(_ visitor: some OSMElementVisitor) throws(OSMImportError) {
            if let networkNodes {
                _ = try read(format: format, into: VisitorPair(first: visitor, second: networkNodes), progress: placing)
            } else {
                _ = try read(format: format, into: visitor, progress: placing)
            }
        }

        var waysPlaced = 0
        var waysWithoutNodes = 0
        if !collector.pendingIDs.isEmpty {
            let positions = NodePositions(ids: collector.takeNeededNodes())
            if let held = collector.heldWays {
                let locator = WayNodeLocator(positions: positions, nodesInFile: firstPass.nodes)
                try readNodes(locator)
                var positions = locator.positions
                for pending in held {
                    guard let centre = positions.centre(of: pending.refs) else {
                        waysWithoutNodes += 1
                        continue
                    }
                    var place = pending.place
                    place.coordinate = centre
                    do { try sink.place(place) } catch { throw OSMImportError.sink(failure: error) }
                    collector.count(place)
                    waysPlaced += 1
                }
            } else {
                let rereader = WayRereader(positions: positions, pendingIDs: collector.pendingIDs,
                                           nodesInFile: firstPass.nodes, sink: sink) { collector.count($0) }
                try readNodes(rereader)
                if !rereader.deferredIDs.isEmpty {
                    rereader.beginFinalPass()
                    _ = try read(format: format, into: rereader, progress: placing)
                }
                waysPlaced = rereader.waysPlaced
                waysWithoutNodes = rereader.waysWithoutNodes
            }
        } else if let networkNodes {
            _ = try read(format: format, into: networkNodes) { offset, total, elements in
                progress(OSMImportProgress(phase: .walkingNetwork, bytesRead: offset, totalBytes: total,
                                           elements: elements, places: collector.placeCount, elapsed: elapsed()))
            }
        }
        let summary = OSMImportSummary(
            format: format, placesByCategory: collector.placesByCategory, localities: collector.localityCount,
            waysPlaced: waysPlaced, waysWithoutNodes: waysWithoutNodes, skips: collector.skips,
            elements: firstPass.elements, bytes: firstPass.bytes, seconds: elapsed())
        return (summary, networkNodes)
    }

    /// Every error inside is already an `OSMImportError`; this keeps the typed signature honest without a cast.
    private static func importError(_ error: any Error, location: OSMFileLocation) -> OSMImportError {
        (error as? OSMImportError) ?? .corrupt(String(describing: error), location)
    }

    struct PassResult {
        var nodes: Int
        var elements: Int
        var bytes: Int
    }

    func read<Visitor: OSMElementVisitor>(
        format: OSMFileFormat, into visitor: Visitor,
        progress: @escaping (Int, Int, Int) -> Void
    ) throws(OSMImportError) -> PassResult {
        guard let changes else { return try readFile(format: format, into: visitor, progress: progress) }
        let overlay = ChangeOverlay(inner: visitor, changes: changes, asPBF: format == .pbf)
        let result = try readFile(format: format, into: overlay, progress: progress)
        do {
            try overlay.finish()
        } catch {
            throw Self.importError(error, location: .byte(result.bytes))
        }
        return result
    }

    private func readFile<Visitor: OSMElementVisitor>(
        format: OSMFileFormat, into visitor: Visitor,
        progress: @escaping (Int, Int, Int) -> Void
    ) throws(OSMImportError) -> PassResult {
        let file = try FileByteSource(path: path)
        let total = file.size
        let reporter = ProgressForwarder(visitor: visitor) { offset, elements in progress(offset, total, elements) }
        switch format {
        case .pbf:
            // The reader takes the file to its prefetch thread; offsets come from the blocks it decoded.
            let reader = PBFReader(file: file, limits: limits.reading)
            do {
                try reader.read(into: reporter)
                try ImportInterruption.check()
                return PassResult(nodes: reader.nodesRead, elements: reader.elementsRead, bytes: reader.bytesRead)
            } catch {
                throw Self.importError(error, location: .byte(reader.bytesRead))
            }
        case .xml, .gzippedXML:
            do {
                let source: any ByteSource = format == .xml ? file : try GzipByteSource(file: file, limits: limits.reading)
                let reader = OSMXMLReader(source: source, limits: limits.reading)
                try reader.read(into: reporter)
                try ImportInterruption.check()
                return PassResult(nodes: reader.nodesRead, elements: reader.elementsRead, bytes: file.fileOffset)
            } catch {
                throw Self.importError(error, location: .byte(file.fileOffset))
            }
        }
    }
}

/// Passes everything to a visitor and forwards its progress to a closure.
private final class ProgressForwarder<Inner: OSMElementVisitor>: OSMElementVisitor {
    let inner: Inner
    let report: (Int, Int) -> Void

    init(visitor: Inner, report: @escaping (Int, Int) -> Void) {
        self.inner = visitor
        self.report = report
    }

    var relevantKeys: Set<String> { inner.relevantKeys }
    var wantsTaggedNodes: Bool { inner.wantsTaggedNodes }
    var wantsAllNodeCoordinates: Bool { inner.wantsAllNodeCoordinates }
    var wantsWays: Bool { inner.wantsWays }
    /// An interrupted import stops reading at once; `read` then throws.
    var isFinished: Bool { inner.isFinished || ImportInterruption.isRequested }
    func taggedNode(_ node: OSMNode) throws { try inner.taggedNode(node) }
    func nodeCoordinate(id: Int64, latitude: Double, longitude: Double) {
        inner.nodeCoordinate(id: id, latitude: latitude, longitude: longitude)
    }
    func interest(inWay id: Int64) -> OSMWayInterest { inner.interest(inWay: id) }
    func way(_ way: OSMWay) throws { try inner.way(way) }
    func elementWithTooManyTags() { inner.elementWithTooManyTags() }
    func progress(fileOffset: Int, elements: Int) { report(fileOffset, elements) }
    func header(_ header: OSMExtractHeader) { inner.header(header) }
}
