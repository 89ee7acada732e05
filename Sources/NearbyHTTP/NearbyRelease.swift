/// Who is asking, for services that want to know (Overpass's usage policy asks apps to name themselves).
public enum NearbyRelease {
    public static let name = "Nearby"
    public static let version = "0.9.0"
    /// Where the project lives, so a service operator can find out what sends the requests.
    public static let projectURL = "https://github.com/nearby-terminal/nearby"

    /// "Nearby/0.9.0 (+https://github.com/nearby-terminal/nearby)".
    public static var userAgent: String { "\(name)/\(version) (+\(projectURL))" }
}
