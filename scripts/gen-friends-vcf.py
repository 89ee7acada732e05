#!/usr/bin/env python3
"""Writes N fictional friends as a vCard 4.0 file, the same file for the same N (for benchmarks and tests).

Usage: scripts/gen-friends-vcf.py N OUT.vcf

Names mix scripts (Latin with accents, Cyrillic, Greek, Arabic, Han, Hangul, Devanagari); about a third of the
friends have an e-mail address, about a seventh a location (GEO), some a place name (ADR). Lines are folded at
75 octets and end in CRLF, as RFC 6350 asks.
"""
import random
import sys

FIRST = ["Anna", "José", "Zoë", "Émile", "Łukasz", "Søren", "Nguyễn", "Mary-Jane", "O'Neil", "Björn",
         "Владимир", "Ольга", "Νίκος", "Ελένη", "محمد", "فاطمة", "美咲", "伟", "서연", "민준", "अर्जुन", "प्रिया",
         "Chloé", "Mateo", "Aiyana", "Kwame", "Ingrid", "Tomás", "Aoife", "Dvořák"]
LAST = ["Beck", "Müller", "Öhler", "van der Berg", "Kowalski", "García", "Nakamura", "Ng", "O'Brien", "Schmid",
        "Иванов", "Петрова", "Παπαδόπουλος", "Γεωργίου", "الحسن", "المصري", "佐藤", "王", "김", "이", "शर्मा",
        "पटेल", "Lefèvre", "Rossi", "Mensah", "Hansen", "Ó Briain", "Novák", "Dubois", "Frick"]
PLACES = ["Vaduz", "Schaan", "Zürich", "Café Amadeus, Vaduz", "Städtle 1; back door", "Triesenberg"]


def escape(text):
    return (text.replace("\\", "\\\\").replace(",", "\\,").replace(";", "\\;").replace("\n", "\\n"))


def fold(line):
    """Folds at 75 octets without cutting a UTF-8 sequence."""
    out, current, size, limit = [], [], 0, 75
    for char in line:
        width = len(char.encode("utf-8"))
        if size + width > limit:
            out.append("".join(current))
            current, size = [" "], 1
        current.append(char)
        size += width
    out.append("".join(current))
    return "\r\n".join(out) + "\r\n"


def card(index, rng):
    first = rng.choice(FIRST)
    if rng.random() < 0.1:
        first += " " + rng.choice(FIRST)
    last = rng.choice(LAST)
    phone = "+%d %d %04d %04d" % (rng.randint(1, 99), rng.randint(10, 99), rng.randint(0, 9999), index % 10000)
    lines = ["BEGIN:VCARD", "VERSION:4.0",
             "UID:urn:uuid:%08x-0000-4000-8000-%012x" % (index, rng.getrandbits(48)),
             "FN:" + escape("%s %s" % (first, last)),
             "N:%s;%s;;;" % (escape(last), escape(first)),
             "TEL;TYPE=cell:" + phone]
    if index % 3 == 0:
        lines.append("EMAIL:friend%d@example.org" % index)
    if index % 7 == 0:
        lines.append("GEO:geo:%.6f,%.6f" % (rng.uniform(-80, 80), rng.uniform(-179, 179)))
    if index % 11 == 0:
        lines.append("ADR:;;%s;;;;" % escape(rng.choice(PLACES)))
    if index % 13 == 0:
        lines.append("NOTE:" + escape("Met at the lake, summer %d. " % (2000 + index % 25) * 4))
    lines.append("END:VCARD")
    return "".join(fold(line) for line in lines)


def main(argv):
    if len(argv) != 3 or not argv[1].isdigit():
        sys.stderr.write("usage: gen-friends-vcf.py N OUT.vcf\n")
        return 2
    count, path = int(argv[1]), argv[2]
    rng = random.Random(20260201)
    with open(path, "w", encoding="utf-8", newline="") as out:
        for index in range(count):
            out.write(card(index, rng))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
