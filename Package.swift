// swift-tools-version:6.1
import PackageDescription

/// The folder of this manifest: the link reads the order of `nearby`'s functions from it.
let packageRoot = String(#filePath.dropLast("Package.swift".count))

/// Release builds put each function in a section of its own, so the link can place the functions `nearby`
/// runs in everyday use together at the front of its code (Link/nearby.order, written by
/// scripts/hot-functions): the kernel maps code in 64 KB windows around each fault, so scattered hot code
/// made most of the binary resident (docs/benchmarks.md, "Hot code first").
let functionSections: SwiftSetting = .unsafeFlags(["-Xfrontend", "-function-sections"], .when(configuration: .release))

/// Targets that must not need full Foundation: a member is usable only where its module is imported, so a
/// Foundation-only API cannot slip in through another target that still imports Foundation.
let essentialsOnly: [SwiftSetting] = [.enableUpcomingFeature("MemberImportVisibility"), functionSections]

let package = Package(
    name: "Nearby",
    products: [
        .executable(name: "nearby", targets: ["nearby"]),
        // What the service (Service/Package.swift, a package of its own) builds on: the domain, the store and
        // the network layer, the text safety of the terminal layer, the service's options and the version.
        .library(name: "NearbyCore", targets: ["NearbyCore"]),
        .library(name: "NearbyData", targets: ["NearbyData"]),
        .library(name: "OSMFormats", targets: ["OSMFormats"]),
        .library(name: "NearbyRemote", targets: ["NearbyRemote"]),
        .library(name: "NearbyHTTP", targets: ["NearbyHTTP"]),
        // The service checks a photo's first bytes as the app does.
        .library(name: "Pictures", targets: ["Pictures"]),
        .library(name: "Locking", targets: ["Locking"]),
        .library(name: "TerminalView", targets: ["TerminalView"]),
        .library(name: "TerminalText", targets: ["TerminalText"]),
        .library(name: "NearbyServerOptions", targets: ["NearbyServerOptions"]),
        .library(name: "NearbyBuild", targets: ["NearbyBuild"]),
        // The service's tests spawn processes, wait and drive tmux as the app's tests do.
        .library(name: "NearbyTestSupport", targets: ["TestSupport"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        // System libraries (Debian: libncurses-dev, zlib1g-dev, libcurl4-openssl-dev).
        // No pkgConfig: ncursesw's .pc adds -D flags SwiftPM refuses; the shim defines what it needs.
        .systemLibrary(name: "CNcurses", path: "Modules/CNcurses", providers: [.apt(["libncurses-dev"])]),
        .systemLibrary(name: "CZlib", path: "Modules/CZlib", pkgConfig: "zlib",
                       providers: [.apt(["zlib1g-dev"])]),
        // The HTTP transport; the shim wraps libcurl's variadic setters, which Swift cannot call.
        .systemLibrary(name: "CCurl", path: "Modules/CCurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        // SQLite (Debian's, with R*Tree and FTS5); the shim names SQLITE_TRANSIENT, a cast macro Swift cannot import.
        .systemLibrary(name: "CSQLite", path: "Modules/CSQLite", providers: [.apt(["libsqlite3-dev"])]),
        // Async-signal-safe signal forwarding and tty restore for the curses session.
        .target(name: "CTerminalSupport"),

        // A value behind a POSIX mutex (`Locked`): the one lock type, one ThreadSanitizer can follow.
        .target(name: "Locking", swiftSettings: essentialsOnly),
        // The toolkit: cells, widgets, key maps. FoundationEssentials only.
        // What text becomes on a terminal: its columns and its safe form. The TUI, the command line and the
        // service share it.
        .target(name: "TerminalText", swiftSettings: essentialsOnly),
        .target(name: "TerminalView", dependencies: ["Locking", "TerminalText"], swiftSettings: essentialsOnly),
        // The ncurses backend and the run loop.
        .target(name: "CursesTerminal", dependencies: ["CNcurses", "CTerminalSupport", "TerminalView", "TerminalText"],
                swiftSettings: essentialsOnly),
        // The world's time-zone outlines (zones.bin, written by scripts/make-zone-data) inside the binary, so
        // `nearby` copied anywhere still has them: the assembler includes the file by the absolute path named here.
        .target(name: "CZoneData", exclude: ["zones.bin"],
                cSettings: [.define("NEARBY_ZONE_DATA", to: "\"\(packageRoot)Sources/CZoneData/zones.bin\"")]),
        // Pictures through the system's libraries, opened at run time: libjpeg-turbo, libpng and libwebp decode,
        // libchafa draws cells (Debian: libturbojpeg0-dev, libpng-dev, libwebp-dev for the headers; libchafa0).
        .target(name: "CPictures"),
        // Decoding, scaling and encoding pictures, and drawing them as cells: no terminal, no store.
        .target(name: "Pictures", dependencies: ["CPictures"], swiftSettings: essentialsOnly),
        // The domain, no I/O.
        .target(name: "NearbyCore", dependencies: ["Locking", "CZoneData"], swiftSettings: essentialsOnly),
        // A generic SQLite driver over the system's libsqlite3: connections, statements, values, WAL checkpoints.
        // No Nearby types (docs/decisions/sqlite-layer.md).
        .target(name: "SQLiteDriver", dependencies: ["CSQLite"], swiftSettings: essentialsOnly),
        // The HTTP client over libcurl (opened at run time), JSON values and writing, Retry-After, the User-Agent.
        .target(name: "NearbyHTTP", dependencies: ["CCurl", "Locking", "NearbyCore"], swiftSettings: essentialsOnly),
        // OpenStreetMap's formats, read: PBF, XML (gzipped too), osmChange; no store (docs/decisions/osm-readers.md).
        .target(name: "OSMFormats", dependencies: ["CZlib", "Locking", "NearbyCore"], swiftSettings: essentialsOnly),
        // The store, the OSM import and the walking network; the download index and replication feeds.
        .target(name: "NearbyData", dependencies: [
            "Locking", "NearbyCore", "OSMFormats", "SQLiteDriver", "NearbyHTTP", "CSQLite", "Pictures",
            .product(name: "Logging", package: "swift-log"),
        ], swiftSettings: essentialsOnly),
        // What lives on other machines: the live places providers (Overpass, Google, another Nearby's service)
        // and their cache in the store, the friends service's client and its JSON, gpsd.
        .target(name: "NearbyRemote", dependencies: [
            "Locking", "NearbyCore", "NearbyData", "NearbyHTTP", "SQLiteDriver", "Pictures",
            .product(name: "Logging", package: "swift-log"),
        ], swiftSettings: essentialsOnly),
        // The service's command-line options, declared once for `nearby serve` (which checks them) and
        // `nearby-server` (which runs them). ArgumentParser only: nothing of the server comes with them.
        .target(name: "NearbyServerOptions", dependencies: [
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ], swiftSettings: [functionSections]),
        // The version (VERSION) and the commit, stamped before each build by the BuildStamp plugin.
        .target(name: "NearbyBuild", plugins: ["BuildStamp"]),
        .plugin(name: "BuildStamp", capability: .buildTool()),
        // Headless view models.
        .target(name: "NearbyViewModels", dependencies: ["Locking", "NearbyCore"], swiftSettings: essentialsOnly),
        // Terminal views bound to view models.
        .target(name: "NearbyScreens", dependencies: ["TerminalView", "TerminalText", "NearbyViewModels"],
                swiftSettings: essentialsOnly),
        // The executable: command line and wiring.
        .executableTarget(name: "nearby", dependencies: [
            "TerminalView", "TerminalText", "CursesTerminal", "CTerminalSupport", "NearbyCore", "NearbyData", "OSMFormats", "NearbyRemote",
            "NearbyViewModels", "NearbyScreens", "Pictures",
            "NearbyServerOptions", "Locking", "NearbyBuild",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "Logging", package: "swift-log"),
        ], swiftSettings: essentialsOnly,
        // Nothing loads into the app that needs its symbols (libcurl is opened with RTLD_LOCAL): not exporting
        // its 8,000 symbols saves the loader's work and about 0.5 MB of resident memory. lld (shipped with
        // Swift) places the functions of Link/nearby.order first; one missing from it is only placed later.
        linkerSettings: [.unsafeFlags(["-Xlinker", "--no-export-dynamic", "-use-ld=lld",
                                       "-Xlinker", "--symbol-ordering-file=\(packageRoot)Link/nearby.order",
                                       "-Xlinker", "--no-warn-symbol-ordering"], .when(configuration: .release))]),

        // The benchmarks that time Nearby's code from inside (docs/benchmarks.md): a program of its own, so the
        // user's binary carries none of them; installed nowhere.
        .executableTarget(name: "nearby-bench", dependencies: [
            "NearbyCore", "NearbyData", "SQLiteDriver", "NearbyViewModels", "Locking", "Pictures",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ], swiftSettings: essentialsOnly),

        // What the test targets share: spawning processes clean, waiting off the cooperative pool, fixtures.
        .target(name: "CTestSupport", path: "Tests/CTestSupport"),
        .target(name: "TestSupport", dependencies: ["CTestSupport", "CZlib", "Locking"], path: "Tests/TestSupport",
                exclude: ["download_site.py"]),
        // The app's frame pipeline without a terminal (`HeadlessRunner` over a `MemoryTerminal`), for render tests.
        .target(name: "TerminalTestSupport", dependencies: ["TerminalView"], path: "Tests/TerminalTestSupport"),
        // Stand-ins for the live places services (Overpass, Google Places API (New)) on 127.0.0.1, checking
        // what the real services check; used by the provider tests and the end-to-end tests, shipped nowhere.
        .target(name: "PlacesStandIns", dependencies: ["NearbyData", "NearbyHTTP", "NearbyCore", "TestSupport", "Locking"],
                path: "Tests/PlacesStandIns"),

        .testTarget(name: "LockingTests", dependencies: ["Locking"]),
        .testTarget(name: "OSMFormatsTests", dependencies: ["OSMFormats", "TestSupport"]),
        .testTarget(name: "PicturesTests", dependencies: ["Pictures", "CPictures", "TestSupport"]),
        .testTarget(name: "TerminalViewTests", dependencies: ["TerminalView", "TerminalText", "TerminalTestSupport", "TestSupport"]),
        .testTarget(name: "TerminalTextTests", dependencies: ["TerminalText"]),
        .testTarget(name: "NearbyScreensTests", dependencies: ["NearbyScreens", "NearbyViewModels", "TerminalView", "NearbyCore",
                                                              "NearbyData", "TerminalText", "TerminalTestSupport", "TestSupport"],
                    exclude: ["__Snapshots__"]),
        .testTarget(name: "CursesTerminalTests", dependencies: ["nearby", "CursesTerminal", "CTerminalSupport", "TerminalText",
                                                               "TestSupport"]),
        .testTarget(name: "EndToEndTests", dependencies: ["nearby", "NearbyData", "PlacesStandIns", "TestSupport", "Locking"]),
        // TestSupport: the tools the tests compare with (zdump, python3) are spawned clean.
        // Time/Fixtures: the points scripts/zone-agreement compared with timezonefinder.
        .testTarget(name: "NearbyCoreTests", dependencies: ["NearbyCore", "TestSupport"], exclude: ["Time/Fixtures"]),
        // The independent router the walking network is checked against is a Python script the test runs.
        .testTarget(name: "NearbyHTTPTests", dependencies: ["NearbyHTTP", "NearbyCore", "CCurl", "TestSupport", "Locking"]),
        .testTarget(name: "NearbyDataTests", dependencies: ["NearbyData", "OSMFormats", "NearbyCore", "SQLiteDriver", "NearbyHTTP", "CCurl", "CSQLite",
                                                           "PlacesStandIns", "TestSupport", "Locking", "Pictures"],
                    exclude: ["Routing/reference_router.py"]),
        .testTarget(name: "NearbyRemoteTests", dependencies: ["NearbyRemote", "NearbyData", "NearbyCore", "SQLiteDriver",
                                                             "NearbyHTTP", "CCurl", "PlacesStandIns", "TestSupport", "Locking"]),
        .testTarget(name: "nearbyTests", dependencies: ["nearby", "NearbyData", "NearbyRemote", "NearbyCore", "NearbyServerOptions",
                                                         "Pictures", "TestSupport", "Locking"]),
        .testTarget(name: "NearbyViewModelsTests", dependencies: ["NearbyViewModels", "NearbyCore", "Locking"]),
    ],
    swiftLanguageModes: [.v6]
)
