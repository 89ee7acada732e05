/// One block of a PBF file, read and inflated ahead of its decoding.
struct PBFBlock: Sendable {
    enum Kind: Sendable {
        case header
        case data
    }

    var kind: Kind
    /// The block's content in its first `count` bytes; the buffer goes back to the reader once decoded.
    var content: [UInt8]
    var count: Int
    /// Where the block's header starts, where its data starts, and the file's offset after it.
    var blobOffset: Int
    var dataOffset: Int
    var endOffset: Int
}

/// The producing half of `PBFReader`: reads the file's blocks in order, checks their framing and inflates them,
/// on the reader's prefetch thread. Only the current compressed blob is held here; what it inflates to goes into
/// a buffer the caller hands over and gets back with the block.
final class PBFBlockSource {
    /// Largest BlobHeader the format allows.
    static let maxHeaderSize = 64 * 1024
    /// Largest blob, compressed or not, the format allows.
    static let maxBlobSize = 32 * 1024 * 1024

    private let file: FileByteSource
    private let limits: OSMReadLimits
    private var headerBuffer = [UInt8](repeating: 0, count: PBFBlockSource.maxHeaderSize)
    private var blobBuffer: [UInt8] = []

    init(file: FileByteSource, limits: OSMReadLimits) {
        self.file = file
        self.limits = limits
    }

    /// The file's offset after the last block read.
    var fileOffset: Int { file.fileOffset }

    /// The next block of a type this reader knows (blocks of other types are skipped, as the format says), its
    /// content in `content` (grown when too small); nil at the end of the file.
    func next(into content: inout [UInt8]) throws -> PBFBlock? {
        while true {
            let blobOffset = file.fileOffset
            guard let header = try readBlobHeader(at: blobOffset) else { return nil }
            let dataOffset = file.fileOffset
            try readBlobData(size: header.dataSize, at: dataOffset)
            let kind: PBFBlock.Kind
            switch header.type {
            case "OSMHeader": kind = .header
            case "OSMData": kind = .data
            default: continue
            }
            let count = try self.content(at: dataOffset, into: &content)
            return PBFBlock(kind: kind, content: content, count: count, blobOffset: blobOffset,
                            dataOffset: dataOffset, endOffset: file.fileOffset)
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

    /// The blob's content put into `content` (its raw bytes copied, or its zlib data inflated): how many bytes.
    private func content(at offset: Int, into content: inout [UInt8]) throws -> Int {
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
            if let raw {
                if content.count < raw.count { content = [UInt8](repeating: 0, count: raw.count) }
                content.withUnsafeMutableBytes { $0.copyMemory(from: raw) }
                return raw.count
            }
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
                if content.count < rawSize { content = [UInt8](repeating: 0, count: rawSize) }
                do {
                    let inflater = try reusableInflater()
                    try content.withUnsafeMutableBytes { output in
                        try inflater.inflateWhole(zlib, into: UnsafeMutableRawBufferPointer(rebasing: output[0..<rawSize]))
                    }
                } catch {
                    throw OSMImportError.corrupt("a compressed block is damaged: \(decodingReason(error))", .byte(offset))
                }
                return rawSize
            }
            if let otherCompression {
                throw OSMImportError.unsupported(
                    "a block is compressed with \(otherCompression); convert the file with `osmium cat` first",
                    .byte(offset))
            }
            throw OSMImportError.corrupt("a block holds no data", .byte(offset))
        }
    }

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
}
