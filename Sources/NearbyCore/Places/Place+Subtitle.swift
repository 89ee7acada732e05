/// The short line a list shows under (or beside) a place's name, and that search matches besides the name.
///
/// One kind of thing per category, so a list's subtitle column reads the same down its length: what a
/// restaurant serves, who runs an ATM or a fuel station (unless the name says it already), and the street
/// for everything else. A place without that one thing has an empty subtitle rather than another kind.
extension Place {
    /// What the subtitle of a place of each category holds.
    public enum SubtitleKind: Hashable, Sendable {
        case cuisine
        case operatorOrBrand
        case street
    }

    /// The kind of subtitle places of `category` show.
    public static func subtitleKind(for category: Category) -> SubtitleKind {
        switch category {
        case .restaurant, .fastFood: .cuisine
        case .atm, .bank, .fuel, .pharmacy, .supermarket, .convenience: .operatorOrBrand
        default: .street
        }
    }

    /// The subtitle: see `subtitleKind(for:)`; empty when the source has none of it.
    public var subtitle: String {
        switch Self.subtitleKind(for: category) {
        case .cuisine: cuisineText
        case .operatorOrBrand: operatorText ?? ""
        case .street: address.streetLine ?? ""
        }
    }

    /// "italian;pizza" → "italian, pizza"; "coffee_shop" → "coffee shop". (Written by hand: this runs for every
    /// place an import writes.)
    public var cuisineText: String {
        guard let cuisine, !cuisine.isEmpty else { return "" }
        return cuisine.split(separator: ";")
            .map { part in
                String(part.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed()
                    .map { $0 == "_" ? " " : $0 })
            }
            .filter { !$0.isEmpty }
            .joined(separator: ", ")
    }

    /// The operator, else the brand; nil when neither is known or the name says it already ("LLB AG" for an
    /// ATM called "LLB AG", "Shell" for "Shell Vaduz").
    public var operatorText: String? {
        let folder = SearchFolding.fold
        let name = folder(self.name)
        for candidate in [operatorName, brand] {
            guard let candidate = candidate?.trimmingBlanks(), !candidate.isEmpty else { continue }
            let folded = folder(candidate)
            if name.contains(folded) || folded.contains(name) { return nil }
            return candidate
        }
        return nil
    }
}

extension Address {
    /// "Städtle 17", or the formatted address's first part; nil without a street.
    public var streetLine: String? {
        if let street, !street.isEmpty {
            if let houseNumber, !houseNumber.isEmpty { return "\(street) \(houseNumber)" }
            return street
        }
        if let formatted, let first = formatted.split(separator: ",").first {
            let line = first.trimmingBlanks()
            return line.isEmpty ? nil : line
        }
        return nil
    }
}
