import CSQLite

/// When a write connection copies the WAL back into the database (a checkpoint), in place of SQLite's own
/// rule of "after every commit once the WAL holds 1,000 frames".
///
/// SQLite's rule assumes the WAL starts again after a checkpoint. With two processes writing one store (two
/// `nearby serve` instances, or one beside the app) it rarely does: the other writer begins its transaction
/// before the checkpoint has copied everything, so the WAL keeps growing and SQLite's rule checkpoints after
/// every commit, each time with two `fdatasync`s. Here a commit checkpoints once the WAL has grown by
/// `step` frames since the last checkpoint; a WAL that has not started again by `restartAt` frames is
/// checkpointed holding the write lock (RESTART), so the next writer starts it again and it stays bounded.
final class WALCheckpoints {
    /// What a commit that left the WAL at some size does.
    enum Decision: Equatable {
        case nothing
        /// Copies what it can without waiting for anyone.
        case passive
        /// Waits briefly for other writers and readers, copies all, and lets the next writer start the WAL again.
        case restart
    }

    /// Frames the WAL grows by between checkpoints: SQLite's default auto-checkpoint size.
    static let step: Int32 = 1_000
    /// The WAL size at which a checkpoint takes the write lock so that the WAL can start again.
    static let restartAt: Int32 = 4 * step
    /// How long a RESTART checkpoint waits for other writers and readers before settling for what it could
    /// copy: it holds the write lock meanwhile, so every writer waits as long.
    static let restartWaitMilliseconds: Int32 = 5

    /// The connection's busy budget, restored after a RESTART checkpoint's shorter one.
    var busyMilliseconds: Int32 = 0
    /// The WAL size (in frames) at which the next checkpoint is due.
    private(set) var dueAt: Int32 = step
    /// Checkpoints run, for the tests.
    private(set) var passiveCount = 0
    private(set) var restartCount = 0
    /// The WAL's size after the last commit.
    private(set) var lastFrames: Int32 = 0

    /// What to do after a commit that left `frames` frames in the WAL; the next checkpoint is then due
    /// `step` frames later.
    func decide(frames: Int32) -> Decision {
        // Smaller than at the last commit: the WAL started again (after a checkpoint that copied everything),
        // so the count starts from its head.
        if frames < lastFrames { dueAt = Self.step }
        lastFrames = frames
        guard frames >= dueAt else { return .nothing }
        dueAt = frames + Self.step
        return frames >= Self.restartAt ? .restart : .passive
    }

    /// Installs the rule on the connection `handle`, whose owner keeps `self` alive while it is open.
    func install(on handle: OpaquePointer) {
        sqlite3_wal_hook(handle, { context, db, schema, frames in
            guard let context, let db else { return SQLITE_OK }
            let checkpoints = Unmanaged<WALCheckpoints>.fromOpaque(context).takeUnretainedValue()
            checkpoints.committed(frames: frames, db: db, schema: schema)
            // A checkpoint that could not run is not an error of the commit, which has taken place.
            return SQLITE_OK
        }, Unmanaged.passUnretained(self).toOpaque())
    }

    private func committed(frames: Int32, db: OpaquePointer, schema: UnsafePointer<CChar>?) {
        switch decide(frames: frames) {
        case .nothing:
            return
        case .passive:
            passiveCount += 1
            sqlite3_wal_checkpoint_v2(db, schema, SQLITE_CHECKPOINT_PASSIVE, nil, nil)
        case .restart:
            restartCount += 1
            // The connection's own busy budget would hold every writer for seconds behind a long reader.
            SQLiteConnection.installBusyHandler(on: db, milliseconds: Self.restartWaitMilliseconds)
            sqlite3_wal_checkpoint_v2(db, schema, SQLITE_CHECKPOINT_RESTART, nil, nil)
            SQLiteConnection.installBusyHandler(on: db, milliseconds: busyMilliseconds)
        }
    }
}
