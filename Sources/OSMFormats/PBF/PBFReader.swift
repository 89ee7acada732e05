import Dispatch
import Locking

/// Reads an `.osm.pbf` file block by block. A thread of its own reads and inflates the next blocks
/// (`PBFBlockSource`) while this one decodes the current block and hands its elements to the visitor: zlib's
/// inflating is a fifth of a pass's work, and it now takes the machine's second core. At most
/// `PBFPrefetch.depth` blocks wait, so memory stays a few blocks whatever the file.
package final class PBFReader {
    private let source: Locked<PBFBlockSource>
    private let limits: OSMReadLimits
    private let path: String
    private var elements = 0
    private var nodes = 0
    private var bytes = 0
    /// Nodes read so far.
    package var nodesRead: Int { nodes }
    /// Nodes, ways and relations read so far.
    package var elementsRead: Int { elements }
    /// The file's offset after the last block decoded.
    package var bytesRead: Int { bytes }
    private var sawHeader = false

    /// The reader takes the file over: it is read on the prefetch thread from now on.
    package init(file: sending FileByteSource, limits: OSMReadLimits = .standard) {
        path = file.path
        source = Locked(PBFBlockSource(file: file, limits: limits))
        self.limits = limits
    }

    /// Reads blocks until the end of the file or until the visitor is finished.
    package func read<Visitor: OSMElementVisitor>(into visitor: Visitor) throws {
        let prefetch = try PBFPrefetch(source: source, path: path)
        defer { prefetch.stop() }
        while !visitor.isFinished {
            guard let block = try prefetch.next() else { break }
            defer { prefetch.recycle(block.content) }
            if block.kind == .data && !sawHeader {
                throw OSMImportError.corrupt("a data block comes before the file's header block", .byte(block.blobOffset))
            }
            try block.content.withUnsafeBytes { buffer in
                let content = UnsafeRawBufferPointer(rebasing: buffer[0..<block.count])
                if block.kind == .header {
                    visitor.header(try checkHeaderBlock(content, at: block.dataOffset))
                    sawHeader = true
                } else {
                    var decoder = PrimitiveBlockDecoder(visitor: visitor, limits: limits, elements: elements,
                                                        nodes: nodes)
                    try decoder.decode(content, blobOffset: block.dataOffset)
                    elements = decoder.elements
                    nodes = decoder.nodes
                }
            }
            bytes = block.endOffset
            visitor.progress(fileOffset: block.endOffset, elements: elements)
        }
        // A pass that needs nothing more (no nodes to find) may end before the header; the first pass did not.
        if visitor.isFinished { return }
        if !sawHeader {
            throw OSMImportError.notOSM(reason: "the file holds no OpenStreetMap header block")
        }
    }

    /// Features this reader understands when a file says it requires them.
    static let supportedFeatures: Set<String> = ["OsmSchema-V0.6", "DenseNodes"]

    /// Checks the features the file requires and returns what its header says about the extract.
    private func checkHeaderBlock(_ content: UnsafeRawBufferPointer, at offset: Int) throws -> OSMExtractHeader {
        var required: [String] = []
        var header = OSMExtractHeader()
        do {
            var reader = ProtobufReader(content)
            while let field = try reader.nextField() {
                if field.number == 4, field.wireType == .lengthDelimited {
                    required.append(try reader.string())
                } else if field.number == 1, field.wireType == .lengthDelimited {
                    header.bounds = try Self.boundingBox(try reader.lengthDelimited())
                } else if field.number == 17, field.wireType == .lengthDelimited {
                    header.source = Self.printable(try reader.string())
                } else if field.number == 34, field.wireType == .lengthDelimited {
                    header.replicationURL = Self.printable(try reader.string())
                } else if field.number == 32, field.wireType == .varint {
                    header.replicationTimestamp = Int64(bitPattern: try reader.varint())
                } else if field.number == 33, field.wireType == .varint {
                    header.replicationSequence = Int64(bitPattern: try reader.varint())
                } else {
                    try reader.skip(field.wireType)
                }
            }
        } catch {
            throw OSMImportError.corrupt("the header block is unreadable: \(decodingReason(error))", .byte(offset))
        }
        for feature in required where !Self.supportedFeatures.contains(feature) {
            let printable = String(feature.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7f }.prefix(80))
            throw OSMImportError.unsupported("the file requires the feature “\(printable)”", .byte(offset))
        }
        return header
    }

    /// A HeaderBBox: left, right, top, bottom in nanodegrees.
    private static func boundingBox(_ bytes: UnsafeRawBufferPointer) throws -> OSMExtractHeader.Bounds? {
        var reader = ProtobufReader(bytes)
        var sides: [Int: Double] = [:]
        while let field = try reader.nextField() {
            if (1...4).contains(field.number), field.wireType == .varint {
                sides[field.number] = Double(try reader.signedVarint()) * 1e-9
            } else {
                try reader.skip(field.wireType)
            }
        }
        guard let left = sides[1], let right = sides[2], let top = sides[3], let bottom = sides[4] else { return nil }
        return OSMExtractHeader.Bounds(minLatitude: bottom, minLongitude: left, maxLatitude: top, maxLongitude: right)
    }

    /// Header text without control characters, and not absurdly long.
    private static func printable(_ text: String) -> String {
        String(text.unicodeScalars.filter { $0.value >= 0x20 && !(0x7f...0x9f).contains($0.value) }.prefix(300))
    }
}
