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
}
