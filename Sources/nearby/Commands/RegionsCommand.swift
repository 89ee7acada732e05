import ArgumentParser
import FoundationEssentials
import NearbyData

/// `nearby regions [TEXT]`: the regions a download index offers, found by name with their parents, so a user
/// can pick the extract to import without searching a download site by hand.
struct RegionsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "regions",
        abstract: "List the regions of the download index whose name holds TEXT, with their parents.",
        discussion: """
            The index is Geofabrik's (index-v1 format) unless --regions-url, NEARBY_REGIONS_URL or regions_url \
            in the config file names another. It is kept in the data folder and fetched again after a day; when \
            the site cannot be reached the copy kept is used, and the command says so. Accents and case do not \
            matter ("zurich" finds "Zürich"). Each row: the region's id (what a download names), its place in \
            the tree ("Europe › Switzerland") and whether the index offers daily updates for it.
            """)

    @OptionGroup var global: GlobalOptions

    @Argument(help: "Words of the region's name (none: every region).")
    var text: [String] = []

    @Option(name: .customLong("regions-url"), parsing: .unconditional,
            help: ArgumentHelp("The download index to read (also NEARBY_REGIONS_URL, regions_url).", valueName: "URL"))
    var regionsURL: String?

    @Flag(help: "Print a JSON array instead of rows.")
    var json = false

    func run() async throws {
        var flags: [SettingKey: String] = [:]
        flags[.regionsURL] = regionsURL
        let settings = try AppSettings.load(flags: flags)
        let address = settings.regionsURL ?? URL(string: RegionIndexSource.defaultURL)
        guard let address else { throw CommandFailure("The default regions index address is not valid.") }
        let source = RegionIndexSource(url: address, folder: global.directory)
        let loaded: RegionIndexSource.Loaded
        do {
            loaded = try await source.load()
        } catch {
            throw CommandFailure(error.message)
        }
        if let why = loaded.staleBecause {
            Console.errorLine("Using the regions index kept from before: \(TerminalText.safe(why))")
        }
        let index = loaded.index
        let found = index.search(text.joined(separator: " "))
        if json {
            Console.write(JSONOutput.array(found.map { region in
                .object([("id", .string(region.id)), ("name", .string(region.name)),
                         ("parent", region.parent.map(JSONOutput.string) ?? .null),
                         ("path", .array(index.path(of: region).map(JSONOutput.string))),
                         ("pbf_url", region.pbfURL.map(JSONOutput.string) ?? .null),
                         ("updates_url", region.updatesURL.map(JSONOutput.string) ?? .null)])
            }).rendered())
            return
        }
        guard !found.isEmpty else {
            let words = text.joined(separator: " ")
            throw CommandFailure("No region of the index is called \(TerminalText.quoted(words)).")
        }
        let ids = found.map { TerminalText.safe($0.id) }
        let idWidth = min(40, ids.map(\.count).max() ?? 0)
        Console.write(zip(found, ids).map { region, id in
            let path = index.path(of: region).map(TerminalText.safe).joined(separator: " › ")
            let updates = region.updatesURL == nil ? "" : "  (daily updates)"
            let padded = id + String(repeating: " ", count: max(0, idWidth - id.count))
            return padded + "  " + path + (region.pbfURL == nil ? "  (no extract)" : updates)
        }.joined(separator: "\n") + "\n")
    }
}
