import GRDB
import NearbyCore

extension FriendsError {
    /// A storage failure in words a user can act on.
    static func storage(from error: any Error) -> FriendsError {
        if let error = error as? FriendsError { return error }
        guard let databaseError = error as? DatabaseError else { return .storage("The store failed: \(error)") }
        switch databaseError.resultCode {
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            return .storage("The store is busy (another nearby is writing to it); try again.")
        case .SQLITE_FULL:
            return .storage("The disk is full; the friends could not be saved.")
        case .SQLITE_READONLY, .SQLITE_PERM, .SQLITE_CANTOPEN:
            return .storage("The store cannot be written (check the permissions of its folder).")
        case .SQLITE_CORRUPT, .SQLITE_NOTADB:
            return .storage("The store file is damaged.")
        default:
            return .storage("The store failed: \(databaseError.message ?? "\(databaseError.resultCode)")")
        }
    }
}
