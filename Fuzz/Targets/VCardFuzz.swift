import Foundation
@testable import NearbyCore

// vCard files: reading in chunks gives what reading at once gives (the line reader's state survives any
// split), every card read passes the friend rules, and a card written from a friend reads back as that friend.

@_cdecl("LLVMFuzzerTestOneInput")
public func vCardFuzz(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let bytes = fuzzBytes(start, count)
    let whole = VCardParser.parse(bytes)

    // The first byte picks the chunk size, so the fuzzer explores the splits too.
    let chunk = max(1, Int(bytes.first ?? 1) % 17)
    var parser = VCardParser()
    var chunked: [VCardEntry] = []
    var offset = 0
    while offset < bytes.count {
        let end = min(bytes.count, offset + chunk)
        chunked += parser.read(UnsafeRawBufferPointer(rebasing: bytes[offset..<end]))
        offset = end
    }
    chunked += parser.finish()
    fuzzCheck(whole == chunked, "reading in chunks of \(chunk) differs from reading at once")

    for entry in whole {
        guard case .contact(let contact) = entry else { continue }
        let problems = FriendValidation.problems(in: contact.draft)
        fuzzCheck(problems.isEmpty, "a card read from line \(contact.line) breaks the friend rules: \(problems)")
        let friend = Friend(id: 1, draft: contact.draft, createdAt: Date(timeIntervalSince1970: 0),
                            updatedAt: Date(timeIntervalSince1970: 0))
        let again = VCardParser.parse(Array(VCardWriter.card(for: friend).utf8))
        guard again.count == 1, case .contact(let reread) = again[0] else {
            fuzzCheck(false, "the card written for line \(contact.line) does not read back as one card: \(again)")
            return 0
        }
        fuzzCheck(reread.draft == contact.draft,
                  "line \(contact.line): wrote \(contact.draft), read back \(reread.draft)")
    }
    return 0
}
