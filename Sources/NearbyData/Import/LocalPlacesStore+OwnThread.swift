import OSMFormats
import Locking

extension LocalPlacesStore {
    /// `importOpenStreetMap` on a thread of its own: the import blocks for as long as it reads (seconds for a
    /// country), and must hold none of the Swift pool's few threads while the app goes on answering keys and
    /// queries (the Regions screen's updates and downloads).
    public func importOpenStreetMapOnOwnThread(
        at path: String, changes: OSMChangeSet? = nil,
        progress: @escaping @Sendable (OSMImportProgress) -> Void = { _ in }
    ) async throws(OSMImportError) -> OSMImportSummary {
        let result: Result<OSMImportSummary, OSMImportError> = await withCheckedContinuation { continuation in
            let started = PThread.start { [self] in
                do throws(OSMImportError) {
                    continuation.resume(returning: .success(
                        try importOpenStreetMap(at: path, changes: changes, progress: progress)))
                } catch {
                    continuation.resume(returning: .failure(error))
                }
            }
            if !started { continuation.resume(returning: .failure(.sink("no thread could be started for the import"))) }
        }
        return try result.get()
    }
}
