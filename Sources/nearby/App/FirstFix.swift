import NearbyCore

/// One position from gpsd, for `L gps` in the app and `--near gps` on the command line: the first fix within
/// the patience, or the reason there is none (gpsd not running, no fix yet).
enum FirstFix {
    /// How long to wait for a receiver's first fix: a warm receiver reports within a second or two.
    static let patience: Duration = .seconds(5)

    enum Outcome: Equatable {
        case fix(Coordinate)
        case unavailable(String)
    }

    static func from(_ source: any PositionSource, patience: Duration = FirstFix.patience) async -> Outcome {
        await withTaskGroup(of: Outcome?.self) { group in
            group.addTask {
                for await update in source.updates() {
                    switch update {
                    case .fix(let fix): return .fix(fix.coordinate)
                    case .unavailable(let reason): return .unavailable(reason)
                    // Keep listening: a receiver often reports "no fix" a few times before its first position.
                    case .noFix: continue
                    }
                }
                return nil
            }
            group.addTask {
                try? await Task.sleep(for: patience)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first ?? .unavailable("the GPS has no position yet")
        }
    }
}
