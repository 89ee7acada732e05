import TestSupport

/// Builds small `.osm.pbf` files the way real writers lay them out, to test the reader.
struct TestPBF {
    struct Node {
        var id: Int64
        var lat: Double
        var lon: Double
        var tags: [(String, String)] = []
    }

    struct Way {
        var id: Int64
        var refs: [Int64]
        var tags: [(String, String)] = []
    }

    enum Compression { case none, zlib }

    var nodes: [Node] = []
    var ways: [Way] = []
    var compression = Compression.zlib
    var denseNodes = true
    var nodesPerBlock = 1000
    var granularity: Int64 = 100
    var latOffset: Int64 = 0
    var lonOffset: Int64 = 0
    var requiredFeatures = ["OsmSchema-V0.6", "DenseNodes"]

    /// The file, and where each blob and each blob's data (the Blob message) starts.
    struct Encoded {
        var bytes: [UInt8]
        var blobStarts: [Int] = []
        var dataStarts: [Int] = []
    }

    func encode() -> Encoded {
        var encoded = Encoded(bytes: [])
        append(type: "OSMHeader", content: headerBlock(), to: &encoded)
        var start = 0
        while start < nodes.count {
            let chunk = Array(nodes[start..<min(nodes.count, start + nodesPerBlock)])
            append(type: "OSMData", content: primitiveBlock(nodes: chunk, ways: []), to: &encoded)
            start += nodesPerBlock
        }
        if !ways.isEmpty {
            append(type: "OSMData", content: primitiveBlock(nodes: [], ways: ways), to: &encoded)
        }
        return encoded
    }

    var bytes: [UInt8] { encode().bytes }

    func headerBlock() -> [UInt8] {
        var writer = ProtobufWriter()
        for feature in requiredFeatures { writer.string(4, feature) }
        writer.string(5, "Sort.Type_then_ID")
        writer.string(16, "nearby tests")
        return writer.bytes
    }

    func append(type: String, content: [UInt8], to encoded: inout Encoded) {
        var blob = ProtobufWriter()
        switch compression {
        case .none:
            blob.data(1, content)
        case .zlib:
            blob.int(2, Int64(content.count))
            blob.data(3, TestCompression.zlib(content))
        }
        var header = ProtobufWriter()
        header.string(1, type)
        header.int(3, Int64(blob.bytes.count))
        encoded.blobStarts.append(encoded.bytes.count)
        let length = UInt32(header.bytes.count)
        encoded.bytes += [UInt8(length >> 24), UInt8(length >> 16 & 0xff), UInt8(length >> 8 & 0xff), UInt8(length & 0xff)]
        encoded.bytes += header.bytes
        encoded.dataStarts.append(encoded.bytes.count)
        encoded.bytes += blob.bytes
    }

    private func primitiveBlock(nodes: [Node], ways: [Way]) -> [UInt8] {
        var strings: [String] = [""]
        var index: [String: UInt64] = [:]
        func intern(_ text: String) -> UInt64 {
            if let known = index[text] { return known }
            strings.append(text)
            index[text] = UInt64(strings.count - 1)
            return UInt64(strings.count - 1)
        }
        var group = ProtobufWriter()
        if !nodes.isEmpty {
            if denseNodes {
                var dense = ProtobufWriter()
                var ids: [Int64] = []
                var lats: [Int64] = []
                var lons: [Int64] = []
                var keysVals: [UInt64] = []
                var last = (id: Int64(0), lat: Int64(0), lon: Int64(0))
                for node in nodes {
                    let lat = raw(node.lat, offset: latOffset)
                    let lon = raw(node.lon, offset: lonOffset)
                    ids.append(node.id - last.id)
                    lats.append(lat - last.lat)
                    lons.append(lon - last.lon)
                    last = (node.id, lat, lon)
                    for (key, value) in node.tags { keysVals += [intern(key), intern(value)] }
                    keysVals.append(0)
                }
                dense.packedSigned(1, ids)
                dense.packedSigned(8, lats)
                dense.packedSigned(9, lons)
                if nodes.contains(where: { !$0.tags.isEmpty }) { dense.packed(10, keysVals) }
                group.data(2, dense.bytes)
            } else {
                for node in nodes {
                    var message = ProtobufWriter()
                    message.sint(1, node.id)
                    message.packed(2, node.tags.map { intern($0.0) })
                    message.packed(3, node.tags.map { intern($0.1) })
                    message.sint(8, raw(node.lat, offset: latOffset))
                    message.sint(9, raw(node.lon, offset: lonOffset))
                    group.data(1, message.bytes)
                }
            }
        }
        for way in ways {
            var message = ProtobufWriter()
            message.int(1, way.id)
            message.packed(2, way.tags.map { intern($0.0) })
            message.packed(3, way.tags.map { intern($0.1) })
            var previous: Int64 = 0
            message.packedSigned(8, way.refs.map { ref in defer { previous = ref }; return ref - previous })
            group.data(3, message.bytes)
        }
        var table = ProtobufWriter()
        for text in strings { table.string(1, text) }
        var block = ProtobufWriter()
        block.data(1, table.bytes)
        block.data(2, group.bytes)
        if granularity != 100 { block.int(17, granularity) }
        if latOffset != 0 { block.int(19, latOffset) }
        if lonOffset != 0 { block.int(20, lonOffset) }
        return block.bytes
    }

    private func raw(_ degrees: Double, offset: Int64) -> Int64 {
        (Int64((degrees * 1e9).rounded()) - offset) / granularity
    }
}
