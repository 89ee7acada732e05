import ArgumentParser

/// `--source` and `--places-url`: where places come from.
struct PlacesSourceOptions: ParsableArguments {
    @Option(parsing: .unconditional,
            help: ArgumentHelp("Where places come from: local, overpass, google or service (default local; also NEARBY_SOURCE).",
                               valueName: "SOURCE"))
    var source: String?

    @Option(name: .customLong("places-url"), parsing: .unconditional,
            help: ArgumentHelp("Base URL of the live places service (also NEARBY_PLACES_URL).", valueName: "URL"))
    var placesURL: String?

    @Option(name: .customLong("google-api"), parsing: .unconditional,
            help: ArgumentHelp("Which Google service the google source uses: new (Places API (New), the default) or "
                               + "legacy (the older Places web service; also NEARBY_GOOGLE_API).", valueName: "API"))
    var googleAPI: String?

    var flags: [SettingKey: String] {
        var flags: [SettingKey: String] = [:]
        flags[.source] = source
        flags[.placesURL] = placesURL
        flags[.googleAPI] = googleAPI
        return flags
    }
}

/// `--friends-url` and `--friends-token`: a friends service instead of the local store.
struct FriendsServiceOptions: ParsableArguments {
    @Option(name: .customLong("friends-url"), parsing: .unconditional,
            help: ArgumentHelp("Keep friends on this service instead of the local store (also NEARBY_FRIENDS_URL).",
                               valueName: "URL"))
    var friendsURL: String?

    @Option(name: .customLong("friends-token"), parsing: .unconditional,
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
