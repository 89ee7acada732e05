import Foundation
import NearbyCore
import PostgresNIO

extension PostgresFriendsRepository: FriendPhotos {
    public func photo(of id: Friend.ID) async throws(FriendsError) -> [UInt8]? {
        try await storing {
            try await pools.read { connection in
                let rows = try await connection.gatheredRows(
                    "SELECT picture FROM friend_photo WHERE friend_id = \(id)", logger: pools.logger)
                guard let row = rows.first else { return nil }
                var cells = RowCells(row)
                return [UInt8](try cells.next(Data.self))
            }
        }
    }

    public func setPhoto(_ photo: [UInt8]?, of id: Friend.ID) async throws(FriendsError) {
        try await writing { connection in
            let rows: [PostgresRow]
            if let photo {
                // Only for a friend there is: the friend's row is the photo's key.
                rows = try await connection.gatheredRows("""
                    INSERT INTO friend_photo (friend_id, picture, updated_at)
                    SELECT id, \(Data(photo)), now() FROM friend WHERE id = \(id)
                    ON CONFLICT (friend_id) DO UPDATE SET picture = excluded.picture, updated_at = now()
                    RETURNING friend_id
                    """, logger: pools.logger)
            } else {
                // One statement: the friend looked up and its photo removed.
                rows = try await connection.gatheredRows("""
                    WITH found AS (SELECT id FROM friend WHERE id = \(id)),
                         gone AS (DELETE FROM friend_photo WHERE friend_id IN (SELECT id FROM found))
                    SELECT id FROM found
                    """, logger: pools.logger)
            }
            guard !rows.isEmpty else { throw FriendsError.notFound }
        }
    }
}
