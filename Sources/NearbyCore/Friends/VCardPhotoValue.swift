import FoundationEssentials

/// Reads a `PHOTO` property: vCard 3.0's `ENCODING=b` (2.1's `ENCODING=BASE64`), 4.0's `data:` URIs, and
/// `http(s)` addresses. Only the form is checked here; whether the bytes are a picture is the store's to find.
enum VCardPhotoValue {
    /// What a failure says, after "photo left out: ".
    struct Problem: Error, Equatable {
        var reason: String
    }

    static func read(_ property: VCardContentLine) -> Result<VCardPhoto, Problem> {
        let value = VCardText.trim(property.value)
        let encoding = property.values(of: "ENCODING")
        let isBase64 = encoding.contains { VCardText.equalsIgnoringASCIICase($0[...], "B")
            || VCardText.equalsIgnoringASCIICase($0[...], "BASE64") } || property.hasType("BASE64")
        if isBase64 { return bytes(base64: value[...]) }
        if VCardText.hasPrefixIgnoringASCIICase(value[...], "DATA:") { return dataURI(value.dropFirst(5)) }
        if VCardText.hasPrefixIgnoringASCIICase(value[...], "HTTPS://")
            || VCardText.hasPrefixIgnoringASCIICase(value[...], "HTTP://") {
            guard value.utf8.count <= 2048, value.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F })
            else { return .failure(Problem(reason: "not an address that can be fetched")) }
            return .success(.link(value))
        }
        if value.isEmpty { return .failure(Problem(reason: "empty")) }
        return .failure(Problem(reason: "neither embedded nor an http(s) address"))
    }

    /// `[mediatype][;base64],data` (RFC 2397).
    private static func dataURI(_ rest: Substring) -> Result<VCardPhoto, Problem> {
        guard let comma = rest.firstIndex(of: ",") else { return .failure(Problem(reason: "a data: address without data")) }
        let header = rest[..<comma], payload = rest[rest.index(after: comma)...]
        let base64 = header.split(separator: ";").contains { VCardText.equalsIgnoringASCIICase($0, "BASE64") }
        if base64 { return bytes(base64: payload) }
        guard let decoded = PercentEncoding.decoded(String(payload)) else {
            return .failure(Problem(reason: "a damaged data: address"))
        }
        return decoded.isEmpty ? .failure(Problem(reason: "empty")) : .success(.embedded(Array(decoded.utf8)))
    }

    private static func bytes(base64 text: Substring) -> Result<VCardPhoto, Problem> {
        // Folding leaves spaces inside the text; they are no part of it.
        guard let data = Data(base64Encoded: String(text), options: .ignoreUnknownCharacters), !data.isEmpty else {
            return .failure(Problem(reason: "not base64"))
        }
        return .success(.embedded(Array(data)))
    }
}
