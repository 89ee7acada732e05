import FoundationEssentials

/// Gathers the properties of one card and turns them into a friend, or into the reason it cannot be one.
struct VCardCardBuilder {
    /// A value the card gives, with how much the card prefers it (lower is stronger).
    private struct Candidate {
        var value: String
        var rank: Int
    }

    /// The properties this builder reads; the others are skipped without being decoded.
    static let readProperties: Set<String> = ["N", "FN", "TEL", "EMAIL", "GEO", "ADR", "UID", "ORG", "KIND",
                                              "X-ABSHOWAS", "PHOTO"]

    let startLine: Int
    private var family: String?
    private var given: String?
    private var formattedName: String?
    /// The organisation's name, and whether the card says it is an organisation's (vCard 4 `KIND:org`, Apple's
    /// `X-ABShowAs:COMPANY`): its formatted name is then one name, not a given and a family name.
    private var organisation: String?
    private var isOrganisation = false
    private var phones: [Candidate] = []
    private var emails: [Candidate] = []
    private var addresses: [Candidate] = []
    private var geo: String?
    private var uid: String?
    private var photo: VCardPhoto?
    /// Why the card's photo was left out, when it was.
    private var photoProblem: String?
    private var problems: [String] = []

    init(startLine: Int) {
        self.startLine = startLine
    }

    /// Notes that a line the card needs was too long to keep.
    mutating func addTruncated(name: String, line: Int) {
        // A photo too large to keep costs the card its photo, not the card.
        if name == "PHOTO" {
            if photo == nil, photoProblem == nil {
                photoProblem = "photo left out: larger than \(VCardLineReader.maxPhotoLineBytes / 1024 / 1024) MiB in the file"
            }
            return
        }
        problems.append("\(name) on line \(line) is longer than \(VCardLineReader.maxLineBytes / 1024) KiB")
    }

    mutating func add(_ property: VCardContentLine) {
        switch property.name {
        case "N":
            guard family == nil, given == nil else { return }
            let parts = VCardText.split(property.value, at: ";")
            family = Self.nameComponent(parts[0])
            given = parts.count > 1 ? Self.nameComponent(parts[1]) : ""
        case "FN":
            if formattedName == nil { formattedName = VCardText.unescape(property.value).vcardTrimmed }
        case "TEL":
            var number = VCardText.unescape(property.value).vcardTrimmed
            let hasScheme = VCardText.hasPrefixIgnoringASCIICase(number[...], "TEL:")
            if property.isURI || hasScheme {
                if hasScheme { number.removeFirst(4) }
                // URI parameters (`;ext=…`, `;phone-context=…`) are not part of the number a user dials.
                if let cut = number.firstIndex(of: ";") { number = String(number[..<cut]) }
                number = (PercentEncoding.decoded(number) ?? number).vcardTrimmed
            }
            // A mobile number is the better guess of how to reach a friend, all else equal.
            let mobile = property.hasType("CELL") ? 0 : 1
            phones.append(Candidate(value: number, rank: Self.rank(property) * 2 + mobile))
        case "EMAIL":
            var address = VCardText.unescape(property.value).vcardTrimmed
            if VCardText.hasPrefixIgnoringASCIICase(address[...], "MAILTO:") { address.removeFirst(7) }
            emails.append(Candidate(value: address, rank: Self.rank(property)))
        case "ADR":
            // A place name is one line: a street on two lines (`\n` in vCard) reads as "line one, line two".
            let parts = VCardText.split(property.value, at: ";").map { Self.oneLine(VCardText.unescape($0)) }
            let place = parts.filter { !$0.isEmpty }.joined(separator: ", ")
            if !place.isEmpty { addresses.append(Candidate(value: place, rank: Self.rank(property))) }
        case "GEO":
            if geo == nil { geo = String(property.value) }
        case "UID":
            if uid == nil { uid = VCardText.unescape(property.value).vcardTrimmed }
        case "ORG":
            if organisation == nil {
                organisation = VCardText.unescape(VCardText.split(property.value, at: ";")[0]).vcardTrimmed
            }
        case "PHOTO":
            guard photo == nil, photoProblem == nil else { return }
            switch VCardPhotoValue.read(property) {
            case .success(let value): photo = value
            case .failure(let problem): photoProblem = "photo left out: \(problem.reason)"
            }
        case "KIND", "X-ABSHOWAS":
            let kind = VCardText.unescape(property.value).vcardTrimmed.lowercased()
            if kind == "org" || kind == "organization" || kind == "company" { isOrganisation = true }
        default:
            break
        }
    }

    /// The friend this card describes, or why there is none.
    func build() -> VCardEntry {
        // A line too long to keep explains whatever else is missing; say only that.
        if !problems.isEmpty {
            return .issue(VCardIssue(line: startLine, reason: problems.joined(separator: "; ")))
        }
        var problems: [String] = []
        var warnings: [VCardIssue] = []

        let (firstName, lastName, nameProblem) = names()
        if let nameProblem { problems.append(nameProblem) }

        var phoneNumber = ""
        let orderedPhones = Self.ordered(phones)
        if orderedPhones.isEmpty {
            problems.append("no phone number (TEL)")
        } else if let valid = orderedPhones.first(where: { FriendValidation.phoneProblem($0) == nil }) {
            phoneNumber = valid
        } else if let reason = FriendValidation.phoneProblem(orderedPhones[0]) {
            problems.append("phone number: \(reason)")
        }

        if !problems.isEmpty {
            return .issue(VCardIssue(line: startLine, reason: problems.joined(separator: "; ")))
        }

        // Every other number is kept, in the card's order of preference. What is left out is said once per
        // reason, however many `TEL`s a (damaged or hostile) card repeats.
        var otherPhones: [String] = []
        var broken: [String] = []
        var beyond = 0
        for phone in orderedPhones where phone != phoneNumber && !phone.isEmpty && !otherPhones.contains(phone) {
            if let reason = FriendValidation.phoneProblem(phone) {
                broken.append(reason)
            } else if otherPhones.count == FriendValidation.maxOtherPhones {
                beyond += 1
            } else {
                otherPhones.append(phone)
            }
        }
        if let reason = broken.first {
            let more = broken.count > 1 ? " (and \(broken.count - 1) more)" : ""
            warnings.append(VCardIssue(line: startLine, reason: "phone number left out: \(reason)\(more)"))
        }
        if beyond > 0 {
            warnings.append(VCardIssue(line: startLine, reason: "\(beyond) more phone number\(beyond == 1 ? "" : "s") "
                                       + "left out: at most \(FriendValidation.maxOtherPhones + 1) numbers are kept"))
        }

        let orderedEmails = Self.ordered(emails).filter { !$0.isEmpty }
        let email = orderedEmails.first { FriendValidation.emailProblem($0) == nil }
        if email == nil, let first = orderedEmails.first, let reason = FriendValidation.emailProblem(first) {
            warnings.append(VCardIssue(line: startLine, reason: "e-mail left out: \(reason)"))
        }

        var coordinate: Coordinate?
        if let geo {
            coordinate = Self.coordinate(from: geo)
            if coordinate == nil {
                warnings.append(VCardIssue(line: startLine, reason: "location (GEO) left out: not a coordinate"))
            }
        }

        // An address is held to the form's rules for a place name (length, control characters, bidi
        // overrides), like every other way a place name comes in.
        let orderedAddresses = Self.ordered(addresses)
        let placeName = orderedAddresses.first { FriendValidation.placeNameProblem($0) == nil }
        if placeName == nil, let first = orderedAddresses.first, let reason = FriendValidation.placeNameProblem(first) {
            warnings.append(VCardIssue(line: startLine, reason: "place (ADR) left out: \(reason)"))
        }

        let draft = FriendDraft(firstName: firstName, lastName: lastName, phoneNumber: phoneNumber, email: email,
                                coordinate: coordinate, placeName: placeName, otherPhones: otherPhones)
        if let photoProblem { warnings.append(VCardIssue(line: startLine, reason: photoProblem)) }
        return .contact(VCardContact(line: startLine, draft: draft, uid: uid.flatMap { $0.isEmpty ? nil : $0 },
                                     warnings: warnings, photo: photo))
    }

    /// First and last name from `N`, falling back to `FN` for whatever `N` leaves empty.
    private func names() -> (first: String, last: String, problem: String?) {
        var first = given ?? ""
        var last = family ?? ""
        let formatted = formattedName ?? ""
        if first.isEmpty && last.isEmpty {
            if formatted.isEmpty { return ("", "", "no name (N or FN)") }
            // A company's card: its name whole. "Anna Maria Beck": the last word is the family name. One word
            // ("Mom") is a friend of one name.
            if isOrganisation || formatted == organisation {
                first = formatted
            } else if let space = formatted.lastIndex(where: { $0 == " " || $0 == "\t" }) {
                first = String(formatted[..<space]).vcardTrimmed
                last = String(formatted[formatted.index(after: space)...]).vcardTrimmed
            } else {
                first = formatted.vcardTrimmed
            }
        } else if first.isEmpty, formatted.hasSuffix(" " + last) {
            first = String(formatted.dropLast(last.count + 1)).vcardTrimmed
        } else if last.isEmpty, formatted.hasPrefix(first + " ") {
            last = String(formatted.dropFirst(first.count + 1)).vcardTrimmed
        }
        // Only a family name ("N:Smith;;;;"): that is the friend's one name.
        if first.isEmpty, !last.isEmpty { (first, last) = (last, "") }
        var problems: [String] = []
        if let reason = FriendValidation.nameProblem(first) { problems.append("first name: \(reason)") }
        if let reason = FriendValidation.lastNameProblem(last) { problems.append("last name: \(reason)") }
        return (first, last, problems.isEmpty ? nil : problems.joined(separator: "; "))
    }

    /// The lines of an address component joined with commas, tabs as spaces, without blanks around.
    private static func oneLine(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) else { return text.vcardTrimmed }
        let lines = text.split(omittingEmptySubsequences: true) { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
        return lines.map { VCardText.trim(Substring(String($0).map { $0 == "\t" ? " " : $0 })) }
            .filter { !$0.isEmpty }.joined(separator: ", ")
    }

    /// A component of `N`; several values (`Anna,Maria`) read as one name.
    private static func nameComponent(_ raw: Substring) -> String {
        if !raw.utf8.contains(UInt8(ascii: ",")) && !raw.utf8.contains(UInt8(ascii: "\\")) { return raw.vcardTrimmed }
        return VCardText.split(raw, at: ",").map { VCardText.unescape($0).vcardTrimmed }.filter { !$0.isEmpty }
            .joined(separator: " ")
    }

    /// 4.0 `geo:47.1,9.5[,alt][;u=…]`, 3.0 `47.1;9.5` (and the common `47.1,9.5`).
    static func coordinate(from raw: String) -> Coordinate? {
        var text = raw.vcardTrimmed
        let parts: [Substring]
        if VCardText.hasPrefixIgnoringASCIICase(text[...], "GEO:") {
            text.removeFirst(4)
            let beforeParameters = text.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)[0]
            parts = beforeParameters.split(separator: ",", omittingEmptySubsequences: false)
            guard parts.count == 2 || parts.count == 3 else { return nil }
        } else {
            parts = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == ";" || $0 == "," })
            guard parts.count == 2 else { return nil }
        }
        guard let latitude = Double(parts[0].vcardTrimmed), let longitude = Double(parts[1].vcardTrimmed) else { return nil }
        let coordinate = Coordinate(latitude: latitude, longitude: longitude)
        return coordinate.isValid ? coordinate : nil
    }

    private static func rank(_ property: VCardContentLine) -> Int {
        min(property.preference ?? 1000, 1000)
    }

    private static func ordered(_ candidates: [Candidate]) -> [String] {
        if candidates.count < 2 { return candidates.map(\.value) }
        return candidates.enumerated()
            .sorted { ($0.element.rank, $0.offset) < ($1.element.rank, $1.offset) }
            .map(\.element.value)
    }
}

fileprivate extension String {
    /// Without the spaces and tabs around it.
    var vcardTrimmed: String { VCardText.trim(self[...]) }
}

fileprivate extension Substring {
    /// Without the spaces and tabs around it.
    var vcardTrimmed: String { VCardText.trim(self) }
}
