/// Decodes one PrimitiveBlock (string table, groups of nodes, dense nodes and ways) into a visitor.
struct PrimitiveBlockDecoder<Visitor: OSMElementVisitor> {
    let visitor: Visitor
    let limits: OSMReadLimits
    /// Elements seen so far in the file, this block's included once decoded.
    private(set) var elements: Int
    /// Nodes seen so far in the file.
    private(set) var nodes: Int

    private var strings: [UnsafeRawBufferPointer] = []
    private var decodedStrings: [String?] = []
    private var isRelevantKey: [Bool] = []
    private var granularity: Int64 = 100
    private var latOffset: Int64 = 0
    private var lonOffset: Int64 = 0

    init(visitor: Visitor, limits: OSMReadLimits, elements: Int, nodes: Int) {
        self.visitor = visitor
        self.limits = limits
        self.elements = elements
        self.nodes = nodes
    }

    mutating func decode(_ block: UnsafeRawBufferPointer, blobOffset: Int) throws {
        do {
            var reader = ProtobufReader(block)
            var stringTable: UnsafeRawBufferPointer?
            var groups: [UnsafeRawBufferPointer] = []
            while let field = try reader.nextField() {
                switch (field.number, field.wireType) {
                case (1, .lengthDelimited): stringTable = try reader.lengthDelimited()
                case (2, .lengthDelimited): groups.append(try reader.lengthDelimited())
                case (17, .varint): granularity = try reader.int64()
                case (19, .varint): latOffset = try reader.int64()
                case (20, .varint): lonOffset = try reader.int64()
                default: try reader.skip(field.wireType)
                }
            }
            guard granularity > 0 else { throw ProtobufError(reason: "a block has a granularity of \(granularity)") }
            try readStringTable(stringTable)
            for group in groups {
                try decodeGroup(group)
            }
        } catch let error as OSMImportError {
            throw error
        } catch {
            throw OSMImportError.corrupt("a data block is malformed: \(decodingReason(error))", .byte(blobOffset))
        }
    }

    private mutating func readStringTable(_ table: UnsafeRawBufferPointer?) throws {
        guard let table else { return }
        var reader = ProtobufReader(table)
        while let field = try reader.nextField() {
            if field.number == 1, field.wireType == .lengthDelimited {
                strings.append(try reader.lengthDelimited())
            } else {
                try reader.skip(field.wireType)
            }
        }
        decodedStrings = Array(repeating: nil, count: strings.count)
        let relevant = visitor.relevantKeys.map { Array($0.utf8) }
        isRelevantKey = strings.map { entry in
            relevant.contains { key in key.count == entry.count && key.elementsEqual(entry) }
        }
    }

    private mutating func string(_ index: UInt64) throws -> String {
        guard index < UInt64(strings.count) else {
            throw ProtobufError(reason: "a tag refers to string \(index) of a table of \(strings.count)")
        }
        let i = Int(index)
        if let cached = decodedStrings[i] { return cached }
        let value = String(decoding: strings[i], as: UTF8.self)
        decodedStrings[i] = value
        return value
    }

    private func checkIndex(_ index: UInt64) throws {
        guard index < UInt64(strings.count) else {
            throw ProtobufError(reason: "a tag refers to string \(index) of a table of \(strings.count)")
        }
    }

    private func latitude(_ raw: Int64) -> Double {
        Double(latOffset &+ granularity &* raw) * 1e-9
    }

    private func longitude(_ raw: Int64) -> Double {
        Double(lonOffset &+ granularity &* raw) * 1e-9
    }

    private mutating func decodeGroup(_ group: UnsafeRawBufferPointer) throws {
        var reader = ProtobufReader(group)
        while let field = try reader.nextField() {
            if visitor.isFinished { return }
            switch (field.number, field.wireType) {
            case (1, .lengthDelimited): try decodeNode(try reader.lengthDelimited())
            case (2, .lengthDelimited): try decodeDenseNodes(try reader.lengthDelimited())
            case (3, .lengthDelimited):
                let way = try reader.lengthDelimited()
                elements += 1
                if visitor.wantsWays { try decodeWay(way) }
            case (4, .lengthDelimited):
                _ = try reader.lengthDelimited()
                elements += 1
            default: try reader.skip(field.wireType)
            }
        }
    }

    private mutating func decodeNode(_ message: UnsafeRawBufferPointer) throws {
        var reader = ProtobufReader(message)
        var id: Int64?
        var lat: Int64?
        var lon: Int64?
        var keys: [UInt64] = []
        var values: [UInt64] = []
        while let field = try reader.nextField() {
            switch (field.number, field.wireType) {
            case (1, .varint): id = try reader.signedVarint()
            case (2, _): try reader.appendVarints(field.wireType, to: &keys, limit: limits.elementTags)
            case (3, _): try reader.appendVarints(field.wireType, to: &values, limit: limits.elementTags)
            case (8, .varint): lat = try reader.signedVarint()
            case (9, .varint): lon = try reader.signedVarint()
            default: try reader.skip(field.wireType)
            }
        }
        guard let id, let lat, let lon else { throw ProtobufError(reason: "a node lacks its id or position") }
        let tooManyTags = keys.count > limits.elementTags || values.count > limits.elementTags
        guard tooManyTags || keys.count == values.count else {
            throw ProtobufError(reason: "node \(id) has unpaired tags")
        }
        elements += 1
        nodes += 1
        if visitor.wantsAllNodeCoordinates {
            visitor.nodeCoordinate(id: id, latitude: latitude(lat), longitude: longitude(lon))
        }
        guard visitor.wantsTaggedNodes, try hasRelevantKey(keys) else { return }
        if tooManyTags { return visitor.elementWithTooManyTags() }
        let tags = try tagDictionary(keys: keys, values: values)
        try visitor.taggedNode(OSMNode(id: id, latitude: latitude(lat), longitude: longitude(lon), tags: tags))
    }

    private func hasRelevantKey(_ keys: [UInt64]) throws -> Bool {
        var relevant = false
        for key in keys {
            try checkIndex(key)
            if isRelevantKey[Int(key)] { relevant = true }
        }
        return relevant
    }

    private mutating func tagDictionary(keys: [UInt64], values: [UInt64]) throws -> [String: String] {
        var tags: [String: String] = [:]
        tags.reserveCapacity(keys.count)
        for (key, value) in zip(keys, values) {
            tags[try string(key)] = try string(value)
        }
        return tags
    }

    private mutating func decodeDenseNodes(_ message: UnsafeRawBufferPointer) throws {
        var reader = ProtobufReader(message)
        var ids = ProtobufReader(UnsafeRawBufferPointer(start: nil, count: 0))
        var lats = ids
        var lons = ids
        var keysVals = ids
        var hasKeysVals = false
        while let field = try reader.nextField() {
            switch (field.number, field.wireType) {
            case (1, .lengthDelimited): ids = ProtobufReader(try reader.lengthDelimited())
            case (8, .lengthDelimited): lats = ProtobufReader(try reader.lengthDelimited())
            case (9, .lengthDelimited): lons = ProtobufReader(try reader.lengthDelimited())
            case (10, .lengthDelimited):
                keysVals = ProtobufReader(try reader.lengthDelimited())
                hasKeysVals = true
            default: try reader.skip(field.wireType)
            }
        }
        let wantsCoordinates = visitor.wantsAllNodeCoordinates
        let wantsTagged = visitor.wantsTaggedNodes
        var id: Int64 = 0
        var lat: Int64 = 0
        var lon: Int64 = 0
        while !ids.isAtEnd {
            id &+= try ids.signedVarint()
            guard !lats.isAtEnd, !lons.isAtEnd else {
                throw ProtobufError(reason: "dense nodes have fewer positions than ids")
            }
            lat &+= try lats.signedVarint()
            lon &+= try lons.signedVarint()
            elements += 1
            nodes += 1
            if wantsCoordinates {
                visitor.nodeCoordinate(id: id, latitude: latitude(lat), longitude: longitude(lon))
            }
            guard hasKeysVals else { continue }
            // keys_vals: key, value, key, value, …, 0 for each node in turn.
            let tagsStart = keysVals
            var relevant = false
            var tagCount = 0
            while true {
                guard !keysVals.isAtEnd else {
                    throw ProtobufError(reason: "dense nodes' tags end before their nodes do")
                }
                let key = try keysVals.varint()
                if key == 0 { break }
                guard !keysVals.isAtEnd else { throw ProtobufError(reason: "a dense node's tag has no value") }
                let value = try keysVals.varint()
                try checkIndex(key)
                try checkIndex(value)
                if isRelevantKey[Int(key)] { relevant = true }
                tagCount += 1
            }
            guard relevant, wantsTagged else { continue }
            if tagCount > limits.elementTags {
                visitor.elementWithTooManyTags()
                continue
            }
            var again = tagsStart
            var tags: [String: String] = [:]
            tags.reserveCapacity(tagCount)
            for _ in 0..<tagCount {
                let key = try again.varint()
                let value = try again.varint()
                tags[try string(key)] = try string(value)
            }
            try visitor.taggedNode(OSMNode(id: id, latitude: latitude(lat), longitude: longitude(lon), tags: tags))
        }
        guard lats.isAtEnd, lons.isAtEnd else {
            throw ProtobufError(reason: "dense nodes have more positions than ids")
        }
    }

    private mutating func decodeWay(_ message: UnsafeRawBufferPointer) throws {
        var reader = ProtobufReader(message)
        var id: Int64?
        var keys: [UInt64] = []
        var values: [UInt64] = []
        var packedRefs: [UnsafeRawBufferPointer] = []
        var unpackedRefs: [UInt64] = []
        while let field = try reader.nextField() {
            switch (field.number, field.wireType) {
            case (1, .varint): id = try reader.int64()
            case (2, _): try reader.appendVarints(field.wireType, to: &keys, limit: limits.elementTags)
            case (3, _): try reader.appendVarints(field.wireType, to: &values, limit: limits.elementTags)
            case (8, .lengthDelimited): packedRefs.append(try reader.lengthDelimited())
            case (8, .varint):
                // Read past, but never kept beyond the limit: a block can hold millions of these.
                let raw = try reader.varint()
                if unpackedRefs.count <= limits.wayNodes { unpackedRefs.append(raw) }
            default: try reader.skip(field.wireType)
            }
        }
        guard let id else { throw ProtobufError(reason: "a way lacks its id") }
        let tooManyTags = keys.count > limits.elementTags || values.count > limits.elementTags
        guard tooManyTags || keys.count == values.count else {
            throw ProtobufError(reason: "way \(id) has unpaired tags")
        }
        guard try hasRelevantKey(keys) else { return }
        let interest = visitor.interest(inWay: id)
        if interest == .none { return }
        if tooManyTags { return visitor.elementWithTooManyTags() }
        let tags = try tagDictionary(keys: keys, values: values)
        if interest == .tags { return try visitor.way(OSMWay(id: id, refs: [], tags: tags, nodes: .notRead)) }
        // Deltas are decoded only up to one past the limit: a few kilobytes of zlib can claim 30 million.
        var nodeRefs: [Int64] = []
        var ref: Int64 = 0
        var tooMany = unpackedRefs.count > limits.wayNodes
        for refs in packedRefs where !tooMany {
            var refReader = ProtobufReader(refs)
            while !refReader.isAtEnd {
                guard nodeRefs.count < limits.wayNodes else {
                    tooMany = true
                    break
                }
                ref &+= try refReader.signedVarint()
                nodeRefs.append(ref)
            }
        }
        for raw in unpackedRefs where !tooMany {
            guard nodeRefs.count < limits.wayNodes else {
                tooMany = true
                break
            }
            ref &+= ProtobufReader.zigzag(raw)
            nodeRefs.append(ref)
        }
        if tooMany {
            return try visitor.way(OSMWay(id: id, refs: [], tags: tags, nodes: .tooMany))
        }
        try visitor.way(OSMWay(id: id, refs: nodeRefs, tags: tags))
    }
}
