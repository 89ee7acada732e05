/// The columns of a places row at a width: the name first, then what the rest of the row says.
///
/// Each column is handed out in turns, each turn taking at most its share of what is left, so every column is
/// as wide or wider at a wider terminal: a name is never cut shorter by widening the window (at 100 columns
/// the subtitle used to appear and take the name's room, so "Restaurant Amarone" and "Restaurant Adler" both
/// read "Restaurant A…"). The name takes the slack before the rating and the subtitle get any, up to
/// `nameLimit`: past that a very wide terminal leaves the end of the row blank rather than set the distance 200
/// columns away from the name.
struct PlaceRowLayout: Equatable {
    /// The widest a name column gets (with its space): names longer than this are rare, and the columns after it
    /// stay within a glance of it.
    static let nameLimit = 72
    /// The subtitle's width (cuisine or address): it does not grow past this, since for many places it is empty
    /// and a wider one would only push the distance away from the name.
    static let subtitleWidth = 24
    /// The favourite's mark and the space after it, before the name (outside the columns).
    static let gutter = 2

    /// Widths in cells, each with its one space of separation; 0: the column is not shown.
    var name = 0
    var subtitle = 0
    var distance = 0
    var walk = 0
    var open = 0
    var rating = 0

    /// The row's columns across `width` cells (the favourite's gutter left out). `walking`: the source has
    /// paths; `ratings`: it rates places; `detailed`: the subtitle is on a line of its own.
    init(width: Int, walking: Bool, ratings: Bool, detailed: Bool) {
        var left = max(0, width)
        func take(_ wanted: Int) -> Int {
            let given = min(left, max(0, wanted))
            left -= given
            return given
        }
        name = take(16)
        distance = take(10)
        open = take(14)
        if walking { walk = take(9) }
        name += take(28 - name)
        open += take(24 - open)
        if ratings { rating = take(14) }
        // Names past 48 cells are rare: the subtitle takes the slack from 60 on (a column of a few cells is left
        // blank; handing those back to the name would narrow it when the subtitle grows).
        name += take(60 - name)
        if !detailed { subtitle = take(Self.subtitleWidth) }
        name += take(Self.nameLimit - name)
    }

    /// The cells the columns take; the rest of the row stays blank.
    var width: Int { name + subtitle + distance + walk + open + rating }
}
