import NearbyCore
import SQLiteDriver

extension LocalFriendsRepository: FriendPhotos {
    public func photo(of id: Friend.ID) async throws(FriendsError) -> [UInt8]? {
        try await storing {
            try await database.read { db in
                try db.statement("SELECT jpeg FROM friend_photo WHERE friend = ?").bind(id).scalar(as: [UInt8].self)
            }
        }
    }

    public func setPhoto(_ photo: [UInt8]?, of id: Friend.ID) async throws(FriendsError) {
        try await storing {
            try await database.write { db in
                guard try db.statement("SELECT 1 FROM friend WHERE id = ?").bind(id).scalar(as: Int.self) != nil else {
                    throw FriendsError.notFound
                }
                if let photo {
                    try db.execute("INSERT OR REPLACE INTO friend_photo (friend, jpeg) VALUES (?, ?)", id, photo)
                } else {
                    try db.execute("DELETE FROM friend_photo WHERE friend = ?", id)
                }
            }
        }
    }
}

extension LocalFriendsRepository {
    /// Every stored photo by friend, for an export.
    public func allPhotos() async throws(FriendsError) -> [Friend.ID: [UInt8]] {
        try await storing {
            try await database.read { db in
                var photos: [Friend.ID: [UInt8]] = [:]
                let rows = try db.statement("SELECT friend, jpeg FROM friend_photo").bind()
                while try rows.step() {
                    // A row another program damaged is left out of the export, not the export itself.
                    guard let id = try? rows.column(0, as: Int64.self), let jpeg = try? rows.column(1, as: [UInt8].self)
                    else { continue }
                    photos[id] = jpeg
                }
                return photos
            }
        }
    }
}
