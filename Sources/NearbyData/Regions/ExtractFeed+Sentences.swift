import NearbyCore

/// What an update says of a plan, the same from `nearby update` and `nearby-server update`.
extension ExtractFeed.Plan {
    /// "3 changes behind (sequence 1000 → 1003); 2 to fetch".
    public var behindText: String {
        "\(NumberText.counted(Int(latest.sequence - reached), "change", "changes")) behind "
            + "(sequence \(reached) → \(latest.sequence)); \(missing.count) to fetch"
    }

    /// "sequence 1000 → 1001, 1 change file applied (1 fetched now); 10 nodes and 77 ways changed in the feed".
    public func appliedText(files: Int, fetched: Int, nodes: Int, ways: Int) -> String {
        "sequence \(reached) → \(latest.sequence), \(NumberText.counted(files, "change file", "change files")) applied "
            + "(\(NumberText.counted(fetched, "fetched now", "fetched now"))); "
            + "\(NumberText.counted(nodes, "node", "nodes")) and \(NumberText.counted(ways, "way", "ways")) changed in the feed"
    }
}
