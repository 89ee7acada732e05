/// How the user last left the lists: their order, their rows and how far they look. Kept between runs, so a
/// user who sorts by walking time and reads detailed rows does not press `s` and `v` at every start.
public struct ListPreferences: Hashable, Sendable {
    public var sortOrder: PlacesSortOrder
    public var layout: PlacesLayout
    /// The radius of Home and the category lists (a search's "anywhere" is not kept); nil: the standard one.
    public var radius: Double?

    public init(sortOrder: PlacesSortOrder = .distance, layout: PlacesLayout = .compact, radius: Double? = nil) {
        self.sortOrder = sortOrder
        self.layout = layout
        self.radius = radius
    }

    /// "sort=walkingTime\nlayout=detailed\nradius=5000\n": a line a setting, so a file of an older or newer
    /// version still gives what it can.
    public var text: String {
        var lines = ["sort=\(sortOrder.rawValue)", "layout=\(layout.rawValue)"]
        if let radius { lines.append("radius=\(Int(radius.rounded()))") }
        return lines.joined(separator: "\n") + "\n"
    }

    /// What `text` says; unknown lines and values are passed over, and a radius must be one `+` can reach.
    public init(text: String) {
        self.init()
        for line in text.split(whereSeparator: \.isNewline) {
            let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { continue }
            switch parts[0] {
            case "sort": sortOrder = PlacesSortOrder(rawValue: parts[1]) ?? sortOrder
            case "layout": layout = PlacesLayout(rawValue: parts[1]) ?? layout
            case "radius":
                if let metres = Double(parts[1]), SearchRadius.steps.contains(metres) { radius = metres }
            default: continue
            }
        }
    }
}

/// The preferences the screens share while the app runs; each change is handed to `save`.
@MainActor
public final class ListPreferencesHolder {
    public private(set) var value: ListPreferences
    private let save: (ListPreferences) -> Void

    public init(_ value: ListPreferences, save: @escaping (ListPreferences) -> Void) {
        self.value = value
        self.save = save
    }

    public func update(_ change: (inout ListPreferences) -> Void) {
        var next = value
        change(&next)
        guard next != value else { return }
        value = next
        save(next)
    }
}
