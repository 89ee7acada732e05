/// Reads an `.osm.pbf` file one blob at a time: only the current blob (and its inflated form) is in memory.
final class PBFReader {
    /// Largest BlobHeader the format allows.
    static let maxHeaderSize = 64 * 1024
    /// Largest blob, compressed or not, the format allows.
    static let maxBlobSize = 32 * 1024 * 1024

    private let file: FileByteSource
    private let limits: OSMImportLimits
    private var headerBuffer = [UInt8](repeating: 0, count: PBFReader.maxHeaderSize)
    private var blobBuffer: [UInt8] = []
    private var elements = 0
    private var nodes = 0
    /// Nodes read so far.
    var nodesRead: Int { nodes }
    /// Nodes, ways and relations read so far.
    var elementsRead: Int { elements }
    private var sawHeader = false

    init(file: FileByteSource, limits: OSMImportLimits = .standard) {
        self.file = file
        self.limits = limits
    }

    /// Reads blobs until the end of the file or until the visitor is finished.
    func read<Visitor: OSMElementVisitor>(into visitor: Visitor) throws {
        while !visitor.isFinished {
            let blobOffset = file.fileOffset
            guard let header = try readBlobHeader(at: blobOffset) else { break }
            let dataOffset = file.fileOffset
            try readBlobData(size: header.dataSize, at: dataOffset)
            guard header.type == "OSMHeader" || header.type == "OSMData" else {
                // The format says readers skip blob types they do not know.
                continue
            }
            if header.type == "OSMData" && !sawHeader {
                throw OSMImportError.corrupt("a data block comes before the file's header block", .byte(blobOffset))
            }
            try withBlobContent(at: dataOffset) { content in
                if header.type == "OSMHeader" {
                    visitor.header(try checkHeaderBlock(content, at: dataOffset))
                    sawHeader = true
                } else {
                    var decoder = PrimitiveBlockDecoder(visitor: visitor, limits: limits, elements: elements,
                                                        nodes: nodes)
                    try decoder.decode(content, blobOffset: dataOffset)
                    elements = decoder.elements
                    nodes = decoder.nodes
                }
            }
            visitor.progress(fileOffset: file.fileOffset, elements: elements)
        }
        // A pass that needs nothing more (no nodes to find) may end before the header; the first pass did not.
        if visitor.isFinished { return }
        if !sawHeader {
            throw OSMImportError.notOSM(reason: "the file holds no OpenStreetMap header block")
        }
    }

    private struct BlobHeader {
        var type: String
        var dataSize: Int
    }

    private func readBlobHeader(at offset: Int) throws -> BlobHeader? {
        let lengthBytes = try headerBuffer.withUnsafeMutableBytes { (buffer) throws -> Int in
            try file.readFully(into: UnsafeMutableRawBufferPointer(rebasing: buffer[0..<4]))
        }
        if lengthBytes == 0 { return nil }
        guard lengthBytes == 4 else {
            throw OSMImportError.truncated("the length of the next block is incomplete", .byte(offset))
        }
        let length = headerBuffer[0..<4].reduce(0) { $0 << 8 | Int($1) }
        guard length > 0, length <= Self.maxHeaderSize else {
            if offset == 0 { throw OSMImportError.notOSM(reason: "it does not start with a PBF block header") }
            throw OSMImportError.corrupt("a block header claims \(length) bytes (at most \(Self.maxHeaderSize) are allowed)",
                           .byte(offset))
        }
        let read = try headerBuffer.withUnsafeMutableBytes { (buffer) throws -> Int in
            try file.readFully(into: UnsafeMutableRawBufferPointer(rebasing: buffer[0..<length]))
        }
        guard read == length else {
            throw OSMImportError.truncated("a block header of \(length) bytes has only \(read)", .byte(offset + 4))
        }
        do {
            return try headerBuffer.withUnsafeBytes { (buffer) throws -> BlobHeader in
                var reader = ProtobufReader(UnsafeRawBufferPointer(rebasing: buffer[0..<length]))
                var type: String?
                var dataSize: Int?
                while let field = try reader.nextField() {
                    switch (field.number, field.wireType) {
                    case (1, .lengthDelimited): type = try reader.string()
                    case (3, .varint): dataSize = Int(truncatingIfNeeded: try reader.int64())
                    default: try reader.skip(field.wireType)
                    }
                }
                guard let type, let dataSize else {
                    throw ProtobufError(reason: "a block header lacks its type or size")
                }
                guard dataSize >= 0, dataSize <= Self.maxBlobSize else {
                    throw ProtobufError(reason: "a block claims \(dataSize) bytes (at most \(Self.maxBlobSize) are allowed)")
                }
                return BlobHeader(type: type, dataSize: dataSize)
            }
        } catch let error as OSMImportError {
            throw error
        } catch {
            if offset == 0 { throw OSMImportError.notOSM(reason: "it does not start with a PBF block header") }
            throw OSMImportError.corrupt(decodingReason(error), .byte(offset + 4))
        }
    }

    private func readBlobData(size: Int, at offset: Int) throws {
        if blobBuffer.count < size { blobBuffer = [UInt8](repeating: 0, count: size) }
        let read = try blobBuffer.withUnsafeMutableBytes { (buffer) throws -> Int in
            try file.readFully(into: UnsafeMutableRawBufferPointer(rebasing: buffer[0..<size]))
        }
        guard read == size else {
            throw OSMImportError.truncated("a block of \(size) bytes has only \(read)", .byte(offset))
        }
        currentBlobSize = size
    }

    private var currentBlobSize = 0

    /// Calls `body` with the blob's content: its raw bytes, or its zlib data inflated into a reused buffer.
    private func withBlobContent(at offset: Int, _ body: (UnsafeRawBufferPointer) throws -> Void) throws {
        try blobBuffer.withUnsafeBytes { buffer in
            var reader = ProtobufReader(UnsafeRawBufferPointer(rebasing: buffer[0..<currentBlobSize]))
            var raw: UnsafeRawBufferPointer?
            var zlib: UnsafeRawBufferPointer?
            var rawSize: Int?
            var otherCompression: String?
            do {
                while let field = try reader.nextField() {
                    switch (field.number, field.wireType) {
                    case (1, .lengthDelimited): raw = try reader.lengthDelimited()
                    case (2, .varint): rawSize = Int(truncatingIfNeeded: try reader.int64())
                    case (3, .lengthDelimited): zlib = try reader.lengthDelimited()
                    case (4, .lengthDelimited): otherCompression = "lzma"; try reader.skip(field.wireType)
                    case (5, .lengthDelimited): otherCompression = "bzip2"; try reader.skip(field.wireType)
                    case (6, .lengthDelimited): otherCompression = "lz4"; try reader.skip(field.wireType)
                    case (7, .lengthDelimited): otherCompression = "zstd"; try reader.skip(field.wireType)
                    default: try reader.skip(field.wireType)
                    }
                }
            } catch {
                throw OSMImportError.corrupt(decodingReason(error), .byte(offset))
            }
            if let raw { return try body(raw) }
            if let zlib {
                guard let rawSize, rawSize >= 0, rawSize <= Self.maxBlobSize else {
                    throw OSMImportError.corrupt("a compressed block does not say a valid size", .byte(offset))
                }
                // Checked before inflating: real blocks inflate less than four times, while a bomb's few
                // kilobytes would make tens of megabytes to decode.
                let (ratioLimit, overflow) = zlib.count.multipliedReportingOverflow(by: limits.blockInflationRatio)
                guard overflow || rawSize <= max(ratioLimit, limits.blockInflationAllowance) else {
                    throw OSMImportError.corrupt(
                        "a block of \(zlib.count) compressed bytes claims to inflate to \(rawSize), more than "
                            + "\(limits.blockInflationRatio) times its size; no real extract compresses like that",
                        .byte(offset))
                }
                if contentBuffer.count < rawSize { contentBuffer = [UInt8](repeating: 0, count: rawSize) }
                do {
                    let inflater = try reusableInflater()
                    try contentBuffer.withUnsafeMutableBytes { output in
                        try inflater.inflateWhole(zlib, into: UnsafeMutableRawBufferPointer(rebasing: output[0..<rawSize]))
                    }
                } catch {
                    throw OSMImportError.corrupt("a compressed block is damaged: \(decodingReason(error))", .byte(offset))
                }
                return try contentBuffer.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[0..<rawSize])) }
            }
            if let otherCompression {
                throw OSMImportError.unsupported(
                    "a block is compressed with \(otherCompression); convert the file with `osmium cat` first",
                    .byte(offset))
            }
            throw OSMImportError.corrupt("a block holds no data", .byte(offset))
        }
    }

    private var contentBuffer: [UInt8] = []
    private var inflater: ZlibInflater?

    private func reusableInflater() throws -> ZlibInflater {
        if let inflater {
            inflater.reset()
            return inflater
        }
        let fresh = try ZlibInflater(windowBits: 15)
        inflater = fresh
        return fresh
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
