import ArgumentParser
import FoundationEssentials
import NearbyCore

/// `nearby-bench hours`: what one opening-hours evaluation costs, by kind of text, in the context a
/// list row uses (Vaduz's zone, position and holidays). Prints the median of several rounds.
struct BenchHoursCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hours",
        abstract: "Benchmark opening-hours evaluation.")

    @Option(parsing: .unconditional, help: "Evaluations per text and round.")
    var evaluations = 20_000

    @Option(parsing: .unconditional, help: "Rounds; the median is printed.")
    var rounds = 5

    static let texts = [
        ("weekly", "Mo-Fr 08:00-12:00,13:30-18:00; Sa 08:00-12:00"),
        ("weekly, past midnight", "Tu-Th 11:00-23:00; Fr 11:00-01:00; Sa 13:00-01:00"),
        ("weekly with PH off", "Mo-Fr 08:00-18:00; Sa 09:00-12:00; Su,PH off"),
        ("sunrise-sunset", "Mo-Su sunrise-sunset"),
        ("seasonal, closed for months", "May 01-Oct 31: Su 10:00-17:00"),
        ("easter and dates", "Mo-Su 10:00-18:00; easter -2 days-easter +1 day off; Dec 24-Dec 31 off"),
    ]

    func validate() throws {
        if evaluations < 1 { throw ValidationError("--evaluations wants a whole number of at least 1, not \(evaluations).") }
        if rounds < 1 { throw ValidationError("--rounds wants a whole number of at least 1, not \(rounds).") }
    }

    func run() throws {
        let zone = (try? ZoneRules.named("Europe/Vaduz")) ?? .utc
        let context = HoursContext(zone: zone, position: Coordinate(latitude: 47.141, longitude: 9.5209),
                                   holidays: HolidayCalendar.builtIn(country: "LI"))
        // Instants spread over 2026, so every weekday, hour and season comes round.
        let start = Double(CivilDate.days(year: 2026, month: 1, day: 1) * 86_400)
        let instants = (0..<evaluations).map { Date(timeIntervalSince1970: start + Double($0) * 1_579.3) }
        print("text kind                       parse      evaluate (median of \(rounds) × \(evaluations))")
        for (kind, text) in Self.texts {
            let parse = median((0..<rounds).map { _ in
                time { for _ in 0..<1_000 { _ = OpeningHours(osm: text) } } / 1_000
            })
            let hours = OpeningHours(osm: text)
            var sink = 0
            let evaluate = median((0..<rounds).map { _ in
                time {
                    for instant in instants where hours.evaluate(at: instant, in: context).state == .open { sink += 1 }
                } / Double(evaluations)
            })
            print(NumberText.leftAligned(kind, width: 30)
                  + NumberText.rightAligned(NumberText.fixed(parse * 1e6, digits: 1), width: 8) + " µs "
                  + NumberText.rightAligned(NumberText.fixed(evaluate * 1e6, digits: 2), width: 10) + " µs"
                  + (sink < 0 ? "!" : ""))
        }
        let zoneLoad = median((0..<rounds).map { _ in time { _ = try? ZoneRules.named("Europe/Vaduz") } })
        print("loading a zone file (Europe/Vaduz)  \(NumberText.fixed(zoneLoad * 1e6, digits: 1)) µs")
        // Built once per process and kept: only the first use of each country costs this.
        let tables = time {
            for code in ["DE", "US", "GB", "FR", "IT"] { _ = HolidayCalendar.builtIn(country: code) }
        } / 5
        print("building a country's holiday table (once)  \(NumberText.fixed(tables * 1e6, digits: 1)) µs")
        benchZoneLookups()
    }

    /// The zone of a position (every place's clock): the first use, then lookups over the world and Europe.
    private func benchZoneLookups() {
        let firstUse = time { _ = ZoneLocator.embedded }
        guard let locator = ZoneLocator.embedded else { return print("zone outlines: none in this build") }
        var generator = SystemRandomNumberGenerator()
        for (area, latitudes, longitudes) in [("the world", -60.0...70.0, -180.0...180.0),
                                              ("Europe", 36.0...70.0, -10.0...40.0)] {
            let points = (0..<100_000).map { _ in
                (Double.random(in: latitudes, using: &generator), Double.random(in: longitudes, using: &generator))
            }
            var sink = 0
            let lookup = median((0..<rounds).map { _ in
                time {
                    for (latitude, longitude) in points {
                        sink &+= locator.zoneIdentifier(latitude: latitude, longitude: longitude)?.utf8.count ?? 0
                    }
                } / Double(points.count)
            })
            print("a zone lookup over \(area)  \(NumberText.fixed(lookup * 1e9, digits: 0)) ns" + (sink < 0 ? "!" : ""))
        }
        print("zone outlines' first use  \(NumberText.fixed(firstUse * 1e6, digits: 1)) µs")
    }

    private func time(_ work: () -> Void) -> Double {
        let clock = ContinuousClock()
        let duration = clock.measure(work)
        return Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
    }

    private func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted[sorted.count / 2]
    }
}
