/// A card of a vCard file that could be read, with the friend it describes.
public struct VCardContact: Hashable, Sendable {
    /// The line of the card's `BEGIN:VCARD`.
    public var line: Int
    /// The friend; it passes `FriendValidation`.
    public var draft: FriendDraft
    /// The card's `UID`, when it has one.
    public var uid: String?
    /// Optional fields that were left out because they could not be read (the card itself is fine).
    public var warnings: [VCardIssue]
    /// The card's first `PHOTO`, as the card gives it (not yet known to be a picture).
    public var photo: VCardPhoto?

    public init(line: Int, draft: FriendDraft, uid: String? = nil, warnings: [VCardIssue] = [],
                photo: VCardPhoto? = nil) {
        self.line = line
        self.draft = draft
        self.uid = uid
        self.warnings = warnings
        self.photo = photo
    }
}

/// A card's photo: its bytes (vCard 3.0 `ENCODING=b`, 4.0 `data:` URIs), or where to fetch them.
public enum VCardPhoto: Hashable, Sendable {
    case embedded([UInt8])
    /// An `http(s)` address.
    case link(String)
}

/// Why a card (or a stretch of a file) could not be read, and where.
public struct VCardIssue: Hashable, Sendable {
    /// The 1-based line the problem starts on.
    public var line: Int
    public var reason: String

    public init(line: Int, reason: String) {
        self.line = line
        self.reason = reason
    }
}

/// One result of reading a vCard file, in file order.
public enum VCardEntry: Hashable, Sendable {
    case contact(VCardContact)
    case issue(VCardIssue)
}
