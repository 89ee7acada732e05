import NearbyCore
import Testing

/// Names shown in their own order: the walkthrough's card N:李;小龍 was shown "小龍 李".
struct PersonNameTests {
    @Test(arguments: [
        ("Anna", "Beck", "Anna Beck"), ("小龍", "李", "李小龍"), ("길동", "홍", "홍길동"), ("太郎", "山田", "山田太郎"),
        ("Mom", "", "Mom"), ("", "Beck", "Beck"), ("Bruce", "李", "Bruce 李"), ("Владимир", "Путин", "Владимир Путин"),
    ])
    func display(first: String, last: String, expected: String) {
        #expect(PersonName.display(first: first, last: last) == expected)
        #expect(Friend(id: 1, firstName: first, lastName: last, phoneNumber: "1").fullName == expected)
    }
}
