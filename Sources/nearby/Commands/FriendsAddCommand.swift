import ArgumentParser
import NearbyCore
import NearbyData

/// `nearby friends add`: adds one friend, located by coordinates or by a town's name.
struct FriendsAddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Add a friend.",
        discussion: "--place names a town in the store (as --near does for the app): the friend is placed there "
            + "and gets a distance. A friend with the same name and phone number as one already in the address "
            + "book is added only with --force.")

    @OptionGroup var source: FriendsSourceOptions

    @Option(name: .customLong("first"), parsing: .unconditional, help: ArgumentHelp("First name.", valueName: "NAME"))
    var firstName: String

    @Option(name: .customLong("last"), parsing: .unconditional,
            help: ArgumentHelp("Last name (optional: a friend may have one name).", valueName: "NAME"))
    var lastName: String = ""

    @Option(name: .customLong("phone"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Phone number (digits, spaces, + - . / ( ), an extension as x12). Give it again for "
                               + "more numbers (at most \(FriendValidation.maxOtherPhones + 1)): the first is the main one.",
                               valueName: "NUMBER"))
    var phoneNumbers: [String]

    @Option(parsing: .unconditional, help: ArgumentHelp("E-mail address.", valueName: "ADDRESS"))
    var email: String?

    @Option(name: .customLong("near"), parsing: .unconditional,
            help: ArgumentHelp("Where the friend is, as LAT,LON (e.g. -33.867,151.207).", valueName: "LAT,LON"))
    var near: String?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Where the friend is, as a town in the store, or any place name.", valueName: "NAME"))
    var place: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("A photo of the friend (.jpg, .png, .webp).", valueName: "FILE"),
            completion: .file(extensions: ["jpg", "jpeg", "png", "webp"]))
    var photo: String?

    @Flag(help: "Add the friend even when the same name and phone number are in the address book already.")
    var force = false

    func validate() throws {
        if let near, Coordinate(parsing: near) == nil {
            throw ValidationError("--near: expected LAT,LON with latitude -90…90 and longitude -180…180, "
                                  + "e.g. 47.141,9.5209, not \(TerminalText.quoted(near)).")
        }
    }

    func run() async throws {
        let friends = try source.open()
        var draft = FriendDraft(firstName: firstName, lastName: lastName, phoneNumber: phoneNumbers.first ?? "",
                                email: email, coordinate: near.flatMap(Coordinate.init(parsing:)), placeName: place,
                                otherPhones: Array(phoneNumbers.dropFirst()))
        if let problem = FriendValidation.problems(in: draft).sorted(by: { $0.key.rawValue < $1.key.rawValue }).first {
            throw CommandFailure.badValue("\(FriendsOutput.optionName(of: problem.key)): \(problem.value).")
        }
        // The photo is read and checked before anything is added, so a bad picture adds no friend.
        let storedPhoto = try photo.map(FriendsPhotoCommand.storedPhoto(from:))
        var note: String?
        if draft.coordinate == nil, let place = place?.trimmingBlanks(), !place.isEmpty {
            let lookup = source.lookUpPlace(place)
            switch lookup {
            case .found(let name, let coordinate):
                draft.coordinate = coordinate
                draft.placeName = name
            case .ambiguous:
                throw CommandFailure((lookup.problem(for: place) ?? "") + " with --near.")
            case .unknown, .misspelt, .unavailable:
                note = "Note: " + (lookup.problem(for: place) ?? "") + " with --near."
            }
        }
        if !force, let same = try await duplicate(of: draft, in: friends) {
            throw CommandFailure("\(TerminalText.safe(same.fullName)) (\(TerminalText.safe(same.phoneNumber))) is in "
                                 + "the address book already, as friend \(same.id); add --force to add another.")
        }
        let friend: Friend
        do throws(FriendsError) {
            friend = try await friends.repository.addFriend(draft)
        } catch {
            throw CommandFailure("Cannot add the friend: \(friends.sentence(error))")
        }
        // The friend is added whatever becomes of the photo (a service older than photos keeps none).
        var photoFailure: String?
        if let storedPhoto {
            do throws(FriendsError) {
                try await friends.repository.setPhoto(storedPhoto, of: friend.id)
            } catch {
                photoFailure = "The photo was left out: \(friends.sentence(error))"
            }
        }
        Console.line("Added friend \(friend.id): \(TerminalText.safe(friend.fullName))"
                     + (friend.coordinate == nil ? "" : " at \(TerminalText.safe(FriendsOutput.location(of: friend)))")
                     + (storedPhoto == nil || photoFailure != nil ? "" : ", with a photo"))
        if let note { Console.errorLine(TerminalText.safe(note)) }
        if let photoFailure { throw CommandFailure(photoFailure) }
    }

    /// A friend with the same name and phone number as `draft`, if the address book has one.
    private func duplicate(of draft: FriendDraft, in friends: FriendsSource) async throws(CommandFailure) -> Friend? {
        do {
            // The filter narrows by phone number first; the comparison is exact.
            let page = try await friends.repository.friendsPage(filter: draft.phoneNumber.trimmingBlanks(), offset: 0,
                                                                  limit: 1_000)
            return page.friends.first { FriendIdentity.same($0, as: draft) }
        } catch {
            throw CommandFailure(friends.sentence(error))
        }
    }
}
