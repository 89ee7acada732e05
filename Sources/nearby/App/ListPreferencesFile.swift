import FoundationEssentials
import NearbyViewModels

/// `list-preferences` in the data folder: the order, rows and radius the lists were last left with.
struct ListPreferencesFile {
    let path: String

    init(directory: URL) {
        path = directory.appendingPathComponent("list-preferences").path
    }

    /// The kept preferences; the standard ones when the file is missing or unreadable.
    func read() -> ListPreferences {
        guard let bytes = try? FileSystem.read(path, limit: 4_096),
              let text = String(validating: bytes, as: UTF8.self) else { return ListPreferences() }
        return ListPreferences(text: text)
    }

    func write(_ preferences: ListPreferences) {
        // Remembering is a convenience: a read-only folder or a full disk must not stop the app.
        try? FileSystem.writeWhole(Array(preferences.text.utf8), to: path, replacing: true)
    }
}
