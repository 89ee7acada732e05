import FoundationEssentials
import NearbyCore

/// What the friend detail screen shows below its title.
public enum FriendDetailContent: Hashable, Sendable {
    case loading(String)
    /// Cannot be edited or deleted; the screen's retry key loads it again.
    case error(String)
    case friend([FriendDetailLine])
}

/// One labelled line of the friend detail ("Phone  +423 555 0101").
public struct FriendDetailLine: Hashable, Sendable {
    public var label: String
    public var value: String

    public init(label: String, value: String) {
        self.label = label
        self.value = value
    }

    /// A friend's fields as lines; optional ones appear only when the friend has them.
    public static func lines(for friend: Friend, distance: String?, timeZone: ZoneRules) -> [FriendDetailLine] {
        var lines = [
            FriendDetailLine(label: "Name", value: DisplayText.oneLine(friend.fullName)),
            FriendDetailLine(label: "Phone", value: DisplayText.oneLine(friend.phoneNumber)),
        ]
        // The other numbers under the main one, their label left blank so they read as one list.
        for phone in friend.otherPhones {
            lines.append(FriendDetailLine(label: "", value: DisplayText.oneLine(phone)))
        }
        if let email = friend.email, !email.isEmpty {
            lines.append(FriendDetailLine(label: "E-mail", value: DisplayText.oneLine(email)))
        }
        if let location = locationText(friend) {
            lines.append(FriendDetailLine(label: "Location", value: location))
        }
        if let distance {
            lines.append(FriendDetailLine(label: "Distance", value: distance))
        }
        lines.append(FriendDetailLine(label: "Added", value: dateText(friend.createdAt, in: timeZone)))
        lines.append(FriendDetailLine(label: "Updated", value: dateText(friend.updatedAt, in: timeZone)))
        return lines
    }

    private static func locationText(_ friend: Friend) -> String? {
        let coordinate = friend.coordinate.map {
            DisplayText.decimal($0.latitude, places: 5) + ", " + DisplayText.decimal($0.longitude, places: 5)
        }
        let place = friend.placeName.flatMap { $0.isEmpty ? nil : DisplayText.oneLine($0) }
        switch (place, coordinate) {
        case let (place?, coordinate?): return "\(place) (\(coordinate))"
        case let (place?, nil): return place
        case let (nil, coordinate?): return coordinate
        case (nil, nil): return nil
        }
    }

    /// "2026-11-20 14:03" in the given zone, the same in every locale.
    private static func dateText(_ date: Date, in timeZone: ZoneRules) -> String {
        let local = timeZone.localDateTime(at: date)
        let minutes = local.minuteOfDay
        return local.day.isoText + " " + (minutes < 600 ? "0" : "") + "\(minutes / 60):" + (minutes % 60 < 10 ? "0" : "")
            + "\(minutes % 60)"
    }
}
