import NearbyCore

/// The words of a place's name and subtitle, or of a search, as the store indexes and matches them: folded
/// (case and accents), split into runs of letters and digits. A search matches a place when each of its
/// words starts one of the place's words; every backend of places follows this one rule.
public enum PlaceSearchText {
    /// The words of `text`, folded.
    public static func words(in text: String) -> [String] {
        FullTextQuery.words(of: SearchFolding.fold(text))
    }

    /// The distinct words of a place's name and subtitle.
    public static func words(of place: Place) -> [String] {
        var seen = Set<String>()
        return (words(in: place.name) + words(in: place.subtitle)).filter { seen.insert($0).inserted }
    }
}
