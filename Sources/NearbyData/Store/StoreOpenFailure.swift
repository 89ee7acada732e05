/// Why the store could not be opened, as one sentence that names the file and says what to do, for the
/// commands to print (no SQLite error numbers or Foundation wording).
public enum StoreOpenFailure {
    /// The sentence for `error`, thrown while opening the store at `path` (`AppDatabase.open(at:)`, the demo town).
    public static func sentence(for error: any Error, path: String) -> String {
        if let storeError = StoreError.from(error, path: path) { return storeError.description }
        return "Cannot open the store at \(path): \(error)."
    }
}
