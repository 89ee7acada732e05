import NearbyCore

extension PlacesError {
    /// One sentence for the user: what failed, without Swift's enum spelling.
    public var explanation: String {
        switch self {
        case .network(let detail): "The network could not be reached: \(detail)"
        case .refused(let detail): "The service refused the request: \(detail)"
        case .unavailable(let detail): detail
        case .badResponse(let detail): "The service answered something unreadable: \(detail)"
        case .notFound: "No such place."
        case .storage(let detail): detail
        }
    }
}
