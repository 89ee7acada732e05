import ArgumentParser
import FoundationEssentials
import NearbyCore
import NearbyData
import OSMFormats
import TerminalView
import TerminalText

/// `nearby extracts`: what the store holds, one extract a row; `nearby extracts remove NAME` takes one out.
struct ExtractsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "extracts",
        abstract: "List the extracts imported into the store, or remove one.",
        subcommands: [ExtractsListCommand.self, ExtractsRemoveCommand.self],
        defaultSubcommand: ExtractsListCommand.self
    )
}

/// `nearby extracts [list]`.
struct ExtractsListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the imported extracts: name, where it came from, the data's date, extent, places, "
            + "walkable ways and bytes in the store.")

    @OptionGroup var global: GlobalOptions

    @Flag(help: "Print a JSON array instead of rows.")
    var json = false

    func run() throws {
        let store = LocalPlacesStore(database: try global.openStore(.readOnly))
        let extracts: [StoredExtract]
        do throws(PlacesError) {
            extracts = try store.extracts()
        } catch {
            throw CommandFailure(error.explanation)
        }
        if json {
            Console.write(JSONOutput.array(extracts.map(Self.json)).rendered())
            return
        }
        guard !extracts.isEmpty else {
            Console.line("No extracts imported yet: `nearby import FILE` adds one.")
            return
        }
        var rows = [["Name", "Data from", "Places", "Walkable ways", "Size", "Extent", "Source"]]
        for extract in extracts {
            rows.append([TerminalText.safe(extract.name), Self.day(extract.dataTime ?? extract.importedAt),
                         NumberText.grouped(extract.places), NumberText.grouped(extract.walkableWays),
                         Self.size(extract.bytes), extract.extent.map(Self.extentText) ?? "–",
                         TerminalText.safe(extract.origin)])
        }
        Console.write(TextTable.render(rows, alignments: [.left, .left, .right, .right, .right, .left, .left],
                                       maximumWidths: [32, nil, nil, nil, nil, nil, 60]))
    }

    static func json(_ extract: StoredExtract) -> JSONOutput {
        var fields: [(String, JSONOutput)] = [
            ("name", .string(extract.name)), ("key", .string(extract.key)), ("file", .string(extract.fileName)),
            ("source", .string(extract.origin)),
        ]
        fields.append(("data_time", extract.dataTime.map { .string(CivilDate.iso8601UTC($0)) } ?? .null))
        fields.append(("imported_at", extract.importedAt.map { .string(CivilDate.iso8601UTC($0)) } ?? .null))
        fields.append(("replication_url", extract.replicationURL.map(JSONOutput.string) ?? .null))
        fields.append(("replication_sequence", extract.replicationSequence.map { .int(Int($0)) } ?? .null))
        if let extent = extract.extent {
            fields.append(("extent", .object([
                ("min_lat", .number(extent.minLatitude)), ("min_lon", .number(extent.minLongitude)),
                ("max_lat", .number(extent.maxLatitude)), ("max_lon", .number(extent.maxLongitude)),
            ])))
        } else {
            fields.append(("extent", .null))
        }
        fields += [("places", .int(extract.places)), ("walkable_ways", .int(extract.walkableWays)),
                   ("bytes", .int(extract.bytes))]
        return .object(fields)
    }

    static func day(_ date: Date?) -> String {
        guard let date else { return "–" }
        return String(CivilDate.iso8601UTC(date).prefix(10))
    }

    static func size(_ bytes: Int) -> String {
        bytes >= 1_000_000 ? NumberText.fixed(Double(bytes) / 1e6, digits: 1) + " MB"
            : NumberText.grouped((bytes + 999) / 1000) + " KB"
    }

    static func extentText(_ extent: OSMExtractHeader.Bounds) -> String {
        func degrees(_ value: Double) -> String { NumberText.fixed(value, digits: 3) }
        return "\(degrees(extent.minLatitude)),\(degrees(extent.minLongitude)) – "
            + "\(degrees(extent.maxLatitude)),\(degrees(extent.maxLongitude))"
    }
}

/// `nearby extracts remove NAME`.
struct ExtractsRemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Remove one extract's places, towns and walking network (favourites stay, as no longer in "
            + "the data).")

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The extract's name, as `nearby extracts` lists it.")
    var name: String

    func run() throws {
        let store = LocalPlacesStore(database: try global.openStore())
        do throws(ExtractRemovalError) {
            let removed = try store.removeExtract(named: name)
            Console.line("Removed \(TerminalText.safe(removed.name)): "
                         + "\(NumberText.grouped(removed.places)) places and "
                         + "\(NumberText.grouped(removed.walkableWays)) walkable ways.")
        } catch .notFound(let text) {
            throw CommandFailure("No extract called \(TerminalText.quoted(text)) (see nearby extracts).")
        } catch .ambiguous(let text, let found) {
            throw CommandFailure("\(TerminalText.quoted(text)) names \(found.count) extracts: "
                                 + found.map { TerminalText.safe($0.key) }.joined(separator: ", ")
                                 + "; give the whole name or key.")
        } catch .storage(let error) {
            throw CommandFailure(error.explanation)
        }
    }
}
