import FoundationEssentials
import NearbyCore

/// The look-ups a place's detail makes away from the main actor: friends with a location, the friend and the
/// places of a meeting, and the map's first markers.
extension PlaceDetailViewModel {
    /// Friends with a location, read a page at a time up to `friendScanLimit`.
    static func locatedFriends(in repository: any FriendsRepository) async throws(FriendsError) -> [Friend] {
        var located: [Friend] = []
        var offset = 0
        while offset < friendScanLimit {
            let page = try await repository.friendsPage(filter: nil, offset: offset, limit: friendPageSize)
            located += page.friends.filter { $0.coordinate?.isValid == true }
            offset += page.friends.count
            if page.friends.isEmpty || offset >= page.total || Task.isCancelled { break }
        }
        return located
    }

    enum MeetingFailure: Error {
        case friend(FriendsError)
        case places(PlacesError)
        case noLocation(Friend)
    }

    static func friend(_ id: Friend.ID, known: Friend?,
                               in repository: any FriendsRepository) async throws(MeetingFailure) -> Friend {
        if let known { return known }
        do throws(FriendsError) {
            return try await repository.friend(id: id)
        } catch {
            throw .friend(error)
        }
    }

    /// The places the rule looks at: around the middle of the way, of its one category when it has one.
    static func candidates(for rule: MeetingPoints,
                                   in provider: any PlacesProvider) async throws(MeetingFailure) -> [PlaceHit] {
        let query = PlaceQuery(center: rule.searchCenter, radius: rule.searchRadius, category: rule.queryCategory,
                               limit: 200)
        do throws(PlacesError) {
            return try await provider.places(query, after: nil).hits
        } catch {
            throw .places(error)
        }
    }

    static func baseMap(for place: Place, context: PlacesContext) -> PlaceMapModel {
        PlaceMapModel(here: MapMarker(coordinate: context.here, label: "You", kind: .here),
                      place: MapMarker(coordinate: place.coordinate, label: DisplayText.oneLine(place.name),
                                       kind: .place),
                      units: context.units)
    }
}
