import FoundationEssentials
import Locking

/// The wall clock of a position: which IANA zone a point lies in (from `identify`, an offline lookup), read
/// from the system's zone files once per zone and kept.
///
/// Opening hours are written in the place's own local time, so "open now" at a place in Moscow, seen from a
/// computer in Lisbon, must be read on Moscow's clock. Where the lookup knows no zone (the open sea, an
/// unreadable zone file) the computer's own zone (`fallback`) stands in, as it did before zones were known.
public final class PlaceZones: Sendable {
    /// The computer's zone: the stand-in, and the zone a header compares a place's with.
    public let fallback: ZoneRules
    private let identify: @Sendable (Coordinate) -> String?
    private let directory: String
    private let rules = Locked([String: ZoneRules]())

    public init(fallback: ZoneRules = .current, directory: String = ZoneRules.systemDirectory,
                identify: @escaping @Sendable (Coordinate) -> String?) {
        self.fallback = fallback
        self.directory = directory
        self.identify = identify
    }

    /// The world's zones from the outlines built into the binary (`ZoneLocator.embedded`).
    public static func world(fallback: ZoneRules = .current) -> PlaceZones {
        PlaceZones(fallback: fallback) { coordinate in ZoneLocator.embedded?.zoneIdentifier(at: coordinate) }
    }

    /// Every position on one zone (tests, and a store whose places all share the computer's clock).
    public static func fixed(_ zone: ZoneRules) -> PlaceZones {
        PlaceZones(fallback: zone) { _ in nil }
    }

    /// The zone whose wall clock applies at `coordinate`.
    public func zone(at coordinate: Coordinate) -> ZoneRules {
        guard coordinate.isValid, let name = identify(coordinate) else { return fallback }
        if name == fallback.identifier { return fallback }
        if let known = rules.withLock({ $0[name] }) { return known }
        let read = (try? ZoneRules.named(name, directory: directory)) ?? fallback
        rules.withLock { $0[name] = read }
        return read
    }

    /// The zone of `place`.
    public func zone(for place: Place) -> ZoneRules { zone(at: place.coordinate) }

    /// Whether `zone` keeps another time than the computer's at `date` (then screens name the local time).
    public func differsFromComputer(_ zone: ZoneRules, at date: Date) -> Bool {
        zone.identifier != fallback.identifier && zone.offset(at: date).seconds != fallback.offset(at: date).seconds
    }
}
