import ArgumentParser

/// `--source` and `--places-url`: where places come from.
struct PlacesSourceOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Where places come from: local, overpass, google or service (default local; also NEARBY_SOURCE).",
                               valueName: "SOURCE"))
    var source: String?

    @Option(name: .customLong("places-url"),
            help: ArgumentHelp("Base URL of the live places service (also NEARBY_PLACES_URL).", valueName: "URL"))
    var placesURL: String?

    var flags: [SettingKey: String] {
        var flags: [SettingKey: String] = [:]
        flags[.source] = source
        flags[.placesURL] = placesURL
        return flags
    }
}

/// `--friends-url` and `--friends-token`: a friends service instead of the local store.
struct FriendsServiceOptions: ParsableArguments {
    @Option(name: .customLong("friends-url"),
            help: ArgumentHelp("Keep friends on this service instead of the local store (also NEARBY_FRIENDS_URL).",
                               valueName: "URL"))
    var friendsURL: String?

    @Option(name: .customLong("friends-token"),
            help: ArgumentHelp("Bearer token for the friends service; NEARBY_FRIENDS_TOKEN keeps it out of the process list.",
                               valueName: "TOKEN"))
    var friendsToken: String?

    var flags: [SettingKey: String] {
        var flags: [SettingKey: String] = [:]
        flags[.friendsURL] = friendsURL
        flags[.friendsToken] = friendsToken
        return flags
    }
}
