import NearbyData
import TestSupport
import NearbyHTTP

extension StubResponse {
    /// A JSON answer built from a value.
    static func json(_ status: Int, _ value: JSONValue, headers: [String: String] = [:]) -> StubResponse {
        json(status, data: value.encoded(), headers: headers)
    }
}
