import ArgumentParser

/// `nearby friends`: the address book from the command line.
struct FriendsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "friends",
        abstract: "List, add, remove, import and export friends, and give them photos.",
        subcommands: [
            FriendsListCommand.self, FriendsAddCommand.self, FriendsRemoveCommand.self, FriendsPhotoCommand.self,
            FriendsImportCommand.self, FriendsExportCommand.self,
        ],
        defaultSubcommand: FriendsListCommand.self
    )
}
