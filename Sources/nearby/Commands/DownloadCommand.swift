import ArgumentParser
import FoundationEssentials
import NearbyCore
import NearbyData

/// `nearby download NAME`: a region of the download index fetched into the data folder, checked and imported.
struct DownloadCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "download",
        abstract: "Download a region of the index (see `nearby regions`), check it, and import it.",
        discussion: """
            NAME is a region's id or name, as `nearby regions` lists them. The extract is streamed into the \
            data folder's downloads/ with a progress bar, checked against the MD5 the site publishes beside it, \
            imported, and kept there for `nearby update`, which reads it again with the changes published since \
            (--no-keep, or keep_downloads = "no" in the config file, deletes it after the import). A download \
            that is interrupted resumes where it stopped when the command runs again, unless the file changed on \
            the server meanwhile. One download runs at a time; the site's Retry-After is honoured.
            """)

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The region's id or name.")
    var name: [String]

    @Option(name: .customLong("regions-url"), parsing: .unconditional,
            help: ArgumentHelp("The download index to read (also NEARBY_REGIONS_URL, regions_url).", valueName: "URL"))
    var regionsURL: String?

    @Flag(help: "Keep the downloaded file after the import, for `nearby update` (the default unless keep_downloads = \"no\").")
    var keep = false

    @Flag(name: .customLong("no-keep"), help: "Delete the downloaded file after the import.")
    var noKeep = false

    func validate() throws {
        if keep && noKeep { throw ValidationError("--keep and --no-keep contradict each other; give one.") }
    }

    func run() async throws {
        var flags: [SettingKey: String] = [:]
        flags[.regionsURL] = regionsURL
        let settings = try AppSettings.load(flags: flags)
        guard let address = settings.regionsURL ?? URL(string: RegionIndexSource.defaultURL) else {
            throw CommandFailure("The default regions index address is not valid.")
        }
        let loaded: RegionIndexSource.Loaded
        do {
            loaded = try await RegionIndexSource(url: address, folder: global.directory).load()
        } catch {
            throw CommandFailure(error.message)
        }
        let region = try pick(from: loaded.index)
        guard let pbf = region.pbfURL, let url = URL(string: pbf) else {
            throw CommandFailure("The index offers no extract of \(TerminalText.safe(region.name)).")
        }
        let download = RegionDownload(url: url, md5URL: URL(string: pbf + ".md5"),
                                      folder: global.directory.appendingPathComponent("downloads"))
        let line = DownloadProgressLine(name: TerminalText.safe(download.fileName))
        let file: URL
        do {
            file = try await download.run(progress: line.update)
        } catch {
            line.finish()
            throw CommandFailure(error.message)
        }
        line.finish()
        Console.errorLine("Downloaded \(TerminalText.safe(download.fileName)); its MD5 matches the site's.")
        let importer = try ImportCommand.parse(["--data-dir", global.directory.path, file.path])
        try importer.run()
        if keep || (!noKeep && settings.keepDownloads) {
            Console.line("The extract is kept at \(TerminalText.safe(file.path)).")
        } else {
            try? FileManager.default.removeItem(at: file)
        }
    }

    /// The region NAME means: an id, else an exact name, else the one region whose name holds the words; when
    /// several do, they are listed and nothing is downloaded.
    private func pick(from index: RegionIndex) throws -> RegionEntry {
        let text = name.joined(separator: " ")
        if let region = index.region(id: text) { return region }
        let found = index.search(text)
        let folded = SearchFolding.fold(text)
        if let exact = found.first(where: { SearchFolding.fold($0.name) == folded }) { return exact }
        if found.count == 1, let only = found.first { return only }
        guard !found.isEmpty else {
            throw CommandFailure.badValue("No region of the index is called \(TerminalText.quoted(text)); "
                                          + "`nearby regions` lists them.")
        }
        let choices = found.prefix(8).map { "\(TerminalText.safe($0.id)) (\(index.path(of: $0).map(TerminalText.safe).joined(separator: " › ")))" }
        throw CommandFailure.badValue("\(TerminalText.quoted(text)) could mean: \(choices.joined(separator: ", "))"
                                      + (found.count > 8 ? ", …" : "") + ". Name one by its id.")
    }
}
