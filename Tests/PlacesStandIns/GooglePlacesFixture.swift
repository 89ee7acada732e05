import Foundation
import NearbyData
import NearbyHTTP

/// Places API (New) Place objects around "here" (47.141, 9.5209), written after the shapes of Google's
/// documented examples: `displayName` with its language, `location`, `types` and `primaryType`,
/// `regularOpeningHours` with `periods` (day 0 is Sunday) and `weekdayDescriptions`, `currentOpeningHours`
/// with `openNow`, `priceLevel` as an enum name, `addressComponents` with `longText`/`shortText`.
public enum GooglePlacesFixture {
    /// `--near` for the app: the fixture's distances are measured from here.
    public static let near = "47.141,9.5209"

    /// Ids of places the tests look at.
    public static let amadeusID = "ChIJ-Amadeus-Cafe-0001"
    public static let kaffeeBarID = "ChIJ-Kaffee-Bar-0002"
    public static let apothekeID = "ChIJ-Apotheke-0003"

    public static let json = #"""
    [
     {"id": "ChIJ-Amadeus-Cafe-0001", "name": "places/ChIJ-Amadeus-Cafe-0001",
      "displayName": {"text": "Café Amadeus", "languageCode": "de"},
      "types": ["cafe", "coffee_shop", "food", "point_of_interest", "store", "establishment"], "primaryType": "cafe",
      "location": {"latitude": 47.1420, "longitude": 9.5209},
      "formattedAddress": "Städtle 5, 9490 Vaduz, Liechtenstein", "shortFormattedAddress": "Städtle 5, Vaduz",
      "addressComponents": [
        {"longText": "5", "shortText": "5", "types": ["street_number"], "languageCode": "de"},
        {"longText": "Städtle", "shortText": "Städtle", "types": ["route"], "languageCode": "de"},
        {"longText": "Vaduz", "shortText": "Vaduz", "types": ["locality", "political"], "languageCode": "de"},
        {"longText": "9490", "shortText": "9490", "types": ["postal_code"], "languageCode": "de"},
        {"longText": "Liechtenstein", "shortText": "LI", "types": ["country", "political"], "languageCode": "de"}],
      "nationalPhoneNumber": "232 00 00", "internationalPhoneNumber": "+423 232 00 00",
      "websiteUri": "https://amadeus.example/", "rating": 4.6, "userRatingCount": 212,
      "priceLevel": "PRICE_LEVEL_INEXPENSIVE", "businessStatus": "OPERATIONAL",
      "accessibilityOptions": {"wheelchairAccessibleEntrance": true},
      "regularOpeningHours": {"periods": [
        {"open": {"day": 0, "hour": 7, "minute": 0}, "close": {"day": 0, "hour": 19, "minute": 0}},
        {"open": {"day": 1, "hour": 7, "minute": 0}, "close": {"day": 1, "hour": 19, "minute": 0}},
        {"open": {"day": 2, "hour": 7, "minute": 0}, "close": {"day": 2, "hour": 19, "minute": 0}},
        {"open": {"day": 3, "hour": 7, "minute": 0}, "close": {"day": 3, "hour": 19, "minute": 0}},
        {"open": {"day": 4, "hour": 7, "minute": 0}, "close": {"day": 4, "hour": 19, "minute": 0}},
        {"open": {"day": 5, "hour": 7, "minute": 0}, "close": {"day": 5, "hour": 19, "minute": 0}},
        {"open": {"day": 6, "hour": 7, "minute": 0}, "close": {"day": 6, "hour": 19, "minute": 0}}],
       "weekdayDescriptions": ["Monday: 7:00 AM – 7:00 PM", "Tuesday: 7:00 AM – 7:00 PM",
        "Wednesday: 7:00 AM – 7:00 PM", "Thursday: 7:00 AM – 7:00 PM", "Friday: 7:00 AM – 7:00 PM",
        "Saturday: 7:00 AM – 7:00 PM", "Sunday: 7:00 AM – 7:00 PM"]},
      "attributions": [{"provider": "Liechtenstein Tourismus", "providerUri": "https://tourismus.example/"}],
      "photos": [{"name": "places/ChIJ-Amadeus-Cafe-0001/photos/AmadeusPhoto-01", "widthPx": 4032, "heightPx": 3024,
        "authorAttributions": [{"displayName": "Anna \u001b[31mBeck", "uri": "https://maps.example/contrib/1",
                                "photoUri": "https://photos.example/a.jpg"}]}]},
     {"id": "ChIJ-Kaffee-Bar-0002", "name": "places/ChIJ-Kaffee-Bar-0002",
      "displayName": {"text": "Kaffee Bar Vaduz", "languageCode": "de"},
      "types": ["cafe", "food", "point_of_interest", "establishment"], "primaryType": "cafe",
      "location": {"latitude": 47.1440, "longitude": 9.5209},
      "formattedAddress": "Äulestrasse 20, 9490 Vaduz, Liechtenstein", "shortFormattedAddress": "Äulestrasse 20, Vaduz",
      "rating": 4.1, "userRatingCount": 37, "businessStatus": "OPERATIONAL",
      "currentOpeningHours": {"openNow": true}},
     {"id": "ChIJ-Apotheke-0003", "name": "places/ChIJ-Apotheke-0003",
      "displayName": {"text": "Apotheke am Städtle", "languageCode": "de"},
      "types": ["pharmacy", "drugstore", "health", "point_of_interest", "store", "establishment"],
      "primaryType": "pharmacy", "location": {"latitude": 47.1415, "longitude": 9.5230},
      "formattedAddress": "Städtle 20, 9490 Vaduz, Liechtenstein", "shortFormattedAddress": "Städtle 20, Vaduz",
      "internationalPhoneNumber": "+423 232 60 60", "businessStatus": "OPERATIONAL",
      "regularOpeningHours": {"periods": [
        {"open": {"day": 1, "hour": 8, "minute": 0}, "close": {"day": 1, "hour": 18, "minute": 30}},
        {"open": {"day": 2, "hour": 8, "minute": 0}, "close": {"day": 2, "hour": 18, "minute": 30}},
        {"open": {"day": 3, "hour": 8, "minute": 0}, "close": {"day": 3, "hour": 18, "minute": 30}},
        {"open": {"day": 4, "hour": 8, "minute": 0}, "close": {"day": 4, "hour": 18, "minute": 30}},
        {"open": {"day": 5, "hour": 8, "minute": 0}, "close": {"day": 5, "hour": 18, "minute": 30}}]}},
     {"id": "ChIJ-Torkel-0004", "name": "places/ChIJ-Torkel-0004",
      "displayName": {"text": "Restaurant Torkel", "languageCode": "de"},
      "types": ["restaurant", "food", "point_of_interest", "establishment"], "primaryType": "restaurant",
      "location": {"latitude": 47.1460, "longitude": 9.5190},
      "shortFormattedAddress": "Hintergass 9, Vaduz", "rating": 4.4, "userRatingCount": 801,
      "priceLevel": "PRICE_LEVEL_EXPENSIVE", "businessStatus": "OPERATIONAL",
      "regularOpeningHours": {"periods": [{"open": {"day": 0, "hour": 0, "minute": 0}}]}},
     {"id": "ChIJ-Bank-ATM-0005", "name": "places/ChIJ-Bank-ATM-0005",
      "displayName": {"text": "LLB Bancomat", "languageCode": "de"},
      "types": ["atm", "finance", "point_of_interest", "establishment"], "primaryType": "atm",
      "location": {"latitude": 47.1411, "longitude": 9.5215}, "shortFormattedAddress": "Städtle 44, Vaduz",
      "businessStatus": "OPERATIONAL"},
     {"id": "ChIJ-Evil-Cafe-0006", "name": "places/ChIJ-Evil-Cafe-0006",
      "displayName": {"text": "\u001b[31mEvil\u202e Café", "languageCode": "en"},
      "types": ["cafe"], "primaryType": "cafe", "location": {"latitude": 47.1400, "longitude": 9.5190},
      "shortFormattedAddress": "\u001b]0;owned\u0007Street", "businessStatus": "OPERATIONAL"},
     {"id": "ChIJ-Closed-Cafe-0007", "name": "places/ChIJ-Closed-Cafe-0007",
      "displayName": {"text": "Café Gone", "languageCode": "de"},
      "types": ["cafe"], "primaryType": "cafe", "location": {"latitude": 47.1412, "longitude": 9.5209},
      "businessStatus": "CLOSED_PERMANENTLY"},
     {"id": "ChIJ-Far-Cafe-0008", "name": "places/ChIJ-Far-Cafe-0008", "strays": true,
      "displayName": {"text": "Café Feldkirch", "languageCode": "de"},
      "types": ["cafe"], "primaryType": "cafe", "location": {"latitude": 47.2380, "longitude": 9.5980},
      "shortFormattedAddress": "Marktgasse 1, Feldkirch", "businessStatus": "OPERATIONAL",
      "currentOpeningHours": {"openNow": true}}
    ]
    """#

    /// The Place objects, every field present.
    public static let places: [JSONValue] = (try? JSONValue.parse(Data(json.utf8)))?.arrayValue ?? []

    /// The names of a Place's fields as the API defines them (a field mask may name only these).
    public static let fieldNames: Set<String> = [
        "id", "name", "displayName", "types", "primaryType", "primaryTypeDisplayName", "nationalPhoneNumber",
        "internationalPhoneNumber", "formattedAddress", "shortFormattedAddress", "postalAddress",
        "addressComponents", "plusCode", "location", "viewport", "rating", "googleMapsUri", "googleMapsLinks",
        "websiteUri", "reviews", "regularOpeningHours", "currentOpeningHours", "currentSecondaryOpeningHours",
        "regularSecondaryOpeningHours", "utcOffsetMinutes", "timeZone", "photos", "adrFormatAddress",
        "businessStatus", "priceLevel", "priceRange", "attributions", "iconMaskBaseUri", "iconBackgroundColor", "photos",
        "userRatingCount", "takeout", "delivery", "dineIn", "curbsidePickup", "reservable", "servesBreakfast",
        "servesLunch", "servesDinner", "servesBeer", "servesWine", "servesBrunch", "servesVegetarianFood",
        "editorialSummary", "outdoorSeating", "liveMusic", "menuForChildren", "servesCocktails", "servesDessert",
        "servesCoffee", "goodForChildren", "allowsDogs", "restroom", "goodForGroups", "goodForWatchingSports",
        "paymentOptions", "parkingOptions", "accessibilityOptions", "fuelOptions", "evChargeOptions",
        "generativeSummary", "reviewSummary", "containingPlaces", "pureServiceAreaBusiness", "subDestinations",
    ]

    /// Fields billed at the Enterprise + Atmosphere tier: a list request must not name any of them.
    public static let atmosphereFields: Set<String> = [
        "reviews", "takeout", "delivery", "dineIn", "curbsidePickup", "reservable", "servesBreakfast", "servesLunch",
        "servesDinner", "servesBeer", "servesWine", "servesBrunch", "servesVegetarianFood", "editorialSummary",
        "outdoorSeating", "liveMusic", "menuForChildren", "servesCocktails", "servesDessert", "servesCoffee",
        "goodForChildren", "allowsDogs", "restroom", "goodForGroups", "goodForWatchingSports", "paymentOptions",
        "parkingOptions", "fuelOptions", "evChargeOptions", "generativeSummary", "reviewSummary",
    ]

    /// Types of the API's Table A, which requests may filter by (Table B's "food" or "establishment" may only
    /// come back in answers).
    public static let tableATypes: Set<String> = [
        "car_dealer", "car_rental", "car_repair", "car_wash", "electric_vehicle_charging_station", "gas_station",
        "parking", "rest_stop", "farm", "art_gallery", "museum", "performing_arts_theater", "library", "preschool",
        "primary_school", "school", "secondary_school", "university", "amusement_center", "amusement_park",
        "aquarium", "banquet_hall", "bowling_alley", "casino", "community_center", "convention_center",
        "cultural_center", "dog_park", "event_venue", "hiking_area", "historical_landmark", "marina",
        "movie_rental", "movie_theater", "national_park", "night_club", "park", "tourist_attraction",
        "visitor_center", "wedding_venue", "zoo", "accounting", "atm", "bank", "american_restaurant", "bakery", "bar",
        "barbecue_restaurant", "brazilian_restaurant", "breakfast_restaurant", "brunch_restaurant", "cafe",
        "chinese_restaurant", "coffee_shop", "fast_food_restaurant", "french_restaurant", "greek_restaurant",
        "hamburger_restaurant", "ice_cream_shop", "indian_restaurant", "indonesian_restaurant",
        "italian_restaurant", "japanese_restaurant", "korean_restaurant", "lebanese_restaurant", "meal_delivery",
        "meal_takeaway", "mediterranean_restaurant", "mexican_restaurant", "middle_eastern_restaurant",
        "pizza_restaurant", "pub", "ramen_restaurant", "restaurant", "sandwich_shop", "seafood_restaurant",
        "spanish_restaurant", "steak_house", "sushi_restaurant", "thai_restaurant", "turkish_restaurant",
        "vegan_restaurant", "vegetarian_restaurant", "vietnamese_restaurant", "wine_bar", "city_hall", "courthouse",
        "embassy", "fire_station", "local_government_office", "police", "post_office", "dental_clinic", "dentist",
        "doctor", "drugstore", "hospital", "medical_lab", "pharmacy", "physiotherapist", "spa", "bed_and_breakfast",
        "campground", "camping_cabin", "cottage", "extended_stay_hotel", "farmstay", "guest_house", "hostel",
        "hotel", "lodging", "motel", "private_guest_room", "resort_hotel", "rv_park", "church", "hindu_temple",
        "mosque", "synagogue", "barber_shop", "beauty_salon", "cemetery", "child_care_agency", "consultant",
        "courier_service", "electrician", "florist", "funeral_home", "hair_care", "hair_salon", "insurance_agency",
        "laundry", "lawyer", "locksmith", "moving_company", "painter", "plumber", "real_estate_agency",
        "roofing_contractor", "storage", "tailor", "telecommunications_service_provider", "travel_agency",
        "veterinary_care", "auto_parts_store", "bicycle_store", "book_store", "cell_phone_store", "clothing_store",
        "convenience_store", "department_store", "discount_store", "electronics_store", "furniture_store",
        "gift_shop", "grocery_store", "hardware_store", "home_goods_store", "home_improvement_store",
        "jewelry_store", "liquor_store", "market", "pet_store", "shoe_store", "shopping_mall",
        "sporting_goods_store", "store", "supermarket", "wholesaler", "athletic_field", "fitness_center",
        "golf_course", "gym", "playground", "ski_resort", "sports_club", "sports_complex", "stadium",
        "swimming_pool", "airport", "bus_station", "bus_stop", "ferry_terminal", "heliport", "light_rail_station",
        "park_and_ride", "subway_station", "taxi_stand", "train_station", "transit_depot", "transit_station",
        "truck_stop", "public_bathroom",
    ]
}
