/// The Overpass answer the network places tests serve, around "here" (47.141, 9.5209): two cafés (a node
/// and a way with its centre), a pharmacy, and a café whose name and hours carry escape sequences, as a
/// hostile or broken entry in OpenStreetMap could.
enum OverpassFixture {
    /// `--near` for the app: the fixture's distances are measured from here.
    static let near = "47.141,9.5209"

    /// Written as Overpass writes it; `\u001b` is JSON's escape for ESC, which the app receives as a raw ESC.
    static let json = #"""
    {"version": 0.6, "generator": "Overpass stand-in", "osm3s": {"copyright": "OpenStreetMap contributors"},
     "elements": [
      {"type": "node", "id": 101, "lat": 47.1420, "lon": 9.5209,
       "tags": {"amenity": "cafe", "name": "Café Amadeus", "opening_hours": "Mo-Su 07:00-19:00",
                "addr:street": "Städtle", "addr:housenumber": "5", "phone": "+423 232 00 00",
                "cuisine": "coffee_shop"}},
      {"type": "way", "id": 202, "center": {"lat": 47.1440, "lon": 9.5209},
       "tags": {"amenity": "cafe", "name": "Kaffee Bar Vaduz", "opening_hours": "24/7"}},
      {"type": "node", "id": 303, "lat": 47.1400, "lon": 9.5190,
       "tags": {"amenity": "cafe", "name": "\u001b[31mEvil", "opening_hours": "\u001b[2JMo-Fr whenever"}},
      {"type": "node", "id": 404, "lat": 47.1415, "lon": 9.5230,
       "tags": {"amenity": "pharmacy", "name": "Apotheke am Städtle", "opening_hours": "Mo-Fr 08:00-18:30"}},
      {"type": "node", "id": 505, "lat": 47.1411, "lon": 9.5210, "tags": {"amenity": "bench", "name": "Bench"}}
     ]}
    """#

    /// The hostile name as the screen must show it: the ESC replaced by a visible glyph, the rest inert text.
    /// The data layer already swaps control characters for U+FFFD; the terminal toolkit would show ␛.
    static let sanitisedNames = ["\u{FFFD}[31mEvil", "\u{241B}[31mEvil"]
}
