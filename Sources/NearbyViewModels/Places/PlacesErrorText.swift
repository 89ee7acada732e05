import FoundationEssentials
import NearbyCore

/// Places errors in the words of the screen that met them.
public enum PlacesErrorText {
    /// Why loading places failed.
    public static func loading(_ error: PlacesError) -> String {
        switch error {
        case .network: "Loading failed, check network connection"
        case .refused(let detail): "The service refused the request: \(sentence(detail))"
        case .unavailable(let detail): sentence(detail)
        case .badResponse: "The service answered something unreadable; try again later."
        case .notFound: "This place is no longer known to the source."
        case .storage(let detail): "Could not read places: \(sentence(detail))"
        }
    }

    /// Why saving or removing a favourite failed.
    public static func favourite(_ error: PlacesError, saving: Bool) -> String {
        let action = saving ? "save" : "remove"
        switch error {
        case .network: return "Could not \(action) the favourite, check network connection"
        case .storage(let detail), .refused(let detail), .badResponse(let detail), .unavailable(let detail):
            return "Could not \(action) the favourite: \(sentence(detail))"
        case .notFound: return "Could not \(action) the favourite: the place is gone."
        }
    }

    /// Outside text made one safe line ending in a full stop.
    static func sentence(_ text: String) -> String {
        let line = DisplayText.trimmed(DisplayText.oneLine(text))
        if line.isEmpty { return "unknown reason." }
        if let last = line.last, ".!?".contains(last) { return line }
        return line + "."
    }
}
