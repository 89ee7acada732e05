import ArgumentParser
import FoundationEssentials
import NearbyCore
import NearbyData
import NearbyRemote

/// Where the friends commands find the address book: the friends service when one is set (`--friends-url`,
/// NEARBY_FRIENDS_URL or `friends_url` in the config file), exactly as the app chooses, else the local store.
/// So `nearby friends add` and the app never write to two different address books.
struct FriendsSourceOptions: ParsableArguments {
    @OptionGroup var global: GlobalOptions
    @OptionGroup var service: FriendsServiceOptions

    /// Opens the source the settings name.
    /// - Parameter access: `.readOnly` for commands that only read the local store (it is then never written).
    func open(_ access: AppDatabase.Access = .readWrite) throws -> FriendsSource {
        let settings = try AppSettings.load(flags: service.flags)
        var source: FriendsSource
        if let url = settings.friendsURL {
            let remote = RemoteFriendsRepository(baseURL: url, token: settings.friendsToken?.exposedValue)
            source = FriendsSource(repository: remote, local: nil, serviceAddress: RemoteFriendsRepository.address(of: url),
                                   hasToken: settings.friendsToken != nil)
        } else {
            let local = LocalFriendsRepository(database: try global.openStore(access))
            source = FriendsSource(repository: local, local: local, serviceAddress: nil, hasToken: false)
        }
        // A card's photo at an address is fetched where pictures may be fetched at all (docs/pictures.md).
        if settings.source != .local || settings.fetchPictures,
           let commons = settings.commonsURL ?? URL(string: PictureFetcher.defaultCommonsURL) {
            source.photoFetcher = PictureFetcher(commonsURL: commons, cache: nil)
        }
        return source
    }

    /// The town called `name` in the local store (the gazetteer `--near` uses), for a friend's place.
    func lookUpPlace(_ name: String) -> PlaceNameLookup {
        guard let database = try? global.openStore(.readOnly) else {
            return .unavailable("the store could not be opened")
        }
        return StoreGazetteer(store: LocalPlacesStore(database: database)).lookUpNow(name)
    }
}

/// The friends repository a command works on, and how to speak of it.
struct FriendsSource {
    /// The address book, which keeps photos too (the store, or the service: one older than photos says it keeps
    /// none when given one).
    let repository: any FriendsRepository & FriendPhotos
    /// Set when friends live in the local store (vCard import then runs in one transaction).
    let local: LocalFriendsRepository?
    /// Fetches a card's photo at an address, where pictures may be fetched; nil leaves such photos out.
    var photoFetcher: (any PictureFetching)?
    /// "http://127.0.0.1:8080" when friends live on a service.
    let serviceAddress: String?
    /// Whether a token is set (for the wording of a refusal).
    let hasToken: Bool

    /// A friends error in one sentence that says what to do.
    func sentence(_ error: FriendsError) -> String {
        switch error {
        case .unauthorized:
            let service = serviceAddress.map { "The friends service at \($0)" } ?? "The friends service"
            return !hasToken
                ? "\(service) wants a token: set NEARBY_FRIENDS_TOKEN (or friends_token in the config file, or --friends-token)."
                : "\(service) refused the token: check NEARBY_FRIENDS_TOKEN, friends_token in the config file or --friends-token."
        case .notFound:
            return "No such friend."
        case .network(let message):
            return TerminalText.safe(message)
        case .invalid(let field, let reason):
            return "\(FriendsOutput.optionName(of: field)): \(TerminalText.safe(reason))"
        case .storage(let message):
            return TerminalText.safe(message)
        }
    }

    /// Every friend, in list order.
    func allFriends() async throws(CommandFailure) -> [Friend] {
        do {
            return try await repository.listFriends()
        } catch {
            throw CommandFailure(sentence(error))
        }
    }
}
