/// Reads OpenStreetMap XML as a stream of markup, with a scanner written for it: one chunk of the file is
/// in memory at a time, and only the elements the visitor wants become strings.
package final class OSMXMLReader {
    static let chunkSize = 1 << 20
    /// A single tag longer than this is taken for damage rather than buffered without end.
    static let maxMarkupSize = 16 << 20

    private let source: any ByteSource
    private let limits: OSMReadLimits
    private var storage: UnsafeMutableBufferPointer<UInt8>
    private var start = 0
    private var end = 0
    private var atEndOfInput = false
    /// The line `start` is on.
    private var line = 1

    package private(set) var nodesRead = 0
    package private(set) var elementsRead = 0

    private var stack: [(name: ElementName, line: Int)] = []
    private var rootSeen = false
    private var current: PendingElement?
    /// Set for a change file (`<osmChange>`): every element goes here whole, with the action it is under.
    private let changes: ((OSMChangedElement) throws -> Void)?
    /// The `<create>`, `<modify>` or `<delete>` being read in a change file.
    private var action: OSMChangeAction?
    /// How deep nodes and ways sit: under `<osm>`, or under `<osmChange>` and an action.
    private var elementDepth: Int { changes == nil ? 1 : 2 }

    package init(source: any ByteSource, limits: OSMReadLimits = .standard) {
        self.source = source
        self.limits = limits
        changes = nil
        storage = .allocate(capacity: Self.chunkSize)
    }

    /// A reader of a change file (osmChange), which hands each element to `changes` as it is read.
    init(changesFrom source: any ByteSource, limits: OSMReadLimits = .standard,
         to changes: @escaping (OSMChangedElement) throws -> Void) {
        self.source = source
        self.limits = limits
        self.changes = changes
        storage = .allocate(capacity: Self.chunkSize)
    }

    /// Reads a change file through to its end (the reader must have been made with `changesFrom`).
    func readChanges() throws {
        try read(into: ChangeFileVisitor())
    }

    deinit {
        storage.deallocate()
    }

    private enum ElementName: Equatable {
        case osm, node, way, nd, tag, relation, bounds, osmChange, create, modify, delete, other(String)

        var text: String {
            switch self {
            case .osm: "osm"
            case .osmChange: "osmChange"
            case .create: "create"
            case .modify: "modify"
            case .delete: "delete"
            case .node: "node"
            case .way: "way"
            case .nd: "nd"
            case .tag: "tag"
            case .relation: "relation"
            case .bounds: "bounds"
            case .other(let name): name
            }
        }
    }

    /// A node or way whose child elements are still being read.
    private struct PendingElement {
        var isWay: Bool
        var id: Int64
        var latitude: Double
        var longitude: Double
        /// The element's version (change files only; 0 when it names none).
        var version: Int64 = 0
        var tags: [(String, String)] = []
        var refs: [Int64] = []
        /// How much of a way the visitor wants.
        var interest = OSMWayInterest.tagsAndNodes
        /// More tags or node references than an element may have: the extra ones were not kept.
        var hasTooManyTags = false
        var hasTooManyNodes = false
    }

    package func read<Visitor: OSMElementVisitor>(into visitor: Visitor) throws {
        while !visitor.isFinished {
            guard let open = find(UInt8(ascii: "<"), from: start) else {
                try skipText(upTo: end)
                if try !refill(visitor) { break }
                continue
            }
            try skipText(upTo: open)
            guard let close = try markupEnd(from: open) else {
                if try !refill(visitor) {
                    let what = stack.last.map { "inside <\($0.name.text)> opened on line \($0.line)" } ?? "inside a tag"
                    throw OSMImportError.truncated("the file ends \(what)", .line(line + newlines(in: start, end)))
                }
                continue
            }
            let markupLine = line
            line += newlines(in: open, close)
            start = close + 1
            try handleMarkup(open, close, line: markupLine, visitor: visitor)
        }
        if visitor.isFinished { return }
        if !rootSeen {
            throw OSMImportError.notOSM(reason: changes == nil ? "it holds no <osm> element"
                                                                : "it holds no <osmChange> element")
        }
        if let open = stack.last {
            throw OSMImportError.truncated(
                "the file ends inside <\(open.name.text)> opened on line \(open.line)", .line(line))
        }
    }

    // MARK: - Buffer

    /// Keeps the unread bytes, reads more after them; false at the end of the input.
    private func refill<Visitor: OSMElementVisitor>(_ visitor: Visitor) throws -> Bool {
        if atEndOfInput { return false }
        let pending = end - start
        if start > 0 {
            if pending > 0, let base = storage.baseAddress {
                base.update(from: base + start, count: pending)
            }
            start = 0
            end = pending
        }
        if end == storage.count {
            guard storage.count < Self.maxMarkupSize else {
                throw OSMImportError.corrupt("a tag runs on for more than \(Self.maxMarkupSize >> 20) MB", .line(line))
            }
            let larger = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: storage.count * 2)
            _ = larger.initialize(from: storage[0..<end])
            storage.deallocate()
            storage = larger
        }
        let count = try source.read(into: UnsafeMutableRawBufferPointer(UnsafeMutableBufferPointer(rebasing: storage[end...])))
        visitor.progress(fileOffset: source.fileOffset, elements: elementsRead)
        if count == 0 {
            atEndOfInput = true
            return false
        }
        end += count
        return true
    }

    private func find(_ byte: UInt8, from index: Int) -> Int? {
        var i = index
        while i < end {
            if storage[i] == byte { return i }
            i += 1
        }
        return nil
    }

    private func newlines(in from: Int, _ to: Int) -> Int {
        var count = 0
        var i = from
        while i < to {
            if storage[i] == 0x0a { count += 1 }
            i += 1
        }
        return count
    }

    /// Passes over character data: blank space between elements. Text before the root means this is not OSM.
    private func skipText(upTo index: Int) throws {
        if !rootSeen && stack.isEmpty {
            var i = start
            while i < index {
                let byte = storage[i]
                let isBlank = byte == 0x20 || byte == 0x09 || byte == 0x0a || byte == 0x0d
                let isByteOrderMark = i == 0 && line == 1 && index - i >= 3
                    && byte == 0xef && storage[i + 1] == 0xbb && storage[i + 2] == 0xbf
                if isByteOrderMark {
                    i += 3
                    continue
                }
                if !isBlank {
                    throw OSMImportError.notOSM(reason: "line \(line + newlines(in: start, i)) holds text where XML markup should be")
                }
                i += 1
            }
        }
        line += newlines(in: start, index)
        start = index
    }

    /// The index of the `>` that ends the markup starting at `open`, or nil when more input is needed.
    private func markupEnd(from open: Int) throws -> Int? {
        let next = open + 1
        guard next < end else { return nil }
        if storage[next] == UInt8(ascii: "!") {
            if hasPrefix("<!--", at: open) { return endOf("-->", from: open + 4) }
            if hasPrefix("<![CDATA[", at: open) { return endOf("]]>", from: open + 9) }
            guard end - open >= 9 || atEndOfInput else { return nil }
            // A declaration such as DOCTYPE, possibly with an internal subset in brackets.
            var depth = 0
            var i = next
            while i < end {
                switch storage[i] {
                case UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "]"): depth -= 1
                case UInt8(ascii: ">") where depth <= 0: return i
                default: break
                }
                i += 1
            }
            return nil
        }
        if storage[next] == UInt8(ascii: "?") { return endOf("?>", from: next + 1) }
        // A tag: `>` may appear inside a quoted attribute value.
        var quote: UInt8 = 0
        var i = next
        while i < end {
            let byte = storage[i]
            if quote != 0 {
                if byte == quote { quote = 0 }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                return i
            } else if byte == UInt8(ascii: "<") {
                throw OSMImportError.corrupt("a tag is not closed before the next one starts", .line(line))
            }
            i += 1
        }
        return nil
    }

    private func hasPrefix(_ text: StaticString, at index: Int) -> Bool {
        let count = text.utf8CodeUnitCount
        guard end - index >= count else { return false }
        let pointer = text.utf8Start
        for k in 0..<count where storage[index + k] != pointer[k] { return false }
        return true
    }

    /// The index of the last byte of `terminator` at or after `index`.
    private func endOf(_ terminator: StaticString, from index: Int) -> Int? {
        let count = terminator.utf8CodeUnitCount
        var i = index
        while i + count <= end {
            if hasPrefix(terminator, at: i) { return i + count - 1 }
            i += 1
        }
        return nil
    }

    // MARK: - Elements

    private func handleMarkup<Visitor: OSMElementVisitor>(
        _ open: Int, _ close: Int, line markupLine: Int, visitor: Visitor
    ) throws {
        let first = storage[open + 1]
        if first == UInt8(ascii: "!") || first == UInt8(ascii: "?") { return }
        if first == UInt8(ascii: "/") {
            let name = elementName(from: open + 2, to: close).name
            guard let top = stack.popLast() else {
                throw OSMImportError.corrupt("</\(name.text)> closes nothing", .line(markupLine))
            }
            guard top.name == name else {
                throw OSMImportError.corrupt("</\(name.text)> closes <\(top.name.text)> opened on line \(top.line)",
                                             .line(markupLine))
            }
            try finish(name, visitor: visitor)
            return
        }
        let selfClosing = storage[close - 1] == UInt8(ascii: "/")
        let (name, attributesStart) = elementName(from: open + 1, to: close)
        let attributesEnd = selfClosing ? close - 1 : close
        let root: ElementName = changes == nil ? .osm : .osmChange
        if !rootSeen {
            guard name == root else {
                throw OSMImportError.notOSM(reason: "its first element is <\(name.text)>, not <\(root.text)>")
            }
            rootSeen = true
        } else if stack.isEmpty {
            throw OSMImportError.corrupt("<\(name.text)> comes after the end of <\(root.text)>", .line(markupLine))
        }
        switch name {
        case .create where changes != nil && stack.count == 1: action = .create
        case .modify where changes != nil && stack.count == 1: action = .modify
        case .delete where changes != nil && stack.count == 1: action = .delete
        case .node where changes != nil && stack.count == 1, .way where changes != nil && stack.count == 1:
            throw OSMImportError.corrupt("a <\(name.text)> outside <create>, <modify> or <delete>", .line(markupLine))
        case .node where stack.count == elementDepth:
            let element = try nodeOrWay(isWay: false, attributesStart, attributesEnd, line: markupLine)
            if selfClosing { try deliver(element, visitor: visitor) } else { current = element }
        case .way where stack.count == elementDepth:
            var element = try nodeOrWay(isWay: true, attributesStart, attributesEnd, line: markupLine)
            if visitor.wantsWays { element.interest = visitor.interest(inWay: element.id) }
            if selfClosing { try deliverWay(element, visitor: visitor) } else { current = element }
        case .relation where stack.count == elementDepth:
            elementsRead += 1
        case .bounds where stack.count == 1:
            var sides: [Attribute: Double] = [:]
            try forEachAttribute(attributesStart, attributesEnd, line: markupLine) { attribute, range in
                sides[attribute] = decimal(range)
            }
            if let minLat = sides[.minlat], let minLon = sides[.minlon], let maxLat = sides[.maxlat],
               let maxLon = sides[.maxlon] {
                visitor.header(OSMExtractHeader(bounds: .init(minLatitude: minLat, minLongitude: minLon,
                                                              maxLatitude: maxLat, maxLongitude: maxLon)))
            }
        case .tag where current != nil:
            guard current?.tags.count ?? 0 < limits.elementTags else {
                current?.hasTooManyTags = true
                break
            }
            var key: String?
            var value: String?
            try forEachAttribute(attributesStart, attributesEnd, line: markupLine) { attribute, range in
                if attribute == .k { key = text(range) } else if attribute == .v { value = text(range) }
            }
            if let key, let value { current?.tags.append((key, value)) }
        case .nd where current?.isWay == true:
            guard visitor.wantsWays, current?.interest == .tagsAndNodes else { break }
            // Past the limit the rest is not even read: one way can hold millions of these.
            guard current?.refs.count ?? 0 < limits.wayNodes else {
                current?.hasTooManyNodes = true
                break
            }
            var ref: Int64?
            try forEachAttribute(attributesStart, attributesEnd, line: markupLine) { attribute, range in
                if attribute == .ref { ref = integer(range) }
            }
            guard let ref else { throw OSMImportError.corrupt("an <nd> without a valid ref", .line(markupLine)) }
            current?.refs.append(ref)
        default:
            break
        }
        if !selfClosing {
            // Each level costs memory; OpenStreetMap needs three, and gzip makes millions cheap to send.
            guard stack.count < limits.xmlDepth else {
                throw OSMImportError.corrupt(
                    "elements nest more than \(limits.xmlDepth) deep (OpenStreetMap XML needs three)", .line(markupLine))
            }
            stack.append((name, markupLine))
        }
    }

    private func finish<Visitor: OSMElementVisitor>(_ name: ElementName, visitor: Visitor) throws {
        if changes != nil, stack.isEmpty || stack.count == 1, [.create, .modify, .delete].contains(name) {
            action = nil
            return
        }
        guard stack.count == elementDepth, let element = current else { return }
        switch name {
        case .node:
            current = nil
            try deliver(element, visitor: visitor)
        case .way:
            current = nil
            try deliverWay(element, visitor: visitor)
        default:
            break
        }
    }

    private func deliver<Visitor: OSMElementVisitor>(_ element: PendingElement, visitor: Visitor) throws {
        nodesRead += 1
        elementsRead += 1
        if let changes { return try changes(changedElement(element)) }
        if visitor.wantsAllNodeCoordinates {
            visitor.nodeCoordinate(id: element.id, latitude: element.latitude, longitude: element.longitude)
        }
        guard visitor.wantsTaggedNodes, let tags = relevantTags(element, visitor) else { return }
        if element.hasTooManyTags { return visitor.elementWithTooManyTags() }
        try visitor.taggedNode(OSMNode(id: element.id, latitude: element.latitude, longitude: element.longitude,
                                        tags: tags))
    }

    private func deliverWay<Visitor: OSMElementVisitor>(_ element: PendingElement, visitor: Visitor) throws {
        elementsRead += 1
        if let changes { return try changes(changedElement(element)) }
        guard visitor.wantsWays, element.interest != .none, let tags = relevantTags(element, visitor) else { return }
        if element.hasTooManyTags { return visitor.elementWithTooManyTags() }
        if element.interest == .tags {
            return try visitor.way(OSMWay(id: element.id, refs: [], tags: tags, nodes: .notRead))
        }
        if element.hasTooManyNodes {
            return try visitor.way(OSMWay(id: element.id, refs: [], tags: tags, nodes: .tooMany))
        }
        try visitor.way(OSMWay(id: element.id, refs: element.refs, tags: tags))
    }

    /// A change file's element whole: every tag, every node reference, and the action it is under.
    private func changedElement(_ element: PendingElement) throws -> OSMChangedElement {
        guard let action else {
            throw OSMImportError.corrupt("a <\(element.isWay ? "way" : "node")> outside <create>, <modify> or <delete>",
                                         .line(line))
        }
        var tags: [String: String] = [:]
        for (key, value) in element.tags { tags[key] = value }
        return OSMChangedElement(action: action, isWay: element.isWay, id: element.id, version: element.version,
                                 latitude: element.latitude, longitude: element.longitude, tags: tags,
                                 refs: element.refs, hasTooManyTags: element.hasTooManyTags,
                                 hasTooManyNodes: element.hasTooManyNodes)
    }

    private func relevantTags<Visitor: OSMElementVisitor>(_ element: PendingElement, _ visitor: Visitor) -> [String: String]? {
        let keys = visitor.relevantKeys
        guard element.tags.contains(where: { keys.contains($0.0) }) else { return nil }
        var tags: [String: String] = [:]
        for (key, value) in element.tags { tags[key] = value }
        return tags
    }

    private func nodeOrWay(isWay: Bool, _ from: Int, _ to: Int, line markupLine: Int) throws -> PendingElement {
        var id: Int64?
        var latitude: Double?
        var longitude: Double?
        var version: Int64 = 0
        try forEachAttribute(from, to, line: markupLine) { attribute, range in
            switch attribute {
            case .id: id = integer(range)
            case .version: version = integer(range) ?? 0
            case .lat where !isWay: latitude = decimal(range)
            case .lon where !isWay: longitude = decimal(range)
            default: break
            }
        }
        let kind = isWay ? "way" : "node"
        guard let id else { throw OSMImportError.corrupt("a <\(kind)> without a valid id", .line(markupLine)) }
        if isWay { return PendingElement(isWay: true, id: id, latitude: 0, longitude: 0, version: version) }
        // A deleted node needs no position; change files often leave it out.
        if action == .delete { return PendingElement(isWay: false, id: id, latitude: 0, longitude: 0, version: version) }
        guard let latitude, let longitude else {
            throw OSMImportError.corrupt("<node id=\"\(id)\"> has no valid lat and lon", .line(markupLine))
        }
        return PendingElement(isWay: false, id: id, latitude: latitude, longitude: longitude, version: version)
    }

    private func elementName(from index: Int, to limit: Int) -> (name: ElementName, next: Int) {
        var i = index
        while i < limit {
            let byte = storage[i]
            if byte == 0x20 || byte == 0x09 || byte == 0x0a || byte == 0x0d || byte == UInt8(ascii: "/")
                || byte == UInt8(ascii: ">") { break }
            i += 1
        }
        let name: ElementName
        switch i - index {
        case 2 where hasPrefix("nd", at: index): name = .nd
        case 3 where hasPrefix("osm", at: index): name = .osm
        case 3 where hasPrefix("way", at: index): name = .way
        case 3 where hasPrefix("tag", at: index): name = .tag
        case 4 where hasPrefix("node", at: index): name = .node
        case 6 where hasPrefix("bounds", at: index): name = .bounds
        case 8 where hasPrefix("relation", at: index): name = .relation
        case 6 where hasPrefix("create", at: index): name = .create
        case 6 where hasPrefix("modify", at: index): name = .modify
        case 6 where hasPrefix("delete", at: index): name = .delete
        case 9 where hasPrefix("osmChange", at: index): name = .osmChange
        default: name = .other(String(text(index..<i).prefix(40)))
        }
        return (name, i)
    }

    /// Calls `body` with each attribute's name (only the ones this reader uses become strings) and value range.
    private func forEachAttribute(_ from: Int, _ to: Int, line markupLine: Int,
                                  _ body: (Attribute, Range<Int>) throws -> Void) throws {
        var i = from
        while true {
            while i < to, isBlank(storage[i]) { i += 1 }
            if i >= to { return }
            let nameStart = i
            while i < to, storage[i] != UInt8(ascii: "="), !isBlank(storage[i]) { i += 1 }
            let nameEnd = i
            while i < to, isBlank(storage[i]) { i += 1 }
            guard i < to, storage[i] == UInt8(ascii: "="), nameEnd > nameStart else {
                throw OSMImportError.corrupt("an attribute without a value", .line(markupLine))
            }
            i += 1
            while i < to, isBlank(storage[i]) { i += 1 }
            guard i < to, storage[i] == UInt8(ascii: "\"") || storage[i] == UInt8(ascii: "'") else {
                throw OSMImportError.corrupt("an attribute value without quotes", .line(markupLine))
            }
            let quote = storage[i]
            i += 1
            let valueStart = i
            while i < to, storage[i] != quote { i += 1 }
            guard i < to else { throw OSMImportError.corrupt("an attribute value is not closed", .line(markupLine)) }
            let valueEnd = i
            i += 1
            if let name = knownAttribute(nameStart, nameEnd) {
                try body(name, valueStart..<valueEnd)
            }
        }
    }

    /// The attributes this reader uses; others are skipped without becoming strings.
    private enum Attribute: CaseIterable {
        case id, lat, lon, k, v, ref, minlat, minlon, maxlat, maxlon, version

        var spelling: StaticString {
            switch self {
            case .version: "version"
            case .id: "id"
            case .lat: "lat"
            case .lon: "lon"
            case .k: "k"
            case .v: "v"
            case .ref: "ref"
            case .minlat: "minlat"
            case .minlon: "minlon"
            case .maxlat: "maxlat"
            case .maxlon: "maxlon"
            }
        }
    }

    private func knownAttribute(_ from: Int, _ to: Int) -> Attribute? {
        Attribute.allCases.first { $0.spelling.utf8CodeUnitCount == to - from && hasPrefix($0.spelling, at: from) }
    }

    private func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0a || byte == 0x0d
    }

    /// An attribute value as text, with XML's entities and character references replaced.
    private func text(_ range: Range<Int>) -> String {
        let raw = String(decoding: UnsafeBufferPointer(rebasing: storage[range]), as: UTF8.self)
        guard storage[range].contains(UInt8(ascii: "&")) else { return raw }
        return XMLEntities.decode(raw)
    }

    private func integer(_ range: Range<Int>) -> Int64? {
        var i = range.lowerBound
        var negative = false
        if i < range.upperBound, storage[i] == UInt8(ascii: "-") {
            negative = true
            i += 1
        }
        guard i < range.upperBound, range.upperBound - i <= 18 else { return nil }
        var value: Int64 = 0
        while i < range.upperBound {
            let digit = storage[i] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            value = value * 10 + Int64(digit)
            i += 1
        }
        return negative ? -value : value
    }

    /// A decimal such as "47.1410023"; anything unusual goes through the full parser.
    private func decimal(_ range: Range<Int>) -> Double? {
        var i = range.lowerBound
        var negative = false
        if i < range.upperBound, storage[i] == UInt8(ascii: "-") {
            negative = true
            i += 1
        }
        var mantissa: Int64 = 0
        var digits = 0
        var fractionDigits = 0
        var seenPoint = false
        while i < range.upperBound {
            let byte = storage[i]
            if byte == UInt8(ascii: "."), !seenPoint {
                seenPoint = true
            } else if byte &- UInt8(ascii: "0") < 10, digits < 15 {
                mantissa = mantissa * 10 + Int64(byte &- UInt8(ascii: "0"))
                digits += 1
                if seenPoint { fractionDigits += 1 }
            } else {
                return Double(text(range))
            }
            i += 1
        }
        guard digits > 0 else { return nil }
        let value = Double(mantissa) / Self.powersOfTen[fractionDigits]
        return negative ? -value : value
    }

    private static let powersOfTen: [Double] = (0...15).map { power in
        (0..<power).reduce(1.0) { value, _ in value * 10 }
    }
}
