import NearbyCore

/// The stored code of each category (`CategoryRule.code`, never renumbered) as the store uses it.
enum CategoryCode {
    static func code(of category: Category) -> Int { CategoryMapping.code(of: category) }

    static func category(of code: Int) -> Category? { CategoryMapping.category(code: code) }

    /// The index's third axis: each category owns [2c, 2c+1], a slab of width one so that index nodes
    /// holding a single category keep a non-zero volume (R* splits compare volumes).
    static func indexRange(of category: Category) -> (low: Int, high: Int) {
        let c = code(of: category)
        return (2 * c, 2 * c + 1)
    }

    /// The slab bounds that admit every category.
    static let allCategories = (low: 0, high: 2 * 1_000 + 1)
}
