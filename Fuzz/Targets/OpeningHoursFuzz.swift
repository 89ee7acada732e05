import Foundation
@testable import NearbyCore

// opening_hours text: parsing never fails hard, and what it reads is self-consistent when evaluated:
// the state at the announced next change is the announced next state, the next change lies ahead, the
// texts shown for it are printable, and the week has seven days.

private let instants: [Date] = [
    Date(timeIntervalSince1970: 1_718_000_000),  // 2024-06-10, a Monday
    Date(timeIntervalSince1970: 1_735_689_600),  // 2025-01-01, a public holiday in many places
    Date(timeIntervalSince1970: 1_709_164_800),  // 2024-02-29
]

@_cdecl("LLVMFuzzerTestOneInput")
public func openingHoursFuzz(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let text = String(decoding: fuzzBytes(start, count), as: UTF8.self)
    let hours = OpeningHours(osm: text)
    fuzzCheck(hours == OpeningHours(osm: text), "parsing the same text twice gave different hours")
    let context = HoursContext(zone: .utc)
    for instant in instants {
        let status = hours.evaluate(at: instant, in: context)
        fuzzCheck(hours.isReadable || status.state == .unknown, "unreadable hours evaluated to \(status.state)")
        for line in [status.rowText(timeZone: .utc), status.detailText(timeZone: .utc)] {
            fuzzCheck(!line.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) },
                      "a status text holds a control character: \(line.debugDescription)")
        }
        if let change = status.nextChange {
            fuzzCheck(change > instant, "the next change \(change) is not after \(instant)")
            fuzzCheck(status.nextState != nil && status.nextState != status.state,
                      "a change at \(change) to \(String(describing: status.nextState)) from \(status.state)")
            let after = hours.evaluate(at: change, in: context)
            fuzzCheck(after.state == status.nextState,
                      "at \(change) the state is \(after.state), announced \(String(describing: status.nextState))")
        }
        fuzzCheck(hours.week(containing: instant, in: context).count == 7, "a week without seven days")
    }
    return 0
}
