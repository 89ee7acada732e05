import NearbyCore

/// A box in the R*Tree's own integer coordinates (degrees × `PlacesSchema.coordinateScale`), bounds included.
struct IndexBox: Hashable {
    var latitude: ClosedRange<Int>
    var longitude: ClosedRange<Int>

    /// The smallest index box holding every point of the given ranges (rounded outwards).
    static func covering(latitude: ClosedRange<Double>, longitude: ClosedRange<Double>) -> IndexBox {
        let scale = PlacesSchema.coordinateScale
        return IndexBox(latitude: Int((latitude.lowerBound * scale).rounded(.down))...Int((latitude.upperBound * scale).rounded(.up)),
                        longitude: Int((longitude.lowerBound * scale).rounded(.down))...Int((longitude.upperBound * scale).rounded(.up)))
    }

    /// The largest index box inside the given ranges (rounded inwards); nil when none is left.
    static func inside(latitude: ClosedRange<Double>, longitude: ClosedRange<Double>) -> IndexBox? {
        let scale = PlacesSchema.coordinateScale
        let south = Int((latitude.lowerBound * scale).rounded(.up)), north = Int((latitude.upperBound * scale).rounded(.down))
        let west = Int((longitude.lowerBound * scale).rounded(.up)), east = Int((longitude.upperBound * scale).rounded(.down))
        guard south <= north, west <= east else { return nil }
        return IndexBox(latitude: south...north, longitude: west...east)
    }

    /// What of this box lies outside `inner` (which must lie inside it), as up to four boxes that overlap
    /// neither each other nor `inner`: the south and north bands, then the west and east ends between them.
    func surrounding(_ inner: IndexBox) -> [IndexBox] {
        var parts: [IndexBox] = []
        if latitude.lowerBound < inner.latitude.lowerBound {
            parts.append(IndexBox(latitude: latitude.lowerBound...(inner.latitude.lowerBound - 1), longitude: longitude))
        }
        if inner.latitude.upperBound < latitude.upperBound {
            parts.append(IndexBox(latitude: (inner.latitude.upperBound + 1)...latitude.upperBound, longitude: longitude))
        }
        if longitude.lowerBound < inner.longitude.lowerBound {
            parts.append(IndexBox(latitude: inner.latitude, longitude: longitude.lowerBound...(inner.longitude.lowerBound - 1)))
        }
        if inner.longitude.upperBound < longitude.upperBound {
            parts.append(IndexBox(latitude: inner.latitude, longitude: (inner.longitude.upperBound + 1)...longitude.upperBound))
        }
        return parts
    }

    /// Whether `other` lies wholly inside this box.
    func contains(_ other: IndexBox) -> Bool {
        latitude.lowerBound <= other.latitude.lowerBound && other.latitude.upperBound <= latitude.upperBound
            && longitude.lowerBound <= other.longitude.lowerBound && other.longitude.upperBound <= longitude.upperBound
    }
}
