import ArgumentParser
import Foundation
import NearbyCore
import NearbyData

/// `nearby friends list`: every friend in list order, as a table or JSON.
struct FriendsListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List friends.")

    @OptionGroup var global: GlobalOptions

    @Flag(help: "Print JSON instead of a table.")
    var json = false

    @Option(help: "Only friends whose name, phone or e-mail contains this (case- and accent-insensitive).")
    var filter: String?

    func run() async throws {
        let repository = LocalFriendsRepository(database: try global.openStore(.readOnly))
        let friends: [Friend]
        do {
            if let filter {
                let total = try await repository.friendsPage(filter: filter, offset: 0, limit: 0).total
                friends = try await repository.friendsPage(filter: filter, offset: 0, limit: total).friends
            } else {
                friends = try await repository.listFriends()
            }
        } catch {
            FriendsOutput.error("nearby: \(FriendsOutput.describe(error))")
            throw ExitCode.failure
        }
        if json {
            FriendsOutput.write(try FriendsJSON.encode(friends) + "\n")
        } else if friends.isEmpty {
            print(filter == nil ? "No friends yet. Add one with: nearby friends add --first NAME --last NAME --phone NUMBER"
                                : "No friend matches.")
        } else {
            FriendsOutput.write(FriendsOutput.table(friends))
        }
    }
}

/// The JSON form of friends for scripts.
enum FriendsJSON {
    private struct Entry: Encodable {
        var id: Int64
        var firstName: String
        var lastName: String
        var phoneNumber: String
        var email: String?
        var latitude: Double?
        var longitude: Double?
        var placeName: String?
        var createdAt: Date
        var updatedAt: Date
    }

    static func encode(_ friends: [Friend]) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        let entries = friends.map {
            Entry(id: $0.id, firstName: $0.firstName, lastName: $0.lastName, phoneNumber: $0.phoneNumber,
                  email: $0.email, latitude: $0.coordinate?.latitude, longitude: $0.coordinate?.longitude,
                  placeName: $0.placeName, createdAt: $0.createdAt, updatedAt: $0.updatedAt)
        }
        let json = String(decoding: try encoder.encode(entries), as: UTF8.self)
        return escapingC1(json)
    }

    /// JSON only must escape C0 controls; DEL and C1 controls are escaped too, so that printing the JSON to a
    /// terminal is as safe as printing the table. They can only occur inside strings, where `\u` is valid.
    private static func escapingC1(_ json: String) -> String {
        guard json.unicodeScalars.contains(where: { (0x7F...0x9F).contains($0.value) }) else { return json }
        var result = ""
        for scalar in json.unicodeScalars {
            if (0x7F...0x9F).contains(scalar.value) {
                result += String(format: "\\u%04x", scalar.value)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
