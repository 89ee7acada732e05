import NearbyCore
import Testing
import TestSupport
@testable import NearbyData
@testable import OSMFormats

@Suite("PBF import")
struct PBFImportTests {
    @Test("dense nodes, zlib blobs", arguments: [TestPBF.Compression.zlib, .none])
    func denseNodes(compression: TestPBF.Compression) throws {
        var pbf = SampleExtract.pbf
        pbf.compression = compression
        let (sink, summary) = try importBytes(pbf.bytes)
        try SampleExtract.check(sink, summary)
        #expect(summary.format == .pbf)
    }

    @Test("plain nodes, small blocks, unusual granularity and offsets")
    func plainNodes() throws {
        var pbf = SampleExtract.pbf
        pbf.denseNodes = false
        pbf.nodesPerBlock = 3
        pbf.granularity = 1000
        pbf.latOffset = 5_000_000
        pbf.lonOffset = -3_000
        let (sink, summary) = try importBytes(pbf.bytes)
        try SampleExtract.check(sink, summary)
    }

    @Test("a file that requires an unknown feature is refused, and says which")
    func unknownRequiredFeature() {
        var pbf = SampleExtract.pbf
        pbf.requiredFeatures.append("HistoricalInformation")
        let encoded = pbf.encode()
        let error = importError(encoded.bytes)
        guard case .unsupported(let what, let location)? = error else {
            Issue.record("expected unsupported, got \(String(describing: error))")
            return
        }
        #expect(what.contains("HistoricalInformation"))
        #expect(location == .byte(encoded.dataStarts[0]))
    }

    @Test("truncated inside a block's length, header and data, each with its offset")
    func truncated() {
        let encoded = SampleExtract.pbf.encode()
        let second = 1
        let cases: [(cut: Int, at: Int)] = [
            (encoded.blobStarts[second] + 2, encoded.blobStarts[second]),
            (encoded.blobStarts[second] + 6, encoded.blobStarts[second] + 4),
            (encoded.dataStarts[second] + 10, encoded.dataStarts[second]),
            (encoded.bytes.count - 1, encoded.dataStarts.last ?? 0),
        ]
        for (cut, at) in cases {
            let error = importError(Array(encoded.bytes[0..<cut]))
            guard case .truncated(_, let location)? = error else {
                Issue.record("cut at \(cut): expected truncated, got \(String(describing: error))")
                continue
            }
            #expect(location == .byte(at), "cut at \(cut)")
        }
    }

    @Test("damaged zlib data is reported at its block")
    func corruptZlib() {
        let encoded = SampleExtract.pbf.encode()
        var bytes = encoded.bytes
        let start = encoded.dataStarts[1] + 12
        for i in start..<start + 8 { bytes[i] ^= 0x5a }
        let error = importError(bytes)
        guard case .corrupt(_, let location)? = error else {
            Issue.record("expected corrupt, got \(String(describing: error))")
            return
        }
        #expect(location == .byte(encoded.dataStarts[1]))
    }

    @Test("a damaged raw block is reported at its block")
    func corruptRawBlock() {
        var pbf = SampleExtract.pbf
        pbf.compression = .none
        let encoded = pbf.encode()
        var bytes = encoded.bytes
        // Past the Blob's own field key and length: the PrimitiveBlock's first bytes become an endless varint.
        let start = encoded.dataStarts[1] + 4
        for i in start..<start + 12 { bytes[i] = 0xff }
        let error = importError(bytes)
        guard case .corrupt(_, let location)? = error else {
            Issue.record("expected corrupt, got \(String(describing: error))")
            return
        }
        #expect(location == .byte(encoded.dataStarts[1]))
    }

    @Test("an absurd block length is refused before anything is allocated")
    func absurdLength() {
        let encoded = SampleExtract.pbf.encode()
        var bytes = encoded.bytes
        let at = encoded.blobStarts[1]
        bytes[at] = 0x7f
        let error = importError(bytes)
        guard case .corrupt(let what, let location)? = error else {
            Issue.record("expected corrupt, got \(String(describing: error))")
            return
        }
        #expect(location == .byte(at))
        #expect(what.contains("65536"))
    }

    @Test("a block compressed with lzma is refused clearly")
    func lzmaBlock() {
        var encoded = TestPBF.Encoded(bytes: [])
        var pbf = TestPBF()
        pbf.compression = .none
        pbf.append(type: "OSMHeader", content: pbf.headerBlock(), to: &encoded)
        var blob = ProtobufWriter()
        blob.int(2, 10)
        blob.data(4, [1, 2, 3])
        var header = ProtobufWriter()
        header.string(1, "OSMData")
        header.int(3, Int64(blob.bytes.count))
        encoded.bytes += [0, 0, 0, UInt8(header.bytes.count)] + header.bytes + blob.bytes
        let error = importError(encoded.bytes)
        guard case .unsupported(let what, _)? = error else {
            Issue.record("expected unsupported, got \(String(describing: error))")
            return
        }
        #expect(what.contains("lzma"))
    }

    @Test("errors read as sentences with their place")
    func messages() {
        #expect(OSMImportError.truncated("a block of 10 bytes has only 2", .byte(42)).description
                == "The file is cut short at byte 42: a block of 10 bytes has only 2.")
        #expect(OSMImportError.corrupt("an attribute without a value", .line(7)).description
                == "The file is damaged on line 7: an attribute without a value.")
    }
}
