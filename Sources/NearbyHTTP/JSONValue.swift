import FoundationEssentials
import NearbyCore

/// Any JSON document, decoded without assumptions so that wrong types and missing fields become
/// checks in code rather than failed decodes of a whole answer.
public enum JSONValue: Hashable, Sendable, Codable {
    case null
    case bool(Bool)
    case integer(Int64)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null }
        else if let value = try? container.decode(Bool.self) { self = .bool(value) }
        else if let value = try? container.decode(Int64.self) { self = .integer(value) }
        else if let value = try? container.decode(Double.self) { self = .number(value) }
        else if let value = try? container.decode(String.self) { self = .string(value) }
        else if let value = try? container.decode([JSONValue].self) { self = .array(value) }
        else { self = .object(try container.decode([String: JSONValue].self)) }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// Parses `data`; throws `.badBody` with a short reason when it is not JSON.
    public static func parse(_ data: Data) throws(HTTPFailure) -> JSONValue {
        do {
            return try JSONDecoder().decode(JSONValue.self, from: data)
        } catch {
            throw .badBody("Not JSON (\(data.count) bytes)")
        }
    }

    /// The JSON text of this value.
    public func encoded() -> Data {
        // Encoding a JSONValue cannot fail: every case is plain JSON (non-finite numbers become null).
        (try? JSONEncoder().encode(self.finite)) ?? Data("null".utf8)
    }

    private var finite: JSONValue {
        switch self {
        case .number(let value) where !value.isFinite: .null
        case .array(let items): .array(items.map(\.finite))
        case .object(let fields): .object(fields.mapValues(\.finite))
        default: self
        }
    }

    public subscript(key: String) -> JSONValue? {
        if case .object(let fields) = self { return fields[key] }
        return nil
    }

    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// An integer, also from a string of digits or a whole floating-point number ("id": "42", 42.0).
    public var integerValue: Int64? {
        switch self {
        case .integer(let value): value
        case .number(let value) where value.rounded() == value && abs(value) < 9.0e15: Int64(value)
        case .string(let text): Int64(text.trimmingSpaces())
        default: nil
        }
    }

    public var doubleValue: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .number(let value): value
        case .string(let text): Double(text.trimmingSpaces())
        default: nil
        }
    }

    public var arrayValue: [JSONValue]? {
        if case .array(let items) = self { return items }
        return nil
    }

    public var isNull: Bool { self == .null }
}
