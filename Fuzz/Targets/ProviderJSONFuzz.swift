import Foundation
@testable import NearbyCore
@testable import NearbyData
@testable import NearbyHTTP
@testable import NearbyRemote

// The places services' answers: JSON that parses encodes and parses back to the same value; every place
// mapped from it (Overpass elements, Google places) has a clean, non-empty name, clean texts and a valid
// coordinate; error bodies become a PlacesError with a clean message.

private let overpass = OverpassPlacesProvider(
    baseURL: URL(string: "http://127.0.0.1:9")!,
    categorize: { tags in tags["amenity"] == nil && tags["shop"] == nil ? nil : .cafe })

private func isClean(_ text: String) -> Bool {
    !text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0.value == 0x1B }
}

private func checkPlace(_ place: Place, from origin: String) {
    fuzzCheck(!place.name.isEmpty, "\(origin): a place without a name")
    fuzzCheck(isClean(place.name), "\(origin): a name with a control character: \(place.name.debugDescription)")
    fuzzCheck(place.coordinate.isValid, "\(origin): an invalid coordinate \(place.coordinate)")
    for text in [place.phone, place.address.formatted, place.address.street, place.address.city].compactMap({ $0 }) {
        fuzzCheck(isClean(text), "\(origin): a text with a control character: \(text.debugDescription)")
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func providerJSONFuzz(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let data = Data(fuzzBytes(start, count))
    let now = Date(timeIntervalSince1970: 1_718_000_000)

    // Error answers are read whether or not they are JSON.
    let failure = GoogleAPIError(response: HTTPClient.Response(status: 429, body: data), now: now)
        .placesError(keySource: "the key", now: now)
    fuzzCheck(isClean(String(describing: failure)), "an error message with a control character: \(failure)")

    let value: JSONValue
    do {
        value = try JSONValue.parse(data)
    } catch {
        return 0
    }
    let encoded = value.encoded()
    let again = try? JSONValue.parse(encoded)
    fuzzCheck(again != nil, "the encoding of a parsed value does not parse: \(String(decoding: encoded, as: UTF8.self))")
    fuzzCheck(again == value || again?.encoded() == encoded, "parse, encode, parse changed the value")

    let candidates = (value["elements"]?.arrayValue ?? []) + (value["places"]?.arrayValue ?? []) + [value]
    for element in candidates {
        if let place = overpass.place(from: element) { checkPlace(place, from: "Overpass") }
        if let place = GooglePlaceMapping.place(from: element, reportedAt: now) { checkPlace(place, from: "Google") }
    }

    return 0
}
