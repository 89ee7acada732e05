import NearbyCore

/// The words a places list shows for its state: the title, and the rows that stand in for places.
extension PlacesListState {
    /// "Cafés · 1,204 within 2 km · by distance".
    func title(_ env: PlacesListEnvironment) -> String {
        let subject = env.subject
        var parts = [subject.titleText]
        let within = withinText(env)
        let request = applied ?? requested(env)
        if let span = request.openDuring {
            let among = isTruncated ? " among the nearest \(DisplayText.count(Self.sortedLimit))" : ""
            let count = isLoaded ? "\(DisplayText.count(hits.count)) " : ""
            parts.append("\(count)open \(span.label)\(among) \(within)")
        } else if !request.filter.isEmpty {
            // How many match: all of them once every match is held, else those held so far and a "+".
            let count = !isLoaded ? "" : isComplete || next == nil ? "\(DisplayText.count(hits.count)) "
                : "\(DisplayText.count(hits.count))+ "
            parts.append("\(count)matching “\(DisplayText.oneLine(request.filter))” \(within)")
        } else if isLoaded, isCapped, total == nil {
            parts.append("nearest \(DisplayText.count(hits.count)) \(within)")
        } else if isLoaded, isTruncated {
            let of = total.map { " of \(DisplayText.count($0))" } ?? ""
            parts.append("nearest \(DisplayText.count(hits.count))\(of) \(within)")
        } else if isLoaded, let total {
            parts.append("\(DisplayText.count(total)) \(within)")
        } else {
            parts.append(within)
        }
        parts.append(order.title)
        return parts.joined(separator: " · ")
    }

    /// Whether anything the title reads differs from `other`; a moved selection does not, so `j` and `k` make
    /// no words.
    func titleReadsDifferently(from other: PlacesListState) -> Bool {
        phase != other.phase || hits.count != other.hits.count || isTruncated != other.isTruncated
            || isComplete != other.isComplete || isCapped != other.isCapped || total != other.total
            || applied != other.applied || (next == nil) != (other.next == nil) || filter != other.filter
            || order != other.order || radius != other.radius
    }

    /// "within 2 km", or "anywhere" for a search of the whole store.
    func withinText(_ env: PlacesListEnvironment) -> String { SearchRadius.within(radius, units: env.units) }

    func loadingText(_ env: PlacesListEnvironment) -> String {
        let request = requested(env)
        let subject = env.subject
        if !request.filter.isEmpty {
            return "Searching \(subject.pluralText) for “\(DisplayText.oneLine(request.filter))” \(withinText(env))…"
        }
        if let search = subject.searchText {
            return "Searching for “\(DisplayText.oneLine(search))” \(withinText(env))…"
        }
        return "Loading \(subject.pluralText) \(withinText(env))…"
    }

    /// Whether a wider radius could find more.
    func canWiden(_ env: PlacesListEnvironment) -> Bool {
        SearchRadius.wider(than: (applied ?? requested(env)).radius) != nil
    }

    func emptyText(_ env: PlacesListEnvironment) -> String {
        let subject = env.subject
        let request = applied ?? requested(env)
        let within = SearchRadius.within(request.radius, units: env.units)
        let open = request.openDuring.map { " open \($0.label)" } ?? ""
        if !request.filter.isEmpty {
            return "No \(subject.pluralText) match “\(DisplayText.oneLine(request.filter))” \(within)" + open
        }
        if let search = subject.searchText {
            let guess = suggestions.isEmpty ? ""
                : ". Did you mean " + suggestions.map { "“\(DisplayText.oneLine($0))”" }.joined(separator: ", ") + "?"
            return "Nothing matches “\(DisplayText.oneLine(search))” \(within)" + open + guess
        }
        return "No \(subject.pluralText) \(within)" + open
    }

    /// The sources' attributions for the footer, on one line.
    var attributionText: String { attributions.map(DisplayText.oneLine).joined(separator: " · ") }
}
