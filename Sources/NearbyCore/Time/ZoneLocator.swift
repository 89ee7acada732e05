import CZoneData

/// The IANA time zone of a point on the earth, offline: "Europe/Vaduz" for 47.14 N 9.52 E, "Etc/GMT+2" at sea
/// in the middle of the Atlantic (every point on the earth has a zone; over the oceans it is the nautical one).
///
/// The outlines are timezone-boundary-builder's (OpenStreetMap data, ODbL: NOTICE.md), as tzfpy ships them,
/// simplified to about 100 m, written into a quadtree by scripts/make-zone-data and linked into the binary
/// (Sources/CZoneData). docs/decisions/zone-locator.md has the format, the accuracy measured against
/// timezonefinder and the time a lookup takes.
public struct ZoneLocator: Sendable {
    /// The data linked into this binary, read on first use; nil only if the build linked none it can read.
    public static let embedded: ZoneLocator? = {
        guard let base = nearby_zone_data() else { return nil }
        return ZoneLocator(bytes: ZoneBytes(base: UnsafeRawPointer(base), count: nearby_zone_data_size(), owner: nil))
    }()

    /// A copy of the linked data (for tests that damage it).
    static var embeddedBytes: [UInt8]? {
        guard let base = nearby_zone_data() else { return nil }
        return Array(UnsafeBufferPointer(start: base, count: nearby_zone_data_size()))
    }

    /// The zone identifiers, by id.
    public let identifiers: [String]
    /// Where the data comes from ("tzfpy 2.1.1 data 2026e").
    public let source: String

    private let bytes: ZoneBytes
    private let unitShift: Int, rootShift: Int, columns: Int, rows: Int
    private let rootsAt: Int, nodesAt: Int, nodeCount: Int, shapesAt: Int, shapesEnd: Int

    /// Data in the format scripts/make-zone-data writes, checked as far as the header goes; nil if it is not.
    public init?(data: [UInt8]) {
        let owner = ZoneBytesOwner(data)
        guard let base = owner.base else { return nil }
        self.init(bytes: ZoneBytes(base: base, count: data.count, owner: owner))
    }

    private init?(bytes: ZoneBytes) {
        self.bytes = bytes
        guard bytes.count >= 56, bytes.u32(0) == 0x4C5A_424E /* "NBZL" */, bytes.u32(4) == 1,
              let unitShift = bytes.u32(8), let rootShift = bytes.u32(12), let columns = bytes.u32(16),
              let rows = bytes.u32(20), let zoneCount = bytes.u32(24), var at = bytes.u32(28),
              let rootsAt = bytes.u32(32), let nodesAt = bytes.u32(36), let nodeCount = bytes.u32(40),
              let shapesAt = bytes.u32(44), let shapesLength = bytes.u32(48), let sourceAt = bytes.u32(52),
              (1...30).contains(unitShift), (unitShift...(unitShift + 8)).contains(rootShift),
              (1...(1 << 16)).contains(columns), (1...(1 << 16)).contains(rows), columns << rootShift == 360 << unitShift, rows << rootShift == 180 << unitShift,
              zoneCount < 1 << 30,
              rootsAt + 4 * columns * rows <= bytes.count, nodesAt + 4 * nodeCount <= bytes.count,
              shapesAt + shapesLength <= bytes.count else { return nil }
        var names: [String] = []
        names.reserveCapacity(zoneCount)
        for _ in 0..<zoneCount {
            guard let name = bytes.shortString(at: at) else { return nil }
            names.append(name)
            at += 1 + name.utf8.count
        }
        guard let source = bytes.shortString(at: sourceAt) else { return nil }
        identifiers = names
        self.source = source
        self.unitShift = unitShift
        self.rootShift = rootShift
        self.columns = columns
        self.rows = rows
        self.rootsAt = rootsAt
        self.nodesAt = nodesAt
        self.nodeCount = nodeCount
        self.shapesAt = shapesAt
        shapesEnd = shapesAt + shapesLength
    }

    /// The zone at `coordinate`; nil for a coordinate that is not a valid one.
    public func zoneIdentifier(at coordinate: Coordinate) -> String? {
        zoneIdentifier(latitude: coordinate.latitude, longitude: coordinate.longitude)
    }

    /// The zone at a point in WGS 84 degrees; nil for a point that is not on the earth (or data that says none).
    public func zoneIdentifier(latitude: Double, longitude: Double) -> String? {
        guard let id = zoneID(latitude: latitude, longitude: longitude), id < identifiers.count else { return nil }
        return identifiers[id]
    }

    /// The rules of the zone at `coordinate`, from the system's zone files in `directory`; nil where there is no
    /// zone or the system has no file for it.
    public func zoneRules(at coordinate: Coordinate, directory: String = ZoneRules.systemDirectory) -> ZoneRules? {
        zoneIdentifier(at: coordinate).flatMap { try? ZoneRules.named($0, directory: directory) }
    }

    /// The id of the zone at a point: the quadtree down to its leaf, then the leaf's outlines.
    func zoneID(latitude: Double, longitude: Double) -> Int? {
        guard latitude.isFinite, longitude.isFinite, (-90...90).contains(latitude),
              (-180...180).contains(longitude) else { return nil }
        let unitsPerDegree = Double(1 << unitShift)
        let x = (longitude + 180) * unitsPerDegree, y = (latitude + 90) * unitsPerDegree
        var size = 1 << rootShift
        let column = min(Int(x) >> rootShift, columns - 1), row = min(Int(y) >> rootShift, rows - 1)
        guard var reference = bytes.u32(rootsAt + 4 * (row * columns + column)) else { return nil }
        var x0 = column << rootShift, y0 = row << rootShift
        while reference >> 30 == 1 {
            size >>= 1
            guard size > 0 else { return nil }
            var child = reference & 0x3FFF_FFFF
            if x >= Double(x0 + size) { child += 1; x0 += size }
            if y >= Double(y0 + size) { child += 2; y0 += size }
            guard child < nodeCount, let next = bytes.u32(nodesAt + 4 * child) else { return nil }
            reference = next
        }
        switch reference >> 30 {
        case 0:
            let zone = reference & 0x3FFF_FFFF
            return zone < identifiers.count ? zone : nil
        case 2:
            return leafZone(at: shapesAt + (reference & 0x3FFF_FFFF), x: x - Double(x0), y: y - Double(y0))
        default:
            return nil
        }
    }

    /// A mixed leaf: the first zone whose rings hold (x, y) (even-odd), else the leaf's default zone.
    private func leafZone(at offset: Int, x: Double, y: Double) -> Int? {
        var reader = VarintReader(bytes: bytes, at: offset, end: shapesEnd)
        guard let fallback = reader.next(), let zones = reader.next() else { return nil }
        for _ in 0..<min(zones, shapesEnd - offset) {
            guard let zone = reader.next(), let rings = reader.next() else { return nil }
            var inside = false
            for _ in 0..<min(rings, shapesEnd - offset) {
                guard let count = reader.next(), count >= 1 else { return nil }
                // Vertices are deltas from the last, the first from the leaf's corner; the ring closes itself.
                guard let firstX = reader.signed(), let firstY = reader.signed() else { return nil }
                var previousX = Double(firstX), previousY = Double(firstY)
                var vertexX = firstX, vertexY = firstY
                for index in 1...count {
                    let currentX: Double, currentY: Double
                    if index == count {
                        currentX = Double(firstX)
                        currentY = Double(firstY)
                    } else {
                        guard let dx = reader.signed(), let dy = reader.signed() else { return nil }
                        vertexX &+= dx
                        vertexY &+= dy
                        currentX = Double(vertexX)
                        currentY = Double(vertexY)
                    }
                    if (currentY > y) != (previousY > y),
                       x < (previousX - currentX) * (y - currentY) / (previousY - currentY) + currentX {
                        inside.toggle()
                    }
                    previousX = currentX
                    previousY = currentY
                }
            }
            if inside { return zone < identifiers.count ? zone : nil }
        }
        return fallback < identifiers.count ? fallback : nil
    }
}

/// Bytes that stay where they are for as long as a locator reads them: the binary's read-only data, or an array
/// kept by `owner`. Never written, so sharing them between threads is safe.
private struct ZoneBytes: @unchecked Sendable {
    let base: UnsafeRawPointer
    let count: Int
    let owner: ZoneBytesOwner?

    func u32(_ offset: Int) -> Int? {
        guard offset >= 0, offset <= count - 4 else { return nil }
        return Int(UInt32(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
    }

    func byte(_ offset: Int) -> UInt8? {
        guard offset >= 0, offset < count else { return nil }
        return base.load(fromByteOffset: offset, as: UInt8.self)
    }

    /// A u8 length and that many bytes of ASCII.
    func shortString(at offset: Int) -> String? {
        guard let length = byte(offset), offset + 1 + Int(length) <= count else { return nil }
        let text = UnsafeRawBufferPointer(start: base + offset + 1, count: Int(length))
        guard text.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return nil }
        return String(decoding: text, as: UTF8.self)
    }
}

/// An array's bytes at an address that does not move: allocated once, freed with the last locator reading them.
private final class ZoneBytesOwner: @unchecked Sendable {
    let base: UnsafeRawPointer?
    private let storage: UnsafeMutableRawPointer?

    init(_ data: [UInt8]) {
        guard !data.isEmpty else {
            storage = nil
            base = nil
            return
        }
        let memory = UnsafeMutableRawPointer.allocate(byteCount: data.count, alignment: 16)
        data.withUnsafeBytes { memory.copyMemory(from: $0.baseAddress ?? UnsafeRawPointer(memory), byteCount: $0.count) }
        storage = memory
        base = UnsafeRawPointer(memory)
    }

    deinit { storage?.deallocate() }
}

/// LEB128 varints, unsigned and zigzag-signed, that stop at `end`.
private struct VarintReader {
    let bytes: ZoneBytes
    var at: Int
    let end: Int

    mutating func next() -> Int? {
        var value = 0, shift = 0
        while at < end, shift < 63, let byte = bytes.byte(at) {
            at += 1
            value |= Int(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
        return nil
    }

    mutating func signed() -> Int? {
        guard let value = next() else { return nil }
        return Int(bitPattern: UInt(bitPattern: value) >> 1) ^ -(value & 1)
    }
}
