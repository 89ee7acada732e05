import Foundation

/// The short line a list shows under a place's name, and that search matches besides the name.
extension Place {
    /// Cuisine, else the street address, else the operator or brand; empty when the source has none.
    public var subtitle: String {
        if let cuisine, !cuisine.isEmpty {
            // "italian;pizza" → "italian, pizza"; "coffee_shop" → "coffee shop". (Written by hand: this runs
            // for every place an import writes.)
            return cuisine.split(separator: ";")
                .map { part in
                    String(part.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed()
                        .map { $0 == "_" ? " " : $0 })
                }
                .filter { !$0.isEmpty }
                .joined(separator: ", ")
        }
        if let line = address.streetLine { return line }
        if let operatorName, !operatorName.isEmpty { return operatorName }
        if let brand, !brand.isEmpty { return brand }
        return ""
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
            let line = first.trimmingCharacters(in: .whitespaces)
            return line.isEmpty ? nil : line
        }
        return nil
    }
}
