import CCurl
import Foundation
import NearbyCore
import Locking
import Testing
@testable import NearbyHTTP

@Suite("CurlLibrary")
struct CurlLibraryTests {
    @Test("the system's libcurl opens, with every function the transport calls")
    func systemLibcurlLoads() throws {
        let curl = try CurlLibrary.load(CurlLibrary.soname).get()
        #expect(nearby_curl_easy_init(curl.api).map { easy in nearby_curl_easy_cleanup(curl.api, easy); return true } == true)
    }

    @Test("a library that is not libcurl is named as too old, with the function it lacks")
    func notLibcurl() {
        guard case .failure(let failure) = CurlLibrary.load("libz.so.1") else {
            Issue.record("libz loaded as libcurl")
            return
        }
        #expect(failure == .tooOld(missing: "curl_global_init"))
    }

    @Test("without libcurl, a request fails at once in words a user can act on")
    func missingLibcurl() async {
        let engine = CurlEngine(threadName: "http-no-curl") { CurlLibrary.load("libcurl-absent.so.0") }
        let client = HTTPClient(baseURL: URL(string: "http://127.0.0.1:9")!, timeout: .seconds(5), maxBodySize: 1024,
                                headers: [:], engine: engine)
        let failure: HTTPFailure?
        do {
            _ = try await client.send(.init(path: "/"))
            failure = nil
        } catch {
            failure = error
        }
        guard case .networkLibraryMissing(let detail)? = failure else {
            Issue.record("expected a missing libcurl, got \(String(describing: failure))")
            return
        }
        #expect(detail.contains("libcurl-absent.so.0"))
        #expect(failure?.message == "Live sources need libcurl (apt install libcurl4).")
    }

    @Test("the engine opens libcurl at its first request, not before, and once")
    func loadsOnFirstRequest() async {
        let loads = Locked(0)
        let engine = CurlEngine(threadName: "http-lazy") {
            loads.withLock { $0 += 1 }
            return CurlLibrary.load("libcurl-absent.so.0")
        }
        let client = HTTPClient(baseURL: URL(string: "http://127.0.0.1:9")!, timeout: .seconds(5), maxBodySize: 1024,
                                headers: [:], engine: engine)
        #expect(loads.withLock { $0 } == 0)
        _ = try? await client.send(.init(path: "/"))
        _ = try? await client.send(.init(path: "/"))
        #expect(loads.withLock { $0 } == 1)
    }
}
