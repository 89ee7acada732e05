import Testing
@testable import NearbyCore

/// Where a place's picture is, from the tags OpenStreetMap puts it in, and back from the store's form.
struct RemotePictureTests {
    @Test(arguments: [
        ("File:Vaduz Castle.jpg", RemotePicture?.some(.commons("Vaduz Castle.jpg"))),
        ("  file:Schloss_Vaduz.JPG ", .some(.commons("Schloss_Vaduz.JPG"))),
        ("Category:Vaduz", nil),
        ("File:", nil),
        ("Vaduz.jpg", nil),
        ("File:a\u{1B}[2J.jpg", nil),
        ("File:a\u{202E}gpj.exe", nil),
        ("File:a|b.jpg", nil),
    ])
    func commonsTag(value: String, expected: RemotePicture?) {
        #expect(RemotePicture(commons: value) == expected)
    }

    @Test(arguments: [
        ("https://example.com/cafe.jpg", RemotePicture?.some(.address("https://example.com/cafe.jpg"))),
        ("http://example.com/a.png", .some(.address("http://example.com/a.png"))),
        ("https://commons.wikimedia.org/wiki/File:Vaduz_Castle.jpg", .some(.commons("Vaduz Castle.jpg"))),
        ("https://commons.wikimedia.org/wiki/File:Caf%C3%A9_Amann.jpg", .some(.commons("Café Amann.jpg"))),
        ("HTTPS://Commons.Wikimedia.org/wiki/File:X.jpg", .some(.commons("X.jpg"))),
        // A category page showing one of its files in the media viewer, and a Wikipedia article doing the same.
        ("https://commons.wikimedia.org/wiki/Category:Chapels_(Triesen)?uselang=de#/media/File:Chapel_east_side.jpg",
         .some(.commons("Chapel east side.jpg"))),
        ("https://de.wikipedia.org/wiki/Bahnhof_Triesen#/media/Datei:Triesen_station_2019.jpg",
         .some(.commons("Triesen station 2019.jpg"))),
        ("https://commons.wikimedia.org/wiki/File:Tower.jpg?uselang=en", .some(.commons("Tower.jpg"))),
        ("File:Triesen Kirche.jpg", .some(.commons("Triesen Kirche.jpg"))),
        ("https://commons.wikimedia.org/wiki/Category:Triesen",
         .some(.address("https://commons.wikimedia.org/wiki/Category:Triesen"))),
        ("https://upload.wikimedia.org/wikipedia/commons/7/73/Old_house_%E2%80%93_front.jpg",
         .some(.commons("Old house – front.jpg"))),
        ("https://upload.wikimedia.org/wikipedia/commons/thumb/7/73/Old_house.jpg/640px-Old_house.jpg",
         .some(.commons("Old house.jpg"))),
        ("ftp://example.com/a.jpg", nil),
        ("Vaduz.jpg", nil),
        ("https://example.com/a b.jpg", nil),
        ("https://example.com/\u{1B}]0;pwned\u{07}.jpg", nil),
        ("https://example.com/" + String(repeating: "a", count: 2000), nil),
    ])
    func imageTag(value: String, expected: RemotePicture?) {
        #expect(RemotePicture(image: value) == expected)
    }

    @Test func theStoredFormReadsBack() {
        for picture: RemotePicture in [.commons("Vaduz Castle.jpg"), .address("https://example.com/cafe.jpg")] {
            #expect(RemotePicture(stored: picture.stored) == picture)
        }
        #expect(RemotePicture(stored: "commons:") == nil)
        #expect(RemotePicture(stored: "garbage") == nil)
    }
}
