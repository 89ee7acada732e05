/// Where a place's picture is: an address of the picture itself (OpenStreetMap's `image`), or a file of
/// Wikimedia Commons (`wikimedia_commons`, or an `image` that names a Commons file page), fetched as a
/// thumbnail of the size needed.
public enum PlacePicture: Hashable, Sendable, Codable {
    /// An `http(s)` address.
    case address(String)
    /// A Commons file's name without its `File:` prefix ("Vaduz Castle.jpg").
    case commons(String)

    /// The form the store keeps: the address as it is, a Commons file as `commons:NAME`.
    public var stored: String {
        switch self {
        case .address(let address): address
        case .commons(let name): "commons:" + name
        }
    }

    public init?(stored: String) {
        if stored.hasPrefix("commons:") {
            self.init(commons: "File:" + stored.dropFirst("commons:".count))
        } else {
            self.init(image: stored)
        }
    }

    /// The longest value taken: an address or a file name longer than this is no picture a tag names.
    public static let maxLength = 1024

    /// OpenStreetMap's `wikimedia_commons` (`File:Name.jpg`; a `Category:` names no one picture).
    public init?(commons value: String) {
        let trimmed = value.trimmingSpaces()
        guard trimmed.utf8.count <= Self.maxLength, trimmed.hasPrefix("File:") || trimmed.hasPrefix("file:") else {
            return nil
        }
        let name = String(trimmed.dropFirst(5)).trimmingSpaces()
        guard !name.isEmpty, name.unicodeScalars.allSatisfy(Self.isFileNameScalar) else { return nil }
        self = .commons(name)
    }

    /// OpenStreetMap's `image`: an `http(s)` address; one of a Commons file page becomes that file.
    public init?(image value: String) {
        let trimmed = value.trimmingSpaces()
        guard trimmed.utf8.count <= Self.maxLength else { return nil }
        let lower = trimmed.lowercased()
        guard lower.hasPrefix("https://") || lower.hasPrefix("http://"),
              trimmed.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }) else { return nil }
        for page in ["commons.wikimedia.org/wiki/file:", "commons.m.wikimedia.org/wiki/file:"] {
            // Lower-casing keeps an ASCII address's length, so the offset in `lower` is the offset in `trimmed`.
            if let range = lower.utf8.firstRange(of: page.utf8) {
                let offset = lower.utf8.distance(from: lower.utf8.startIndex, to: range.upperBound)
                let name = String(trimmed.utf8.dropFirst(offset)) ?? ""
                let decoded = PercentEncoding.decoded(name.replacing("_", with: " ")) ?? name
                if let file = PlacePicture(commons: "File:" + decoded) {
                    self = file
                    return
                }
            }
        }
        self = .address(trimmed)
    }

    /// A file name's characters: no controls, no bidi overrides, none of the characters Commons forbids.
    private static func isFileNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x20 || (0x7F...0x9F).contains(value) { return false }
        if (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value) { return false }
        return !"#<>[]|{}".unicodeScalars.contains(scalar)
    }
}
