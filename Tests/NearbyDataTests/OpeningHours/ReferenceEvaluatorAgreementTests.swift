import Foundation
import NearbyCore
import TestSupport
import Testing
@testable import NearbyData
@testable import OSMFormats

/// Every `opening_hours` text of the Liechtenstein extract, evaluated here and by the reference evaluator
/// (the `opening_hours` Rust crate, through the PyPI package `opening-hours-py`) at many instants.
/// Only one extract is on this machine; the test reads it from `../shared/data/osm/` at run time.
@Suite("Opening hours: agreement with the reference evaluator",
       .enabled(if: ReferenceEvaluator.extract != nil, "the Liechtenstein extract is not in ../shared/data/osm"),
       .enabled(if: ReferenceEvaluator.isAvailable,
                "python3 with opening-hours-py is missing (pip install opening-hours-py); agreement not checked"))
struct ReferenceEvaluatorAgreementTests {
    /// Texts we read as people mean them where the reference reads them strictly; docs/opening-hours.md
    /// lists the same texts and why.
    static let meantReadings: [String: String] = [
        "Fr 14:00-20:00; Sa, Su 14:00-18:00": "\"Sa, Su\" lists two days; strictly, Saturday is open all day",
        "Mo-Sa 11:30-14:00,19:00-22:00; Su, PH off": "\"Su, PH off\" closes both; strictly, Sunday is open all day",
        "Mo-Tu closed; We 11:00-18:00; Th 11:00-18:00; Fr-Sa 11:00+ \"Closes after evening service\"; Su 11:00-18:00":
            "an open end is unknown, not open until midnight",
        "Tu-Th,Su 10:30-22:30; Fr-Sa 10:30-24:00; ": "a trailing separator says nothing more; the reference refuses the text",
        "Tu-Th 11:00-23:00; Fr 11:00-01:00; Sa 13:00-01:00":
            "Friday night runs on to 01:00; strictly, the Saturday rule ends it at midnight",
    ]

    @Test func agreesOnTheExtractsStrings() async throws {
        let extract = try #require(ReferenceEvaluator.extract)
        let counted = try ExtractHours.strings(in: extract.path)
        try #require(counted.count > 100, "the extract holds fewer opening_hours texts than expected")
        let texts = counted.keys.sorted()
        let zone = try ZoneRules.named("Europe/Vaduz")
        let instants = ReferenceEvaluator.instants(zone: zone)
        let reference = try await ReferenceEvaluator.states(of: texts, at: instants)

        let context = HoursContext(zone: zone, position: Coordinate(latitude: 47.141, longitude: 9.5209),
                                   holidays: HolidayCalendar.builtIn(country: "LI"))
        var agreeing: [String] = [], differing: [String: String] = [:]
        for (index, text) in texts.enumerated() {
            let hours = OpeningHours(osm: text)
            let ours = instants.map { instant -> Character in
                guard hours.isReadable else { return "X" }
                switch hours.evaluate(at: instant, in: context).state {
                case .open: return "o"
                case .closed: return "c"
                case .unknown: return "u"
                }
            }
            let theirs = Array(reference[index])
            if ours == theirs {
                agreeing.append(text)
            } else if let first = zip(ours, theirs).enumerated().first(where: { $0.element.0 != $0.element.1 }) {
                differing[text] = "at \(instants[first.offset]): ours \(first.element.0), reference \(first.element.1)"
            }
        }
        let objects = counted.values.reduce(0, +)
        let agreeingObjects = agreeing.map { counted[$0] ?? 0 }.reduce(0, +)
        let meant = Set(Self.meantReadings.keys)
        let comparable = texts.filter { !meant.contains($0) }
        let comparableObjects = comparable.map { counted[$0] ?? 0 }.reduce(0, +)
        let figures = """
            \(texts.count) texts on \(objects) objects, \(instants.count) instants each: \
            \(agreeing.count) texts (\(percent(agreeing.count, texts.count))) and \(agreeingObjects) objects \
            (\(percent(agreeingObjects, objects))) agree in full; without the \(meant.count) texts read as meant, \
            \(percent(agreeing.count, comparable.count)) of texts and \(percent(agreeingObjects, comparableObjects)) \
            of objects
            """
        print("Reference agreement: " + figures)
        for (text, where_) in differing.sorted(by: { $0.key < $1.key }) where !meant.contains(text) {
            Issue.record("differs from the reference: \(text) \(where_)")
        }
        // Each reading we keep on purpose still differs; otherwise it no longer needs a place in the docs.
        for text in meant where counted[text] != nil {
            #expect(differing[text] != nil, "reads like the reference now: \(text)")
        }
        #expect(Double(agreeingObjects) / Double(comparableObjects) >= 0.995, "\(figures)")
        #expect(Double(agreeing.count) / Double(comparable.count) >= 0.995, "\(figures)")
    }

    private func percent(_ part: Int, _ whole: Int) -> String {
        whole == 0 ? "–" : String(format: "%.1f %%", Double(part) * 100 / Double(whole))
    }
}

/// Reads the `opening_hours` texts of an extract with the importer's own PBF reader.
final class ExtractHours: OSMElementVisitor {
    private(set) var texts: [String: Int] = [:]

    static func strings(in path: String) throws -> [String: Int] {
        let visitor = ExtractHours()
        let file = try FileByteSource(path: path)
        try PBFReader(file: file).read(into: visitor)
        return visitor.texts
    }

    var relevantKeys: Set<String> { ["opening_hours"] }
    var wantsTaggedNodes: Bool { true }
    var wantsAllNodeCoordinates: Bool { false }
    var wantsWays: Bool { true }
    var isFinished: Bool { false }

    func taggedNode(_ node: OSMNode) throws { note(node.tags) }
    func nodeCoordinate(id: Int64, latitude: Double, longitude: Double) {}
    func way(_ way: OSMWay) throws { note(way.tags) }
    func interest(inWay id: Int64) -> OSMWayInterest { .tags }
    func elementWithTooManyTags() {}
    func progress(fileOffset: Int, elements: Int) {}

    private func note(_ tags: [String: String]) {
        if let text = tags["opening_hours"] { texts[text, default: 0] += 1 }
    }
}

/// The reference evaluator, run as a Python child process.
enum ReferenceEvaluator {
    static let extract: URL? = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let folders = [ProcessInfo.processInfo.environment["NEARBY_SHARED_DATA"].map { URL(fileURLWithPath: $0) },
                       root.deletingLastPathComponent().appendingPathComponent("shared/data"),
                       root.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/data")]
        return folders.compactMap { $0?.appendingPathComponent("osm/liechtenstein-2022-07-24.osm.pbf") }
            .first { FileManager.default.fileExists(atPath: $0.path) }
    }()

    static let isAvailable: Bool =
        (try? Command.runBlocking("python3", ["-c", "import opening_hours"], errors: .discarded))?.exit == .exited(0)

    /// Every 37 hours and 13 minutes through 2026 and 2027 (every hour of the day and day of the week
    /// comes round), and the moments most likely to differ: holidays, the DST changes, late nights.
    static func instants(zone: ZoneRules) -> [Date] {
        var result: [Date] = []
        let start = CivilDate.days(year: 2026, month: 1, day: 1) * 86_400
        var seconds = start
        while seconds < CivilDate.days(year: 2028, month: 1, day: 1) * 86_400 {
            result.append(Date(timeIntervalSince1970: Double(seconds)))
            seconds += 37 * 3600 + 13 * 60
        }
        let special = ["2026-01-06 11:00", "2026-04-06 10:00", "2026-05-14 10:00", "2026-08-15 10:00",
                       "2026-12-08 10:00", "2026-12-24 10:00", "2026-12-25 10:00", "2026-12-26 10:00",
                       "2027-01-01 12:00", "2027-03-19 10:00", "2026-03-29 01:30", "2026-03-29 03:30",
                       "2026-10-25 02:30", "2026-11-28 00:30", "2026-11-29 00:30", "2026-11-27 23:45",
                       "2026-11-23 12:10", "2026-11-25 13:15", "2026-11-28 17:59"]
        for text in special {
            let parts = text.split(whereSeparator: { $0 == "-" || $0 == " " || $0 == ":" }).compactMap { Int($0) }
            let local = LocalDateTime(day: CivilDay(year: parts[0], month: parts[1], day: parts[2]), hour: parts[3],
                                      minute: parts[4])
            if let date = zone.instant(of: local) { result.append(date) }
        }
        return result
    }

    /// One string of state letters per text ("o", "c", "u"; "X" where the reference refuses the text).
    static func states(of texts: [String], at instants: [Date]) async throws -> [String] {
        let request: [String: Any] = ["texts": texts, "instants": instants.map { Int($0.timeIntervalSince1970) }]
        let input = try JSONSerialization.data(withJSONObject: request)
        let result = try await Command.run("python3", ["-c", script], input: Array(input), errors: .discarded)
        guard result.exit == .exited(0) else {
            throw ReferenceFailure(message: "python3 ended with \(result.exit)")
        }
        let output = Data(result.output.utf8)
        guard let answer = try JSONSerialization.jsonObject(with: output) as? [String], answer.count == texts.count else {
            throw ReferenceFailure(message: "the reference evaluator answered something unexpected")
        }
        return answer
    }

    private static let script = """
        import sys, json
        from datetime import datetime
        from zoneinfo import ZoneInfo
        from opening_hours import OpeningHours
        request = json.load(sys.stdin)
        zone = ZoneInfo("Europe/Vaduz")
        instants = [datetime.fromtimestamp(t, tz=zone) for t in request["instants"]]
        answer = []
        for text in request["texts"]:
            try:
                hours = OpeningHours(text, timezone=zone, country="LI", coords=(47.141, 9.5209))
            except Exception:
                answer.append("X" * len(instants))
                continue
            states = ""
            for instant in instants:
                states += "o" if hours.is_open(instant) else "c" if hours.is_closed(instant) else "u"
            answer.append(states)
        json.dump(answer, sys.stdout)
        """

    struct ReferenceFailure: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }
}
