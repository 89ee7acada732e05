import Foundation
import Testing
import TestSupport

/// The bounds the importer and the vCard reader promise, checked on the built binary with `prlimit`: no file
/// makes `nearby import` use more than 256 MB of memory (the peak resident size the kernel reports) or more
/// than ten times the CPU time a real file of the same size takes; a vCard file costs what its bytes cost.
///
/// An address-space limit only stops a runaway: it is not the check, since glibc reserves 64 MB of address
/// space for each thread's malloc arena, so a 256 MB address-space limit fails a run that uses 40 MB
/// whenever enough threads allocate at once.
///
/// CPU time, not wall time: it holds on a busy machine. Skipped under sanitizers, whose shadow memory an
/// address-space limit cannot hold and whose instrumentation changes every cost.
@Suite(.enabled(if: ChildProcess.which("prlimit") != nil, "prlimit (util-linux) is not installed"),
       .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/time"), "GNU time is not installed"),
       .enabled(if: SanitizerBuild.name == nil, "resource bounds are measured on a build without sanitizers"))
struct ResourceLimitsTests {
    static let memoryLimit = 256 << 20
    /// Address space past which a run is stopped, far above anything the limits allow.
    static let addressSpaceStop = 4 << 30

    /// How a limited run ended and what it used.
    struct Run {
        var exit: ChildProcess.Exit
        var cpuSeconds: Double
        var peakResidentBytes: Int
        var output: String
    }

    /// `nearby ARGUMENTS` under an address-space limit and a CPU limit (stops, not the checks), measured by GNU
    /// time: a process posix_spawn starts reports its parent's peak memory as its own (the kernel notes the
    /// memory it shared until exec), while time forks, so what it reports is nearby's alone.
    private func limited(_ arguments: [String], cpuSeconds: Int, in folder: TemporaryFolder) async throws -> Run {
        let stats = folder.appending("time-\(UUID().uuidString.prefix(8)).txt").path
        let result = try await Command.run("/usr/bin/time", ["-o", stats, "-f", "%M %U %S %x", "prlimit",
                                                             "--as=\(Self.addressSpaceStop)", "--cpu=\(cpuSeconds)", "--core=0",
                                                             "--", Binaries.nearby] + arguments,
                                           timeout: .seconds(600))
        let text = try String(contentsOfFile: stats, encoding: .utf8)
        let figures = text.split(separator: "\n").last?.split(separator: " ") ?? []
        guard figures.count == 4, let kilobytes = Int(figures[0]), let user = Double(figures[1]),
              let system = Double(figures[2]), let status = Int32(figures[3]) else {
            throw ChildProcessError.failed("time", text)
        }
        var exit = ChildProcess.Exit.exited(status)
        if let range = text.range(of: "terminated by signal ") {
            exit = .signalled(Int32(text[range.upperBound...].prefix { $0.isNumber }) ?? 0)
        }
        return Run(exit: exit, cpuSeconds: user + system, peakResidentBytes: kilobytes * 1024, output: result.output)
    }

    /// CPU time to import the file at `path` into a fresh store, without limits.
    private func importCPU(_ path: String, in folder: TemporaryFolder) async throws -> Double {
        let result = try await Command.run(Binaries.nearby, ["import", "--data-dir",
                                                             folder.appending("real-\(UUID().uuidString.prefix(8))").path, path],
                                           timeout: .seconds(600))
        #expect(result.exit == .exited(0), "\(result.output)")
        return try #require(result.usage).cpuSeconds
    }

    /// What a real extract of `size` bytes, in the hostile file's format, takes to import: a prefix of the real
    /// PBF cut between blocks; for gzipped XML, the first blocks of the real extract as XML (about 8 MB, as
    /// much as a debug build reads in a few seconds), its cost above a near-empty file's scaled to the size.
    private func realCPU(size: Int, gzippedXML: Bool, in folder: TemporaryFolder) async throws -> Double {
        let pbf = try Array(Data(contentsOf: try #require(SharedData.liechtenstein)))
        if !gzippedXML {
            let sameSize = RealExtractPrefix.bytes(of: pbf, atLeast: size)
            let file = folder.appending("real.osm.pbf")
            try Data(sameSize).write(to: file)
            let cpu = try await importCPU(file.path, in: folder)
            return sameSize.count >= size ? cpu : cpu * Double(size) / Double(sameSize.count)
        }
        let xml = await Blocking.run { RealExtractXML.gzipped(fromPBF: pbf, maxBytes: 8 << 20) }
        let file = folder.appending("real.osm.gz")
        try Data(xml).write(to: file)
        let empty = folder.appending("empty.osm.gz")
        try Data(TestCompression.gzip(Array("<osm version=\"0.6\"></osm>".utf8))).write(to: empty)
        let whole = try await importCPU(file.path, in: folder)
        let start = try await importCPU(empty.path, in: folder)
        return start + max(0, whole - start) * Double(size) / Double(xml.count)
    }

    /// Imports the hostile file under the limits, and compares it with a real extract of the same size.
    private func expectBounded(_ hostile: [UInt8], name: String, accepted: Bool,
                               sourceLocation: SourceLocation = #_sourceLocation) async throws -> String {
        let folder = try TemporaryFolder("nearby-limits")
        let file = folder.appending(name)
        try Data(hostile).write(to: file)
        let real = try await realCPU(size: hostile.count, gzippedXML: name.hasSuffix(".gz"), in: folder)
        let bound = 10 * real

        let run = try await limited(["import", "--data-dir", folder.appending("data").path, file.path],
                                    cpuSeconds: Int(bound.rounded(.up)) + 5, in: folder)
        let peak = Double(run.peakResidentBytes) / Double(1 << 20)
        let summary = "\(name) (\(hostile.count) bytes): \(run.exit), \(String(format: "%.2f", run.cpuSeconds)) s CPU "
            + "(a real file of that size: \(String(format: "%.2f", real)) s), \(String(format: "%.1f", peak)) MB peak"
        #expect(run.exit == .exited(accepted ? 0 : 1), "\(summary)\n\(run.output)", sourceLocation: sourceLocation)
        #expect(run.peakResidentBytes <= Self.memoryLimit, "\(summary)", sourceLocation: sourceLocation)
        #expect(run.cpuSeconds <= bound, "\(summary)", sourceLocation: sourceLocation)
        print(summary)
        return run.output
    }

    @Test(.enabled(if: SharedData.liechtenstein != nil, Comment(rawValue: SharedData.absentMessage)),
          arguments: [1, 8])
    func aBlockClaimingThirtyMillionNodeReferencesIsRefused(blocks: Int) async throws {
        let output = try await expectBounded(HostileExtracts.longWays(references: 30_000_000, blocks: blocks),
                                             name: "ways-30m-x\(blocks).osm.pbf", accepted: false)
        #expect(output.contains("more than 16 times its size"))
    }

    @Test(.computeBound, .enabled(if: SharedData.liechtenstein != nil, Comment(rawValue: SharedData.absentMessage)))
    func theMostNodeReferencesABlockCanHoldStayWithinTheBounds() async throws {
        let output = try await expectBounded(HostileExtracts.manyAreas(waysPerBlock: 15_000, blocks: 2),
                                             name: "many-areas.osm.pbf", accepted: true)
        #expect(output.contains("areas: the areas before them needed as many nodes"))
    }

    @Test(.computeBound, .enabled(if: SharedData.liechtenstein != nil, Comment(rawValue: SharedData.absentMessage)))
    func fortyMillionNestedElementsStopAtTheDepthLimit() async throws {
        let output = try await expectBounded(HostileExtracts.deepXML(levels: 40_000_000), name: "deep40m.osm.gz",
                                             accepted: false)
        #expect(output.contains("elements nest more than 256 deep"))
    }

    @Test(.computeBound, .enabled(if: SharedData.liechtenstein != nil, Comment(rawValue: SharedData.absentMessage)))
    func sixtyMillionNodesInOneWayStopAtTheInflationLimit() async throws {
        let output = try await expectBounded(HostileExtracts.longWayXML(references: 60_000_000), name: "nd60m.osm.gz",
                                             accepted: false)
        #expect(output.contains("inflates to more than 50 times its size"))
    }

    // MARK: - vCard

    /// A vCard file of about `size` bytes of ordinary cards.
    private static func ordinaryCards(size: Int) -> String {
        var text = ""
        var index = 0
        while text.utf8.count < size {
            text += "BEGIN:VCARD\r\nVERSION:3.0\r\nN:Beck;Anna\(index)\r\nTEL:+423 555 \(index % 10_000)\r\nEND:VCARD\r\n"
            index += 1
        }
        return text
    }

    /// Imports `hostile` under the limits; it must cost at most ten times an ordinary file of its size.
    private func expectLinear(_ hostile: String, name: String, sourceLocation: SourceLocation = #_sourceLocation)
        async throws {
        let folder = try TemporaryFolder("nearby-limits")
        let ordinary = folder.appending("ordinary.vcf")
        try Data(Self.ordinaryCards(size: hostile.utf8.count).utf8).write(to: ordinary)
        let baseline = try await Command.run(Binaries.nearby, ["friends", "import", "--data-dir",
                                                               folder.appending("ordinary").path, ordinary.path],
                                             timeout: .seconds(600))
        let bound = 10 * (try #require(baseline.usage).cpuSeconds)

        let file = folder.appending(name)
        try Data(hostile.utf8).write(to: file)
        let run = try await limited(["friends", "import", "--data-dir", folder.appending("data").path, file.path],
                                    cpuSeconds: Int(bound.rounded(.up)) + 5, in: folder)
        let summary = "\(name) (\(hostile.utf8.count) bytes): \(run.exit), \(String(format: "%.2f", run.cpuSeconds)) s CPU "
            + "(ordinary cards of that size: \(String(format: "%.2f", bound / 10)) s), "
            + "\(String(format: "%.1f", Double(run.peakResidentBytes) / Double(1 << 20))) MB peak"
        #expect(run.exit == .exited(0), "\(summary)\n\(run.output)", sourceLocation: sourceLocation)
        #expect(run.cpuSeconds <= bound, "\(summary)", sourceLocation: sourceLocation)
        #expect(run.peakResidentBytes <= Self.memoryLimit, "\(summary)", sourceLocation: sourceLocation)
        print(summary)
    }

    /// The report's chain of quoted-printable soft breaks (400 KB: 27 s before the fix).
    @Test func aChainOfSoftBreaksCostsWhatItsBytesCost() async throws {
        let chain = "BEGIN:VCARD\r\nVERSION:2.1\r\nN:Doe;John\r\nTEL:123456\r\nNOTE;ENCODING=QUOTED-PRINTABLE:=\r\n"
            + String(repeating: "x=\r\n", count: 100_000) + "x\r\nEND:VCARD\r\n"
        try await expectLinear(chain, name: "soft-breaks.vcf")
    }

    /// Soft breaks after a property whose parameters run for 200 KB before the colon.
    @Test func softBreaksAfterLongParametersDoNotRescanThem() async throws {
        let parameters = String(repeating: ";X-PAD=padding", count: 14_000)
        let card = "BEGIN:VCARD\r\nVERSION:2.1\r\nN:Doe;John\r\nTEL:123456\r\nNOTE\(parameters);ENCODING=QUOTED-PRINTABLE:=\r\n"
            + String(repeating: "x=\r\n", count: 1_000) + "x\r\nEND:VCARD\r\n"
        try await expectLinear(card, name: "long-parameters.vcf")
    }
}
