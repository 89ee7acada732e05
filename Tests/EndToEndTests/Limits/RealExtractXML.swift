import Foundation
import TestSupport

/// The real extract written as OpenStreetMap XML (as `osmium cat -f osm` would), gzipped: what a real
/// `.osm.gz` costs to import, to compare hostile XML with. Nodes and ways with their tags; relations are left
/// out (the importer counts them only). The XML stops after the block that passes `maxBytes`.
enum RealExtractXML {
    static func gzipped(fromPBF file: [UInt8], maxBytes: Int) -> [UInt8] {
        var written = 0
        let gzip = GzipStream(level: 6)
        var lines: [UInt8] = Array("<?xml version='1.0' encoding='UTF-8'?>\n<osm version=\"0.6\" generator=\"nearby tests\">\n".utf8)
        var offset = 0
        while offset + 4 <= file.count {
            let length = file[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            var header = Reader(file[(offset + 4)..<(offset + 4 + length)])
            var type = ""
            var dataSize = 0
            while let (field, value) = header.next() {
                if field == 1, case .bytes(let bytes) = value { type = String(decoding: bytes, as: UTF8.self) }
                if field == 3, case .number(let number) = value { dataSize = Int(number) }
            }
            let dataStart = offset + 4 + length
            offset = dataStart + dataSize
            guard type == "OSMData" else { continue }
            var blob = Reader(file[dataStart..<offset])
            var raw: [UInt8]?
            var zlib: ArraySlice<UInt8>?
            var rawSize = 0
            while let (field, value) = blob.next() {
                switch (field, value) {
                case (1, .bytes(let bytes)): raw = Array(bytes)
                case (2, .number(let number)): rawSize = Int(number)
                case (3, .bytes(let bytes)): zlib = bytes
                default: break
                }
            }
            guard let content = raw ?? zlib.flatMap({ TestCompression.inflate(Array($0), size: rawSize) }) else { continue }
            writeBlock(content, into: &lines)
            written += lines.count
            gzip.write(lines)
            lines.removeAll(keepingCapacity: true)
            if written >= maxBytes { break }
        }
        lines += Array("</osm>\n".utf8)
        gzip.write(lines)
        return gzip.finish()
    }

    private static func writeBlock(_ block: [UInt8], into out: inout [UInt8]) {
        var reader = Reader(block[...])
        var strings: [String] = []
        var groups: [ArraySlice<UInt8>] = []
        var granularity: Int64 = 100
        while let (field, value) = reader.next() {
            switch (field, value) {
            case (1, .bytes(let table)):
                var tableReader = Reader(table)
                while let (_, entry) = tableReader.next() {
                    if case .bytes(let bytes) = entry { strings.append(escape(String(decoding: bytes, as: UTF8.self))) }
                }
            case (2, .bytes(let group)): groups.append(group)
            case (17, .number(let number)): granularity = Int64(number)
            default: break
            }
        }
        func degrees(_ raw: Int64) -> String { String(Double(raw * granularity) / 1e9) }
        func string(_ index: UInt64) -> String { Int(index) < strings.count ? strings[Int(index)] : "" }
        for group in groups {
            var groupReader = Reader(group)
            while let (field, value) = groupReader.next() {
                guard case .bytes(let message) = value else { continue }
                if field == 2 {
                    var dense = Reader(message)
                    var ids: [Int64] = [], lats: [Int64] = [], lons: [Int64] = [], keysVals: [UInt64] = []
                    while let (denseField, denseValue) = dense.next() {
                        guard case .bytes(let packed) = denseValue else { continue }
                        switch denseField {
                        case 1: ids = Reader.signedList(packed)
                        case 8: lats = Reader.signedList(packed)
                        case 9: lons = Reader.signedList(packed)
                        case 10: keysVals = Reader.list(packed)
                        default: break
                        }
                    }
                    var id: Int64 = 0, lat: Int64 = 0, lon: Int64 = 0, tagIndex = 0
                    for index in 0..<min(ids.count, lats.count, lons.count) {
                        id += ids[index]
                        lat += lats[index]
                        lon += lons[index]
                        var tags = ""
                        while tagIndex < keysVals.count, keysVals[tagIndex] != 0 {
                            tags += "    <tag k=\"\(string(keysVals[tagIndex]))\" v=\"\(string(keysVals[tagIndex + 1]))\"/>\n"
                            tagIndex += 2
                        }
                        tagIndex += 1
                        let head = "  <node id=\"\(id)\" version=\"1\" lat=\"\(degrees(lat))\" lon=\"\(degrees(lon))\""
                        out += Array((tags.isEmpty ? head + "/>\n" : head + ">\n" + tags + "  </node>\n").utf8)
                    }
                } else if field == 3 {
                    var way = Reader(message)
                    var id: UInt64 = 0, keys: [UInt64] = [], values: [UInt64] = [], refs: [Int64] = []
                    while let (wayField, wayValue) = way.next() {
                        switch (wayField, wayValue) {
                        case (1, .number(let number)): id = number
                        case (2, .bytes(let packed)): keys = Reader.list(packed)
                        case (3, .bytes(let packed)): values = Reader.list(packed)
                        case (8, .bytes(let packed)): refs = Reader.signedList(packed)
                        default: break
                        }
                    }
                    var text = "  <way id=\"\(id)\" version=\"1\">\n"
                    var ref: Int64 = 0
                    for delta in refs {
                        ref += delta
                        text += "    <nd ref=\"\(ref)\"/>\n"
                    }
                    for (key, value) in zip(keys, values) { text += "    <tag k=\"\(string(key))\" v=\"\(string(value))\"/>\n" }
                    out += Array((text + "  </way>\n").utf8)
                }
            }
        }
    }

    private static func escape(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            default: result.append(character)
            }
        }
        return result
    }

    /// Just enough protobuf to read a PBF: varints and length-delimited fields.
    private struct Reader {
        enum Value {
            case number(UInt64)
            case bytes(ArraySlice<UInt8>)
        }

        private let bytes: ArraySlice<UInt8>
        private var index: Int

        init(_ bytes: ArraySlice<UInt8>) {
            self.bytes = bytes
            index = bytes.startIndex
        }

        mutating func next() -> (Int, Value)? {
            guard index < bytes.endIndex else { return nil }
            let key = varint()
            switch key & 7 {
            case 0: return (Int(key >> 3), .number(varint()))
            case 2:
                let length = Int(varint())
                let start = index
                index += length
                return (Int(key >> 3), .bytes(bytes[start..<index]))
            case 1:
                index += 8
                return next()
            default:
                index += 4
                return next()
            }
        }

        mutating func varint() -> UInt64 {
            var result: UInt64 = 0
            var shift: UInt64 = 0
            while index < bytes.endIndex {
                let byte = bytes[index]
                index += 1
                result |= UInt64(byte & 0x7f) << shift
                if byte < 0x80 { break }
                shift += 7
            }
            return result
        }

        static func list(_ packed: ArraySlice<UInt8>) -> [UInt64] {
            var reader = Reader(packed)
            var values: [UInt64] = []
            while reader.index < packed.endIndex { values.append(reader.varint()) }
            return values
        }

        static func signedList(_ packed: ArraySlice<UInt8>) -> [Int64] {
            list(packed).map { Int64(bitPattern: $0 >> 1) ^ -Int64(bitPattern: $0 & 1) }
        }
    }
}
