import Foundation
import Testing
@testable import NearbyCore

/// A real-world `opening_hours` text, an instant, and what it must say then.
struct HoursCase: CustomTestStringConvertible, Sendable {
    let text: String
    let at: String
    let state: OpeningState
    /// The expected next change as local time, "none" for no change, nil to leave unchecked.
    let next: String?
    let readable: Bool

    init(_ text: String, _ at: String, _ state: OpeningState, next: String? = nil, readable: Bool = true) {
        self.text = text
        self.at = at
        self.state = state
        self.next = next
        self.readable = readable
    }

    var testDescription: String { "\(text) @ \(at)" }
}

// Calendar: Mo 2026-11-23 … Su 2026-11-29, Mo 2026-11-30; 2026-12-25 is a Friday.
let validCases: [HoursCase] = [
    HoursCase("Mo-Fr 08:00-18:00", "2026-11-23 10:00", .open, next: "2026-11-23 18:00"),
    HoursCase("Mo-Fr 08:00-18:00", "2026-11-23 18:00", .closed, next: "2026-11-24 08:00"),
    HoursCase("Mo-Fr 08:00-18:00", "2026-11-23 07:59", .closed, next: "2026-11-23 08:00"),
    HoursCase("Mo-Fr 08:00-18:00", "2026-11-28 12:00", .closed, next: "2026-11-30 08:00"),
    HoursCase("Mo,We,Fr 10:00-12:00", "2026-11-24 11:00", .closed, next: "2026-11-25 10:00"),
    HoursCase("Mo,We,Fr 10:00-12:00", "2026-11-25 11:00", .open, next: "2026-11-25 12:00"),
    HoursCase("Su-Tu 09:00-17:00", "2026-11-29 10:00", .open, next: "2026-11-29 17:00"),
    HoursCase("Su-Tu 09:00-17:00", "2026-11-24 10:00", .open),
    HoursCase("Su-Tu 09:00-17:00", "2026-11-25 10:00", .closed, next: "2026-11-29 09:00"),
    HoursCase("Mo-Fr 08:00-12:00,13:00-18:00", "2026-11-23 12:30", .closed, next: "2026-11-23 13:00"),
    HoursCase("Mo-Fr 08:00-12:00,13:00-18:00", "2026-11-23 11:59", .open, next: "2026-11-23 12:00"),
    HoursCase("Mo-Su 22:00-02:00", "2026-11-24 01:00", .open, next: "2026-11-24 02:00"),
    HoursCase("Mo-Su 22:00-02:00", "2026-11-24 03:00", .closed, next: "2026-11-24 22:00"),
    HoursCase("Fr-Sa 18:00-03:00", "2026-11-28 02:00", .open, next: "2026-11-28 03:00"),
    HoursCase("Fr-Sa 18:00-03:00", "2026-11-29 02:00", .open, next: "2026-11-29 03:00"),
    HoursCase("Fr-Sa 18:00-03:00", "2026-11-30 02:00", .closed, next: "2026-12-04 18:00"),
    HoursCase("Su 20:00-02:00", "2026-11-30 01:00", .open, next: "2026-11-30 02:00"),
    HoursCase("Su 20:00-02:00", "2026-11-29 19:00", .closed, next: "2026-11-29 20:00"),
    HoursCase("Fr 22:00-26:00", "2026-11-28 01:30", .open, next: "2026-11-28 02:00"),
    HoursCase("24/7", "2026-11-23 03:00", .open, next: "none"),
    HoursCase("Mo-Su 00:00-24:00", "2026-11-29 23:59", .open, next: "none"),
    HoursCase("off", "2026-11-23 10:00", .closed, next: "none"),
    HoursCase("closed", "2026-11-23 10:00", .closed, next: "none"),
    HoursCase("Mo-Fr 08:00-18:00; Sa off", "2026-11-28 10:00", .closed, next: "2026-11-30 08:00"),
    HoursCase("Mo-Fr 08:00-18:00; We 12:00-18:00", "2026-11-25 10:00", .closed, next: "2026-11-25 12:00"),
    HoursCase("Mo-Fr 08:00-18:00, Sa 10:00-14:00", "2026-11-28 11:00", .open, next: "2026-11-28 14:00"),
    HoursCase("Mo-Fr 08:00-18:00, Sa 10:00-14:00", "2026-11-23 09:00", .open),
    HoursCase("Mo-Fr 08:00-18:00; Sa 10:00-14:00; Su closed", "2026-11-29 11:00", .closed,
              next: "2026-11-30 08:00"),
    HoursCase("Mo-Su 09:00-21:00; Dec 24 off", "2026-12-24 10:00", .closed, next: "2026-12-25 09:00"),
    HoursCase("Mo-Su 09:00-21:00; Dec 24 off", "2026-12-23 10:00", .open, next: "2026-12-23 21:00"),
    HoursCase("Mo-Su 18:00-02:00; Dec 24 off", "2026-12-24 01:00", .open, next: "2026-12-24 02:00"),
    HoursCase("Mo-Su 18:00-02:00; Dec 24 off", "2026-12-25 01:00", .closed, next: "2026-12-25 18:00"),
    HoursCase("Mo-Fr 08:00-18:00; Dec 24 08:00-12:00", "2026-12-24 13:00", .closed, next: "2026-12-25 08:00"),
    HoursCase("Mo-Su 10:00-20:00; Dec 25,26 off", "2026-12-26 12:00", .closed, next: "2026-12-27 10:00"),
    HoursCase("Apr-Oct Mo-Su 10:00-18:00", "2026-11-23 12:00", .closed, next: "2027-04-01 10:00"),
    HoursCase("Apr-Oct Mo-Su 10:00-18:00", "2026-10-15 12:00", .open, next: "2026-10-15 18:00"),
    HoursCase("Nov-Feb 10:00-16:00; Mar-Oct 09:00-19:00", "2026-11-23 17:00", .closed,
              next: "2026-11-24 10:00"),
    HoursCase("Nov-Feb 10:00-16:00; Mar-Oct 09:00-19:00", "2026-10-31 18:30", .open, next: "2026-10-31 19:00"),
    HoursCase("Mo-Fr 08:00-17:00; Jan 01-Jan 06 off", "2027-01-04 10:00", .closed, next: "2027-01-07 08:00"),
    HoursCase("Mo-Fr 08:00-17:00; Dec 24-Jan 06 off", "2026-12-31 10:00", .closed, next: "2027-01-07 08:00"),
    HoursCase("Mo-Su 10:00-20:00; 2026 Dec 31 off", "2026-12-31 12:00", .closed, next: "2027-01-01 10:00"),
    HoursCase("week 01-26 Mo-Fr 08:00-12:00", "2026-11-23 10:00", .closed, next: "2027-01-04 08:00"),
    HoursCase("week 01-26 Mo-Fr 08:00-12:00", "2027-03-01 10:00", .open, next: "2027-03-01 12:00"),
    HoursCase("week 1-53/2 Sa 09:00-12:00", "2026-11-28 10:00", .closed, next: "2026-12-05 09:00"),
    HoursCase("Mo[1] 09:00-12:00", "2026-12-07 10:00", .open),
    HoursCase("Mo[1] 09:00-12:00", "2026-12-14 10:00", .closed, next: "2027-01-04 09:00"),
    HoursCase("Fr[-1] 14:00-16:00", "2026-11-27 15:00", .open),
    HoursCase("Mo-Fr 08:00-18:00; PH off", "2026-12-25 10:00", .closed, next: "2026-12-28 08:00"),
    HoursCase("Mo-Fr 08:00-18:00; PH off", "2026-12-23 10:00", .open, next: "2026-12-23 18:00"),
    HoursCase("Su,PH off; Mo-Su 10:00-18:00", "2026-12-08 11:00", .closed, next: "2026-12-09 10:00"),
    HoursCase("PH 10:00-12:00", "2026-12-08 11:00", .open, next: "2026-12-08 12:00"),
    HoursCase("PH 10:00-12:00", "2026-12-09 11:00", .closed, next: "2026-12-25 10:00"),
    HoursCase("Mo-Sa 09:00-18:00; PH 10:00-14:00", "2027-01-06 15:00", .closed, next: "2027-01-07 09:00"),
    HoursCase("PH off", "2026-12-25 10:00", .closed, next: "none"),
    HoursCase("Mo-Fr,PH 10:00-12:00", "2026-11-23 11:00", .open),
    HoursCase("Mo-Fr 07:30-12:00; Sa 08:00-12:00; Su,PH off", "2026-11-29 10:00", .closed,
              next: "2026-11-30 07:30"),
    HoursCase("SH Mo-Fr 08:00-10:00", "2026-11-23 09:00", .unknown, next: "2026-11-23 10:00"),
    HoursCase("SH Mo-Fr 08:00-10:00", "2026-11-28 09:00", .closed),
    HoursCase("\"by appointment\"", "2026-11-23 10:00", .unknown, next: "none"),
    HoursCase("Mo-Fr 08:00-12:00 || \"by appointment\"", "2026-11-23 14:00", .unknown,
              next: "2026-11-24 08:00"),
    HoursCase("Mo-Fr 08:00-12:00 || \"by appointment\"", "2026-11-23 10:00", .open, next: "2026-11-23 12:00"),
    HoursCase("unknown", "2026-11-23 10:00", .unknown, next: "none"),
    HoursCase("Mo-Fr 10:00-18:00 unknown", "2026-11-23 11:00", .unknown, next: "2026-11-23 18:00"),
    HoursCase("Mo-Fr 08:00-18:00 \"call ahead\"", "2026-11-23 10:00", .open),
    HoursCase("Mo-Sa 18:00+", "2026-11-23 20:00", .unknown, next: "2026-11-24 00:00"),
    HoursCase("Mo-Sa 18:00+", "2026-11-23 17:00", .closed, next: "2026-11-23 18:00"),
    HoursCase("Mo-Fr 10:00-18:00+", "2026-11-23 19:00", .unknown, next: "2026-11-24 00:00"),
    HoursCase("open", "2026-11-23 04:00", .open, next: "none"),
    HoursCase("Mo-Fr 08:00-18:00; Sa 12:00-14:00 off", "2026-11-28 13:00", .closed),
    HoursCase("Mo-Fr 08:00-18:00, We 12:00-13:00 off", "2026-11-25 12:30", .closed, next: "2026-11-25 13:00"),
]

let sloppyCases: [HoursCase] = [
    HoursCase("Mo-Fr 8:00-18:00", "2026-11-23 09:00", .open, next: "2026-11-23 18:00"),
    HoursCase("Mo-Fr 08.30-22.00", "2026-11-23 08:15", .closed, next: "2026-11-23 08:30"),
    HoursCase("Mo–Fr 08:00–18:00", "2026-11-23 09:00", .open, next: "2026-11-23 18:00"),
    HoursCase("  Mo-Fr  08:00 - 18:00 ;  Sa 09:00-12:00 ", "2026-11-28 10:00", .open, next: "2026-11-28 12:00"),
    HoursCase("mo-fr 08:00-18:00", "2026-11-23 09:00", .open),
    HoursCase("MO-FR 08:00-18:00", "2026-11-24 19:00", .closed, next: "2026-11-25 08:00"),
    HoursCase("Mo-Fr 08:00-24:00", "2026-11-23 23:00", .open, next: "2026-11-24 00:00"),
    HoursCase("Mo-Fr: 08:00-18:00", "2026-11-23 09:00", .open),
    HoursCase("Mon-Fri 8am-6pm", "2026-11-23 17:00", .open, next: "2026-11-23 18:00"),
    HoursCase("Mon-Fri 8:30am-12:30pm", "2026-11-23 12:45", .closed, next: "2026-11-24 08:30"),
    HoursCase("Mo-Fr 08:00-18:00;", "2026-11-23 09:00", .open),
    HoursCase("Mo-Fr 08:00-12:00, 13:00-18:00", "2026-11-23 12:30", .closed, next: "2026-11-23 13:00"),
    HoursCase("Mo.-Fr. 08:00-18:00", "2026-11-23 09:00", .open),
    HoursCase("Mo-Fr 08:00-18:00 Sa 09:00-12:00", "2026-11-28 10:00", .open, next: "2026-11-28 12:00"),
    HoursCase("Mo - Fr 08:00 - 12:00 13:00 - 18:00", "2026-11-23 12:30", .closed, next: "2026-11-23 13:00"),
    HoursCase("Monday-Friday 09:00-17:00", "2026-11-27 16:00", .open),
    HoursCase("Mo-Su 24/7", "2026-11-25 03:00", .open, next: "none"),
    HoursCase("Mo-Fr 09:00-17:00; Sa 10:00-14:00 ; Su,PH closed", "2026-11-29 12:00", .closed),
    HoursCase("Mo-Fr 11:30-14:00,17:30-23:00; Sa-Su 17:30-23:30", "2026-11-29 23:15", .open,
              next: "2026-11-29 23:30"),
    HoursCase("Mo-Th 17:00-01:00; Fr-Sa 17:00-03:00", "2026-11-27 00:30", .open, next: "2026-11-27 01:00"),
]

let unreadableCases: [HoursCase] = [
    "Mo-Fr 8-18", "by appointment", "Mo-Fr 08:00-18:00; Sa (sunrise+25:00)-sunset", "geöffnet", "Mo-Fr 25:00-26:00",
    "Mo-Fr 08:00-12:60", "", "   ", "Mo-Fr 08:00-", "\"unterminated", "01.01.-06.01. off",
    "Mo-Fr 08:00-18:00 | Sa 10:00-12:00", "easter +2 weeks off", "\u{1B}[31mMo-Fr 08:00-18:00", "Mo-Fr 0800-1800",
    "Mo-Fr 08:00-18:00; Xy 10:00-12:00", "Mo[7] 10:00-12:00", "week 60 Mo 10:00-12:00", "Dec 32 off",
    "Mo-Fr 08:00~18:00", "10:00", "Mo-Fr 08:00-12:00 and 13:00-18:00",
].map { HoursCase($0, "2026-11-23 10:00", .unknown, next: "none", readable: false) }

@Suite("Opening hours: real-world strings")
struct OpeningHoursTableTests {
    @Test("enough real-world strings")
    func tableIsLargeEnough() {
        #expect(Set((validCases + sloppyCases + unreadableCases).map(\.text)).count >= 60)
    }

    @Test(arguments: validCases + sloppyCases + unreadableCases)
    func evaluates(_ hoursCase: HoursCase) {
        let hours = OpeningHours(osm: hoursCase.text)
        #expect(hours.isReadable == hoursCase.readable)
        #expect(hours.raw == hoursCase.text)
        let status = hours.evaluate(at: vaduzTime(hoursCase.at), in: vaduzPlace)
        #expect(status.state == hoursCase.state)
        switch hoursCase.next {
        case nil: break
        case "none": #expect(status.nextChange == nil)
        case let next?: #expect(status.nextChange == vaduzTime(next))
        }
        if let change = status.nextChange {
            #expect(change > status.instant)
            #expect(hours.evaluate(at: change, in: vaduzPlace).state != status.state)
            #expect(hours.nextChange(after: vaduzTime(hoursCase.at), in: vaduzPlace) == change)
        }
    }
}
