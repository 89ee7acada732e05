import NearbyBuild

/// The version `nearby --version` and `nearby version` print, with the commit it was built from.
enum NearbyVersion {
    static let current = NearbyBuild.description
}
