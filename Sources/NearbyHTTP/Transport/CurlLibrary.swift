import CCurl
import Glibc

/// libcurl, opened at run time when the transport starts (the first request of a live source), so that commands
/// and sessions that make no request never load it, nor the TLS, Kerberos and LDAP libraries it brings.
/// Immutable once loaded: a table of function addresses, shared by every thread.
final class CurlLibrary: @unchecked Sendable {
    /// Why libcurl could not be used; `HTTPFailure.networkLibraryMissing` carries the detail.
    enum LoadFailure: Error, Hashable, Sendable {
        /// No libcurl could be opened (the loader's own words for logs).
        case notFound(String)
        /// The libcurl found lacks a function the transport calls: a version older than 7.68.
        case tooOld(missing: String)
        /// `curl_global_init` refused (out of memory, a broken TLS library).
        case setUpFailed(Int)

        var detail: String {
            switch self {
            case .notFound(let reason): "libcurl not found: \(reason)"
            case .tooOld(let missing): "libcurl too old: no \(missing)"
            case .setUpFailed(let code): "libcurl set-up failed (curl \(code))"
            }
        }
    }

    /// The soname of libcurl 7.16 and later, whichever TLS library it was built with.
    static let soname = "libcurl.so.4"

    /// The process's libcurl, opened and set up once, on first use.
    static let shared: Result<CurlLibrary, LoadFailure> = load(soname)

    /// The table the shim's wrappers call through; allocated once and never freed, like the library itself.
    let api: UnsafePointer<nearby_curl_api>

    private init(api: UnsafePointer<nearby_curl_api>) {
        self.api = api
    }

    /// Opens `name`, finds the functions the transport calls and runs libcurl's global set-up.
    /// A library that fails is closed again, so a failed attempt leaves nothing loaded.
    static func load(_ name: String) -> Result<CurlLibrary, LoadFailure> {
        // RTLD_LOCAL: libcurl's symbols stay out of the global namespace; only the table reaches them.
        guard let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) else {
            return .failure(.notFound(dlerror().map { String(cString: $0) } ?? name))
        }
        let table = UnsafeMutablePointer<nearby_curl_api>.allocate(capacity: 1)
        table.initialize(to: nearby_curl_api())
        if let missing = nearby_curl_resolve(handle, table) {
            table.deallocate()
            dlclose(handle)
            return .failure(.tooOld(missing: String(cString: missing)))
        }
        // Once per process, before any handle exists; the library stays open from here on.
        let code = nearby_curl_global_init(table, Int(CURL_GLOBAL_ALL))
        guard code == CURLE_OK else {
            // Left open: a half set-up TLS library may have registered exit handlers inside it.
            table.deallocate()
            return .failure(.setUpFailed(Int(code.rawValue)))
        }
        return .success(CurlLibrary(api: UnsafePointer(table)))
    }
}
