import NearbyCore

extension FriendsError {
    /// A storage failure in words a user can act on.
    static func storage(from error: any Error, path: String) -> FriendsError {
        if let error = error as? FriendsError { return error }
        guard let storeError = StoreError.from(error, path: path) else { return .storage("The store failed: \(error)") }
        return .storage(storeError.description)
    }
}
