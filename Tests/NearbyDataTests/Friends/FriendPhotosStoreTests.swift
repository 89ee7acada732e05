import Foundation
import Locking
import NearbyCore
import Pictures
import Testing
import TestSupport
@testable import NearbyData

/// Friends' photos in the store: what a vCard brings is kept as a JPEG at most 512 pixels, what cannot be a
/// photo is named and the friend kept, a photo goes with its friend, and an export carries it back.
struct FriendPhotosStoreTests {
    func makeRepository() throws -> LocalFriendsRepository {
        LocalFriendsRepository(database: try AppDatabase.inMemory(), now: { Date(timeIntervalSince1970: 1_763_700_000) })
    }

    static func card(_ name: String, phone: String, photo: [UInt8]?) -> String {
        var text = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:\(name) Test\r\nN:Test;\(name);;;\r\nTEL:\(phone)\r\n"
        if let photo { text += "PHOTO;ENCODING=b;TYPE=PNG:" + Data(photo).base64EncodedString() + "\r\n" }
        return text + "END:VCARD\r\n"
    }

    static let largePNG = TestPictures.png(width: 1200, height: 900, rgba: TestPictures.pattern(width: 1200, height: 900))
    static let smallPNG = TestPictures.png(width: 8, height: 8, rgba: TestPictures.pattern(width: 8, height: 8))

    @Test func aCardsPhotoIsKeptScaledAndAPictureThatIsNoneIsNamed() async throws {
        let repository = try makeRepository()
        let file = Self.card("Anna", phone: "+423 555 0101", photo: Self.largePNG)
            + Self.card("Gif", phone: "+423 555 0102", photo: TestPictures.gifHeader)
            + Self.card("Huge", phone: "+423 555 0103", photo: TestPictures.pngClaiming(width: 30_000, height: 30_000))
            + Self.card("Plain", phone: "+423 555 0104", photo: nil)
        let summary = try await repository.importVCard(Data(file.utf8))
        #expect(summary.imported == 4)
        #expect(summary.photos == 1)
        #expect(summary.warnings.map(\.reason) == ["photo left out: GIF pictures are not shown",
                                                   "photo left out: too large (30000 × 30000 pixels)"])
        let friends = try await repository.listFriends()
        let anna = try #require(friends.first { $0.firstName == "Anna" })
        let stored = try #require(try await repository.photo(of: anna.id))
        let picture = try PictureCodec.decode(stored)
        #expect(PictureCodec.formatName(of: stored) == "JPEG")
        #expect(picture.width == 512 && picture.height == 384)
        for friend in friends where friend.firstName != "Anna" {
            #expect(try await repository.photo(of: friend.id) == nil)
        }
    }

    @Test func aPhotoGoesWithItsFriend() async throws {
        let repository = try makeRepository()
        _ = try await repository.importVCard(Data(Self.card("Anna", phone: "+423 555 0101", photo: Self.largePNG).utf8))
        let anna = try #require(try await repository.listFriends().first)
        #expect(try await repository.photo(of: anna.id) != nil)
        try await repository.deleteFriend(id: anna.id)
        #expect(try await repository.allPhotos().isEmpty)
        // A friend added later under a new id never gets the old photo.
        let bob = try await repository.addFriend(FriendDraft(firstName: "Bob", lastName: "", phoneNumber: "+423 555 0109"))
        #expect(try await repository.photo(of: bob.id) == nil)
    }

    @Test func setPhotoGivesAndTakesAwayAndRefusesAFriendWhoIsNotThere() async throws {
        let repository = try makeRepository()
        let bob = try await repository.addFriend(FriendDraft(firstName: "Bob", lastName: "", phoneNumber: "+423 555 0109"))
        try await repository.setPhoto([0xFF, 0xD8, 0xFF, 0], of: bob.id)
        #expect(try await repository.photo(of: bob.id) == [0xFF, 0xD8, 0xFF, 0])
        try await repository.setPhoto(nil, of: bob.id)
        #expect(try await repository.photo(of: bob.id) == nil)
        await #expect(throws: FriendsError.notFound) { try await repository.setPhoto([1], of: bob.id + 100) }
    }

    @Test func anExportCarriesThePhotoAndImportingItKeepsTheSameBytes() async throws {
        let first = try makeRepository()
        _ = try await first.importVCard(Data(Self.card("Anna", phone: "+423 555 0101", photo: Self.largePNG).utf8))
        let friends = try await first.listFriends()
        let photos = try await first.allPhotos()
        let exported = VCardWriter.write(friends) { photos[$0] }
        let second = try makeRepository()
        let summary = try await second.importVCard(Data(exported.utf8))
        #expect(summary.imported == 1 && summary.photos == 1)
        let anna = try #require(try await second.listFriends().first)
        // The same picture comes back, encoded anew (as every photo that comes in is).
        let again = try PictureCodec.decode(try #require(try await second.photo(of: anna.id)))
        let original = try PictureCodec.decode(try #require(photos.values.first))
        #expect(again.width == original.width && again.height == original.height)
    }
}

/// A fetcher with one picture per address; what it was asked.
final class AddressPictures: PictureFetching {
    let pictures: [String: [UInt8]]
    let asked = Locked<[String]>([])

    init(_ pictures: [String: [UInt8]]) { self.pictures = pictures }

    func bytes(of picture: RemotePicture, width: Int) async throws(PictureFetchFailure) -> [UInt8] {
        asked.withLock { $0.append(picture.stored) }
        guard let bytes = pictures[picture.stored] else { throw .status(404) }
        return bytes
    }
}

/// A card's photo at an address is fetched once, at import, where fetching is allowed, and kept like an
/// embedded one; where it is not, the card's friend comes without it and the warning says how to allow it.
struct FriendPhotoLinkTests {
    static func card(_ name: String, photo: String) -> String {
        "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:\(name) Link\r\nN:Link;\(name);;;\r\nTEL:+423 555 0199\r\n"
            + "PHOTO:\(photo)\r\nEND:VCARD\r\n"
    }

    @Test func aLinkedPhotoIsFetchedOnceAndKept() async throws {
        let repository = LocalFriendsRepository(database: try AppDatabase.inMemory())
        let fetcher = AddressPictures(["https://example.com/anna.png": FriendPhotosStoreTests.largePNG])
        let file = Self.card("Anna", photo: "https://example.com/anna.png")
            + Self.card("Gone", photo: "https://example.com/gone.png")
        let summary = try await repository.importVCard(Data(file.utf8), photoFetcher: fetcher)
        #expect(summary.imported == 2 && summary.photos == 1)
        #expect(summary.warnings.map(\.reason) == ["photo left out: the picture's server has no such picture"])
        #expect(fetcher.asked.withLock { $0 } == ["https://example.com/anna.png", "https://example.com/gone.png"])
        let anna = try #require(try await repository.listFriends().first { $0.firstName == "Anna" })
        let stored = try #require(try await repository.photo(of: anna.id))
        #expect(try PictureCodec.decode(stored).width == 512)
    }

    @Test func onlyHTTPSAndAtMostAHundredLinksAreFetched() async throws {
        let repository = LocalFriendsRepository(database: try AppDatabase.inMemory())
        var pictures: [String: [UInt8]] = [:]
        var file = Self.card("Plain", photo: "http://example.com/plain.png")
        for index in 0..<101 {
            let address = "https://example.com/\(index).png"
            pictures[address] = FriendPhotosStoreTests.smallPNG
            file += Self.card("N\(index)", photo: address).replacing("+423 555 0199", with: "+423 555 \(1000 + index)")
        }
        let fetcher = AddressPictures(pictures)
        let summary = try await repository.importVCard(Data(file.utf8), photoFetcher: fetcher)
        #expect(summary.imported == 102 && summary.photos == 100)
        #expect(summary.warnings.map(\.reason) == ["photo left out: only https addresses are fetched",
                                                   "photo left out: at most 100 photos at addresses are fetched in one import"])
        #expect(fetcher.asked.withLock { $0 }.count == 100)
    }

    @Test func withoutFetchingALinkedPhotoIsLeftOutAndTheWarningSaysHowToAllowIt() async throws {
        let repository = LocalFriendsRepository(database: try AppDatabase.inMemory())
        let summary = try await repository.importVCard(Data(Self.card("Anna", photo: "https://example.com/a.png").utf8))
        #expect(summary.imported == 1 && summary.photos == 0)
        #expect(summary.warnings.map(\.reason)
                == ["photo left out: photos at an address are fetched only with fetch_pictures = \"yes\""])
    }
}
