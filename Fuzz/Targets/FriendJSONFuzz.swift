import Foundation
import NearbyCore
import NearbyData
import NearbyHTTP

// The service's friend bodies (`FriendInput`, compiled in from Service/Sources/NearbyServer): whatever JSON comes in, what
// is accepted passes the rules every way a friend enters shares (`FriendValidation`), what is refused names its
// fields with a message a user can read, and a whole friend is refused whenever the same body as an edit is.

private func isClean(_ text: String) -> Bool {
    !text.isEmpty && !text.unicodeScalars.contains { FriendValidation.isForbidden($0) || $0.value < 0x20 }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func friendJSONFuzz(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let value: JSONValue
    do {
        value = try JSONValue.parse(Data(fuzzBytes(start, count)))
    } catch {
        return 0
    }
    let isObject: Bool
    if case .object = value { isObject = true } else { isObject = false }

    let edit = FriendInput.changes(value)
    let whole = FriendInput.draft(value)
    var editProblems: [FriendField: String] = [:]
    switch edit {
    case .notAnObject:
        fuzzCheck(!isObject, "an object was called not an object")
    case .problems(let problems):
        fuzzCheck(isObject, "problems reported for a body that is not an object")
        fuzzCheck(!problems.isEmpty, "a refusal that names no field")
        editProblems = problems
    case .value(let changes):
        fuzzCheck(isObject, "an edit read from a body that is not an object")
        fuzzCheck(changes.problems.isEmpty, "an edit accepted with problems: \(changes.problems)")
    }
    for message in editProblems.values { fuzzCheck(isClean(message), "an unreadable message: \(message.debugDescription)") }

    switch whole {
    case .notAnObject:
        fuzzCheck(!isObject, "an object was called not an object (whole friend)")
    case .problems(let problems):
        fuzzCheck(!problems.isEmpty, "a whole friend refused with no field named")
        for (field, message) in editProblems {
            fuzzCheck(problems[field] == message, "the edit's problem with \(field) is not the whole friend's")
        }
        for message in problems.values { fuzzCheck(isClean(message), "an unreadable message: \(message.debugDescription)") }
    case .value(let draft):
        fuzzCheck(editProblems.isEmpty, "a whole friend accepted where the same edit was refused")
        let problems = FriendValidation.problems(in: draft)
        fuzzCheck(problems.isEmpty, "a friend accepted that the form would refuse: \(problems)")
        // A friend may have one name ("Mom", a company): the first name and the phone are what every friend has.
        for text in [draft.firstName, draft.phoneNumber] {
            fuzzCheck(!text.isEmpty, "a friend accepted without a required field")
        }
        for text in [draft.firstName, draft.lastName, draft.phoneNumber] {
            fuzzCheck(text == text.trimmingCharacters(in: .whitespaces), "a field kept its surrounding spaces")
        }
    }
    return 0
}
