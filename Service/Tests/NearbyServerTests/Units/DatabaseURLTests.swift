import Foundation
import NearbyServer
import Testing

@Suite("DatabaseURL")
struct DatabaseURLTests {
    @Test("reads user, password, host, port, database and sslmode; never shows the password")
    func parts() throws {
        let url = try DatabaseURL("postgresql://nearby:p%40ss:w0rd@db.example.org:6432/places?sslmode=require")
        #expect(url.username == "nearby")
        #expect(url.password == "p@ss:w0rd")
        #expect(url.host == "db.example.org")
        #expect(url.port == 6432)
        #expect(url.database == "places")
        #expect(url.tls == .require)
        #expect(url.description == "postgresql://nearby:***@db.example.org:6432/places")
        #expect(!"\(url)".contains("w0rd"))
        #expect(url.server == "db.example.org:6432")
    }

    @Test("defaults and IPv6 hosts")
    func defaults() throws {
        let plain = try DatabaseURL("postgres://me@[::1]/")
        #expect(plain.host == "::1")
        #expect(plain.port == 5432)
        #expect(plain.database == "me")
        #expect(plain.password == nil)
        #expect(plain.tls == .prefer)
        #expect(plain.description == "postgresql://me@[::1]:5432/me")
        #expect(try DatabaseURL("postgresql://u@h:1/d?sslmode=disable").tls == .disable)
    }

    @Test("bad URLs are refused without quoting them", arguments: [
        "mysql://u:secretpw@h/d", "secretpw", "postgresql://u:secretpw@h:99999/d", "postgresql://u:secretpw@h/d?sslmode=bogus",
        "postgresql://u:secretpw@[::1/d",
    ])
    func refused(_ text: String) {
        do {
            _ = try DatabaseURL(text)
            Issue.record("accepted \(text)")
        } catch {
            #expect(!error.description.contains("secretpw"))
        }
    }
}
