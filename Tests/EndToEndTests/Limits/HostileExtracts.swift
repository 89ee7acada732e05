import Foundation
import TestSupport

/// The files the attack on the importer used (decompression amplification through node references, deep
/// XML nesting through gzip), written by the tests, plus the worst case left once those are bounded.
enum HostileExtracts {
    /// The report's `mkway`: a header block, one node, then `blocks` blocks each holding one closed car park
    /// whose `references` node references are `+1` deltas (a 29 KB block claims 30 million).
    static func longWays(references: Int, blocks: Int) -> [UInt8] {
        var group = ProtobufWriter()
        group.data(3, way(id: 1, first: 1, references: references))
        let block = blob("OSMData", primitiveBlock(strings: ["", "amenity", "parking"], group: group.bytes), level: 9)
        return header() + oneNode() + Array([[UInt8]](repeating: block, count: blocks).joined())
    }

    /// Blocks of `waysPerBlock` distinct closed car parks of 2,000 nodes each, with incompressible padding
    /// so each block inflates just under the sixteen times the importer allows: the most references a file
    /// can claim per byte once blocks are bounded.
    static func manyAreas(waysPerBlock: Int, blocks: Int) -> [UInt8] {
        var random = SystemRandomNumberGenerator()
        var file = header() + oneNode()
        for block in 0..<blocks {
            var group = ProtobufWriter()
            for index in 0..<waysPerBlock {
                let id = Int64(block * waysPerBlock + index + 1)
                group.data(3, way(id: id, first: 1_000 + id * 2_000, references: 2_000))
            }
            let padding = (0..<(waysPerBlock * 2_015 / 14)).map { _ in UInt8.random(in: 0...255, using: &random) }
            let content = primitiveBlock(strings: [[], Array("amenity".utf8), Array("parking".utf8), padding],
                                         group: group.bytes)
            file += blob("OSMData", content, level: 1)
        }
        return file
    }

    /// The report's `deep40m.osm.gz`: `levels` nested `<a>` inside `<osm>`, gzipped.
    static func deepXML(levels: Int) -> [UInt8] {
        let gzip = GzipStream()
        gzip.write(Array("<osm version=\"0.6\">".utf8))
        gzip.write(Array(String(repeating: "<a>", count: 1_000).utf8), times: levels / 1_000)
        gzip.write(Array(String(repeating: "</a>", count: 1_000).utf8), times: levels / 1_000)
        gzip.write(Array("</osm>".utf8))
        return gzip.finish()
    }

    /// The report's `nd60m.osm.gz`: one car park with `references` `<nd ref="1"/>`, gzipped.
    static func longWayXML(references: Int) -> [UInt8] {
        let gzip = GzipStream()
        gzip.write(Array("<osm version=\"0.6\">\n<node id=\"1\" lat=\"47.1\" lon=\"9.5\"/>\n<way id=\"1\">\n".utf8))
        gzip.write(Array(String(repeating: "<nd ref=\"1\"/>", count: 1_000).utf8), times: references / 1_000)
        gzip.write(Array("<tag k=\"amenity\" v=\"parking\"/>\n</way>\n</osm>\n".utf8))
        return gzip.finish()
    }

    // MARK: - PBF

    private static func header() -> [UInt8] {
        var block = ProtobufWriter()
        block.string(4, "OsmSchema-V0.6")
        block.string(4, "DenseNodes")
        return blob("OSMHeader", block.bytes, level: 9)
    }

    private static func oneNode() -> [UInt8] {
        var dense = ProtobufWriter()
        dense.packedSigned(1, [1])
        dense.packedSigned(8, [471_000_000])
        dense.packedSigned(9, [95_000_000])
        var group = ProtobufWriter()
        group.data(2, dense.bytes)
        return blob("OSMData", primitiveBlock(strings: ["", "amenity", "parking"], group: group.bytes), level: 9)
    }

    /// A closed way tagged amenity=parking (strings 1 and 2): `first`, the nodes after it, `first` again.
    private static func way(id: Int64, first: Int64, references: Int) -> [UInt8] {
        var refs = ProtobufWriter()
        refs.varint(ProtobufWriter.zigzag(first))
        refs.bytes += [UInt8](repeating: 0x02, count: references - 2)
        refs.varint(ProtobufWriter.zigzag(-Int64(references - 2)))
        var message = ProtobufWriter()
        message.int(1, id)
        message.packed(2, [1])
        message.packed(3, [2])
        message.data(8, refs.bytes)
        return message.bytes
    }

    private static func primitiveBlock(strings: [String], group: [UInt8]) -> [UInt8] {
        primitiveBlock(strings: strings.map { Array($0.utf8) }, group: group)
    }

    private static func primitiveBlock(strings: [[UInt8]], group: [UInt8]) -> [UInt8] {
        var table = ProtobufWriter()
        for text in strings { table.data(1, text) }
        var block = ProtobufWriter()
        block.data(1, table.bytes)
        block.data(2, group)
        return block.bytes
    }

    private static func blob(_ type: String, _ content: [UInt8], level: Int32) -> [UInt8] {
        var blob = ProtobufWriter()
        blob.int(2, Int64(content.count))
        blob.data(3, TestCompression.zlib(content, level: level))
        var header = ProtobufWriter()
        header.string(1, type)
        header.int(3, Int64(blob.bytes.count))
        let length = UInt32(header.bytes.count)
        return [UInt8(length >> 24), UInt8(length >> 16 & 0xff), UInt8(length >> 8 & 0xff), UInt8(length & 0xff)]
            + header.bytes + blob.bytes
    }
}

/// The real extract cut at a block boundary: a real file of (about) a given size.
enum RealExtractPrefix {
    /// The shortest prefix of `file` that ends between two blocks and holds at least `size` bytes (the whole
    /// file when it is shorter).
    static func bytes(of file: [UInt8], atLeast size: Int) -> [UInt8] {
        var offset = 0
        while offset + 4 <= file.count, offset < size {
            let length = file[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            let headerStart = offset + 4
            var index = headerStart
            var dataSize = 0
            while index < headerStart + length {
                let key = file[index]
                index += 1
                if key == 0x18 { // field 3, varint: the blob's size
                    var shift = 0
                    dataSize = 0
                    while true {
                        let byte = file[index]
                        index += 1
                        dataSize |= Int(byte & 0x7f) << shift
                        shift += 7
                        if byte < 0x80 { break }
                    }
                } else { // field 1 (the type) or 2 (index data), length-delimited
                    let fieldLength = Int(file[index])
                    index += 1 + fieldLength
                }
            }
            offset = headerStart + length + dataSize
        }
        return Array(file[0..<min(offset, file.count)])
    }
}
