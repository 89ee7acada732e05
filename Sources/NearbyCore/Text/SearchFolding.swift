import Foundation

/// Folds text for matching the way users expect: case- and accent-insensitive ("Cafe" finds "Café").
public enum SearchFolding {
    public static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    }
}
