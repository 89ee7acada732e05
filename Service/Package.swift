// swift-tools-version:6.1
import PackageDescription

/// The friends and places service, a package of its own: `nearby-server`, its HTTP layer on Hummingbird and
/// SwiftNIO, and its backends (the local store, PostgreSQL/PostGIS). It is cut where the process boundary already
/// was: `nearby serve` and `nearby import --database` hand over to `nearby-server` installed beside `nearby`.
/// The app's package (the folder above) resolves none of the server's libraries, so building and testing the
/// app never compiles them (docs/architecture.md, "Two packages").
let package = Package(
    name: "NearbyService",
    products: [
        .executable(name: "nearby-server", targets: ["nearby-server"]),
    ],
    dependencies: [
        // The app's package: its domain, store and network layer, and `nearby` for the tests that run both.
        .package(name: "Nearby", path: ".."),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    ],
    targets: [
        // glibc's mallopt, for the service's allocator settings (FreedMemory).
        .systemLibrary(name: "CMalloc", path: "Modules/CMalloc"),
        // The service: HTTP on Hummingbird, the local store or PostgreSQL/PostGIS behind it.
        .target(name: "NearbyServer", dependencies: [
            "CMalloc",
            .product(name: "Locking", package: "Nearby"),
            .product(name: "NearbyCore", package: "Nearby"),
            .product(name: "NearbyData", package: "Nearby"),
            .product(name: "OSMFormats", package: "Nearby"),
            .product(name: "NearbyRemote", package: "Nearby"),
            .product(name: "NearbyHTTP", package: "Nearby"),
            .product(name: "Pictures", package: "Nearby"),
            .product(name: "HummingbirdCore", package: "hummingbird"),
            .product(name: "HummingbirdTLS", package: "hummingbird"),
            .product(name: "PostgresNIO", package: "postgres-nio"),
            // Only to tell its errors apart (a pool whose connections keep failing is a 503, in words).
            .product(name: "_ConnectionPoolModule", package: "postgres-nio"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"),
            .product(name: "NIOSSL", package: "swift-nio-ssl"),
            .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
            .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
            .product(name: "HTTPTypes", package: "swift-http-types"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            .product(name: "Logging", package: "swift-log"),
        ]),
        // The service's executable; `nearby serve` hands over to it.
        .executableTarget(name: "nearby-server", dependencies: [
            "NearbyServer",
            .product(name: "NearbyServerOptions", package: "Nearby"),
            .product(name: "NearbyCore", package: "Nearby"),
            .product(name: "NearbyData", package: "Nearby"),
            .product(name: "OSMFormats", package: "Nearby"),
            .product(name: "TerminalText", package: "Nearby"),
            .product(name: "Locking", package: "Nearby"),
            .product(name: "NearbyBuild", package: "Nearby"),
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "Logging", package: "swift-log"),
        ]),

        // The executables too, so `swift test` builds the binaries the process tests start.
        .testTarget(name: "NearbyServerTests", dependencies: [
            "NearbyServer", "nearby-server",
            .product(name: "nearby", package: "Nearby"),
            .product(name: "NearbyData", package: "Nearby"),
            .product(name: "NearbyRemote", package: "Nearby"),
            .product(name: "NearbyHTTP", package: "Nearby"),
            .product(name: "NearbyCore", package: "Nearby"),
            .product(name: "NearbyTestSupport", package: "Nearby"),
            .product(name: "Locking", package: "Nearby"),
        ]),
        // The app in tmux against `nearby serve`.
        .testTarget(name: "ServiceEndToEndTests", dependencies: [
            "nearby-server",
            .product(name: "nearby", package: "Nearby"),
            .product(name: "NearbyTestSupport", package: "Nearby"),
        ]),
    ],
    swiftLanguageModes: [.v6]
)
