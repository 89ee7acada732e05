/// A picture elsewhere (a place's, a contact's photo at an address): an address of the picture itself
/// (OpenStreetMap's `image`, a vCard's `PHOTO` URI), or a file of Wikimedia Commons (`wikimedia_commons`, or
/// an address that names a Commons file), fetched as a thumbnail of the size needed.
public enum RemotePicture: Hashable, Sendable, Codable {
    /// An `http(s)` address.
    case address(String)
    /// A Commons file's name without its `File:` prefix ("Vaduz Castle.jpg").
    case commons(String)
    /// A photo of Google Places (New): its resource name (`places/ID/photos/REF`) and its authors, whom Google
    /// requires to be named under it.
    case google(name: String, authors: String)

    /// The form the store keeps: the address as it is, a Commons file as `commons:NAME`, a Google photo as
    /// `google:NAME|AUTHORS`.
    public var stored: String {
        switch self {
        case .address(let address): address
        case .commons(let name): "commons:" + name
        case .google(let name, let authors): "google:" + name + "|" + authors
        }
    }

    /// Whom to credit under the picture ("Photo: Anna Beck"), where its source asks for it.
    public var credit: String? {
        guard case .google(_, let authors) = self, !authors.isEmpty else { return nil }
        return "Photo: " + authors
    }

    /// A Google photo's resource name: `places/ID/photos/REF`, letters, digits, `-` and `_` between the slashes;
    /// anything else is not Google's and is never sent. `authors` is shown as it is cleaned here.
    public init?(googleName name: String, authors: [String]) {
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        let isToken: (Substring) -> Bool = { part in
            !part.isEmpty && part.utf8.count <= 1024 && part.unicodeScalars.allSatisfy {
                ($0.value < 0x80 && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) || $0 == "-" || $0 == "_"
            }
        }
        guard parts.count == 4, parts[0] == "places", parts[2] == "photos", isToken(parts[1]), isToken(parts[3]) else {
            return nil
        }
        let names = authors.map { author in
            String(author.unicodeScalars.filter { $0.value >= 0x20 && !(0x7F...0x9F).contains($0.value)
                && !(0x202A...0x202E).contains($0.value) && !(0x2066...0x2069).contains($0.value) && $0 != "|" })
                .trimmingSpaces()
        }.filter { !$0.isEmpty }
        self = .google(name: name, authors: String(names.joined(separator: ", ").prefix(200)))
    }

    public init?(stored: String) {
        if stored.hasPrefix("google:") {
            let rest = stored.dropFirst("google:".count)
            let name = rest.prefix { $0 != "|" }
            let authors = rest.dropFirst(name.count + 1)
            self.init(googleName: String(name), authors: authors.isEmpty ? [] : [String(authors)])
        } else if stored.hasPrefix("commons:") {
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

    /// OpenStreetMap's `image`, in the forms mappers write it: an `http(s)` address of a picture; a Commons
    /// file page, or any Wikimedia page showing a file in its media viewer (`…#/media/File:Name.jpg`), which
    /// become that file; or a bare `File:Name.jpg`.
    public init?(image value: String) {
        let trimmed = value.trimmingSpaces()
        guard trimmed.utf8.count <= Self.maxLength else { return nil }
        if trimmed.hasPrefix("File:") || trimmed.hasPrefix("file:") {
            guard let file = RemotePicture(commons: trimmed) else { return nil }
            self = file
            return
        }
        let lower = trimmed.lowercased()
        guard lower.hasPrefix("https://") || lower.hasPrefix("http://"),
              trimmed.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }) else { return nil }
        // Where a file's name starts: after a Commons file page's address, or after a media viewer's fragment,
        // whose prefix is the wiki's word for "file" (Commons' and the larger Wikipedias').
        let markers = ["commons.wikimedia.org/wiki/file:", "commons.m.wikimedia.org/wiki/file:", "#/media/file:",
                       "#/media/datei:", "#/media/fichier:", "#/media/archivo:", "#/media/bestand:", "#/media/plik:"]
        for marker in markers {
            guard let range = lower.utf8.firstRange(of: marker.utf8) else { continue }
            // Lower-casing keeps an ASCII address's length, so the offset in `lower` is the offset in `trimmed`.
            let offset = lower.utf8.distance(from: lower.utf8.startIndex, to: range.upperBound)
            var name = String(trimmed.utf8.dropFirst(offset)) ?? ""
            if let end = name.firstIndex(where: { $0 == "?" || $0 == "#" }) { name = String(name[..<end]) }
            let decoded = PercentEncoding.decoded(name.replacing("_", with: " ")) ?? name
            if let file = RemotePicture(commons: "File:" + decoded) {
                self = file
                return
            }
        }
        // A Commons original (often tens of megabytes) or thumbnail on the upload server: the file it is of, so
        // a thumbnail of the size needed is asked for instead.
        let upload = "upload.wikimedia.org/wikipedia/commons/"
        if let range = lower.utf8.firstRange(of: upload.utf8) {
            let offset = lower.utf8.distance(from: lower.utf8.startIndex, to: range.upperBound)
            let parts = (String(trimmed.utf8.dropFirst(offset)) ?? "").split(separator: "/")
            let index = parts.first == "thumb" ? 3 : 2
            if parts.count > index, let name = PercentEncoding.decoded(String(parts[index]).replacing("_", with: " ")),
               let file = RemotePicture(commons: "File:" + name) {
                self = file
                return
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
