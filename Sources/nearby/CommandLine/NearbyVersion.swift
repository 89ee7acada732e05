/// The version `nearby --version` and `nearby version` print.
enum NearbyVersion {
    static let current = "0.1.0"
}
