#!/usr/bin/env python3
"""Writes a reproducible, fictional OpenStreetMap extract (XML) for the service benchmarks.

Towns of many sizes in a 3° x 4.4° region around 47 N 8.5 E, named places clustered around them (one in ten out
in the country), categories in realistic proportions, names from a made-up vocabulary where some words are
common, some with cuisine, street, opening hours. Both stores import the same file through the same importer,
so the SQLite and PostgreSQL figures are over the same places.

    python3 scripts/synthetic-osm.py --places 1000000 --seed 1 > /tmp/places.osm
"""
import argparse
import math
import random
import sys

CATEGORIES = [
    ("amenity", "restaurant", 15), ("amenity", "cafe", 8), ("amenity", "fast_food", 6), ("amenity", "bar", 5),
    ("amenity", "pub", 3), ("amenity", "nightclub", 1), ("amenity", "atm", 4), ("amenity", "bank", 3),
    ("amenity", "pharmacy", 3), ("amenity", "hospital", 0.5), ("amenity", "doctors", 3), ("shop", "supermarket", 4),
    ("shop", "convenience", 4), ("shop", "bakery", 4), ("tourism", "hotel", 4), ("tourism", "museum", 1),
    ("tourism", "attraction", 2), ("amenity", "fuel", 3), ("amenity", "parking", 10), ("amenity", "post_office", 1.5),
    ("amenity", "toilets", 4), ("amenity", "library", 1), ("amenity", "cinema", 0.5), ("leisure", "park", 5),
]
CUISINES = ["italian", "pizza", "regional", "swiss", "burger", "kebab", "thai", "indian", "chinese", "coffee_shop",
            "sushi", "vegetarian", "french", "greek"]
SYLLABLES = ["ab", "ber", "dorf", "el", "fel", "gen", "hof", "ri", "lin", "mo", "na", "ost", "pra", "ro", "sa", "tal",
             "ul", "vi", "wald", "zü", "bé", "cha", "dü", "ka", "len", "mar", "nö", "quel", "stein", "ta"]
HOURS = ["Mo-Fr 08:00-18:00; Sa 09:00-12:00", "Mo-Su 07:00-22:00", "24/7", "Tu-Sa 11:30-14:00,18:00-23:00",
         "Mo-Fr 09:00-12:00,14:00-18:30"]


def escape(text):
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--places", type=int, default=1_000_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--towns", type=int, default=400)
    args = parser.parse_args()
    rng = random.Random(args.seed)

    words = set()
    while len(words) < 500:
        word = "".join(rng.choice(SYLLABLES) for _ in range(2 + rng.randrange(2)))
        words.add(word[:1].upper() + word[1:])
    vocabulary = sorted(words)
    word_weights = [1 / (i + 1) ** 0.9 for i in range(len(vocabulary))]
    towns = []
    for index in range(args.towns):
        lat = 47.0 + (rng.random() - 0.5) * 3.0
        lon = 8.5 + (rng.random() - 0.5) * 4.4
        towns.append((lat, lon, 400 + 4000 / math.sqrt(index + 1)))
    town_weights = [1 / (i + 1) ** 0.8 for i in range(len(towns))]
    category_weights = [weight for _, _, weight in CATEGORIES]

    out = sys.stdout
    out.write("<?xml version='1.0' encoding='UTF-8'?>\n<osm version=\"0.6\" generator=\"nearby synthetic\">\n")
    town_picks = rng.choices(range(len(towns)), weights=town_weights, k=args.places)
    category_picks = rng.choices(range(len(CATEGORIES)), weights=category_weights, k=args.places)
    for index in range(args.places):
        lat0, lon0, spread = towns[town_picks[index]]
        if rng.random() < 0.1:
            lat = lat0 + (rng.random() - 0.5) * 0.4
            lon = lon0 + (rng.random() - 0.5) * 0.6
        else:
            north, east = rng.gauss(0, 1) * spread, rng.gauss(0, 1) * spread
            lat = lat0 + north / 111_320
            lon = lon0 + east / (111_320 * math.cos(math.radians(lat0)))
        key, value, _ = CATEGORIES[category_picks[index]]
        name = " ".join(rng.choices(vocabulary, weights=word_weights, k=1 + rng.randrange(2)))
        tags = [(key, value), ("name", name)]
        if value in ("restaurant", "fast_food", "cafe") and rng.random() < 0.7:
            tags.append(("cuisine", rng.choice(CUISINES)))
        if rng.random() < 0.5:
            tags.append(("addr:street", rng.choice(vocabulary) + "strasse"))
            tags.append(("addr:housenumber", str(1 + rng.randrange(120))))
        if rng.random() < 0.6:
            tags.append(("opening_hours", rng.choice(HOURS)))
        out.write(f'<node id="{index + 1}" lat="{lat:.7f}" lon="{lon:.7f}">')
        out.write("".join(f'<tag k="{k}" v="{escape(v)}"/>' for k, v in tags))
        out.write("</node>\n")
    out.write("</osm>\n")


if __name__ == "__main__":
    main()
