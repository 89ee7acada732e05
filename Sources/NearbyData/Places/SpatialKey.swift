import NearbyCore

/// The place table's integer key: a Z-order (Morton) cell of the coordinate, then a sequence number in the cell.
///
/// Places near each other get nearby keys, so a map area is a handful of key ranges. Full-text search seeks
/// straight to those ranges (FTS5 keeps its lists in rowid order) instead of reading every match in the world.
enum SpatialKey {
    /// Bits per axis: 2²¹ cells over 180° and 360° are about 10 m × 19 m at the equator.
    static let axisBits = 21
    /// Places that share one cell: 2²¹ of them.
    static let sequenceBits = 21
    static let sequenceMask: Int64 = (1 << sequenceBits) - 1
    private static let axisMax = (1 << axisBits) - 1

    /// The cell holding `coordinate`, as an interleaved (Morton) number of 42 bits.
    static func cell(of coordinate: Coordinate) -> Int64 {
        morton(x: quantizedLongitude(coordinate.longitude), y: quantizedLatitude(coordinate.latitude))
    }

    /// The cell a key belongs to.
    static func cell(ofKey key: Int64) -> Int64 { key >> Int64(sequenceBits) }

    /// The middle of the cell a key belongs to.
    static func centre(ofKey key: Int64) -> Coordinate {
        let cell = cell(ofKey: key)
        let cells = Double(axisMax + 1)
        return Coordinate(latitude: (Double(compact(cell >> 1)) + 0.5) / cells * 180 - 90,
                          longitude: (Double(compact(cell)) + 0.5) / cells * 360 - 180)
    }

    /// No point of a cell lies farther than this from its middle, in metres: half its height plus half its width
    /// at the equator (the path north, then along the parallel, is never shorter than the great circle), and a
    /// metre for rounding.
    static let centreReach = Geodesy.earthRadius * (90.0 + 180.0) / Double(axisMax + 1) * .pi / 180 + 1

    /// Every key a cell can hold.
    static func keys(inCell cell: Int64) -> ClosedRange<Int64> {
        let base = cell << Int64(sequenceBits)
        return base...(base | sequenceMask)
    }

    /// At most about `maxRanges` key ranges that together hold every key inside `box` (and some outside).
    static func ranges(covering box: BoundingBox, maxRanges: Int) -> [ClosedRange<Int64>] {
        let y0 = quantizedLatitude(box.minLatitude), y1 = quantizedLatitude(box.maxLatitude)
        var ranges: [ClosedRange<Int64>] = []
        let perPart = max(1, maxRanges / max(1, box.longitudeRanges.count))
        for lon in box.longitudeRanges {
            let x0 = quantizedLongitude(lon.lowerBound), x1 = quantizedLongitude(lon.upperBound)
            // The finest level whose cells over the box number at most `perPart`.
            var shift = 0
            func cellCount(_ shift: Int) -> Int {
                ((x1 >> shift) - (x0 >> shift) + 1) * ((y1 >> shift) - (y0 >> shift) + 1)
            }
            while shift < axisBits && cellCount(shift) > perPart { shift += 1 }
            for cy in (y0 >> shift)...(y1 >> shift) {
                for cx in (x0 >> shift)...(x1 >> shift) {
                    let low = morton(x: cx, y: cy) << Int64(2 * shift)
                    let high = low + (Int64(1) << Int64(2 * shift)) - 1
                    ranges.append(keys(inCell: low).lowerBound...keys(inCell: high).upperBound)
                }
            }
        }
        return merged(ranges)
    }

    private static func merged(_ ranges: [ClosedRange<Int64>]) -> [ClosedRange<Int64>] {
        var result: [ClosedRange<Int64>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = result.last, range.lowerBound <= last.upperBound &+ 1 {
                result[result.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                result.append(range)
            }
        }
        return result
    }

    private static func quantizedLatitude(_ latitude: Double) -> Int {
        quantize((latitude + 90) / 180)
    }

    private static func quantizedLongitude(_ longitude: Double) -> Int {
        quantize((longitude + 180) / 360)
    }

    private static func quantize(_ fraction: Double) -> Int {
        guard fraction.isFinite else { return 0 }
        return min(axisMax, max(0, Int((fraction * Double(axisMax + 1)).rounded(.down))))
    }

    /// Interleaves x into the even bits and y into the odd bits.
    private static func morton(x: Int, y: Int) -> Int64 {
        spread(Int64(x)) | (spread(Int64(y)) << 1)
    }

    /// The even bits of `value`, packed together (the inverse of `spread`).
    private static func compact(_ value: Int64) -> Int {
        var v = value & 0x5555_5555_5555_5555
        v = (v | (v >> 1)) & 0x3333_3333_3333_3333
        v = (v | (v >> 2)) & 0x0F0F_0F0F_0F0F_0F0F
        v = (v | (v >> 4)) & 0x00FF_00FF_00FF_00FF
        v = (v | (v >> 8)) & 0x0000_FFFF_0000_FFFF
        v = (v | (v >> 16)) & 0x0000_0000_FFFF_FFFF
        return Int(v)
    }

    private static func spread(_ value: Int64) -> Int64 {
        var v = value & 0xFFFF_FFFF
        v = (v | (v << 16)) & 0x0000_FFFF_0000_FFFF
        v = (v | (v << 8)) & 0x00FF_00FF_00FF_00FF
        v = (v | (v << 4)) & 0x0F0F_0F0F_0F0F_0F0F
        v = (v | (v << 2)) & 0x3333_3333_3333_3333
        v = (v | (v << 1)) & 0x5555_5555_5555_5555
        return v
    }
}
