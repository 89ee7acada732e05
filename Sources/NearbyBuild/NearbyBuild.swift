/// What this binary is: its version (the repository's VERSION file) and the commit it was built from, stamped at
/// build time by the BuildStamp plugin (scripts/build-stamp).
public enum NearbyBuild {
    /// "0.1.0".
    public static let version = stampedVersion
    /// The commit's short hash, with "-modified" when the tree had changes; "unknown" without git.
    public static let commit = stampedCommit
    /// What `--version` prints: "0.1.0 (commit 1a2b3c4d5e6f)".
    public static let description = "\(version) (commit \(commit))"
}
