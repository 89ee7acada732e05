#!/usr/bin/env python3
"""Writes the fuzz targets' seed corpora from the real data in DATA (an OSM extract, Google Places answers).

Usage: Fuzz/make-seeds.py DATA OUT

OUT/<target>/ gets small files: inflated PBF data blocks (pbf-block), opening_hours values found in the
extract's string tables (opening-hours), OSM XML of a few of the extract's nodes and ways (osm-xml), the
Google Places answers (provider-json) and vCards of the extract's named places (vcard). Nothing here is
committed: the data stays where it is and the corpora are rebuilt for each run.
"""
import glob
import os
import re
import struct
import sys
import zlib
from xml.sax.saxutils import quoteattr


def varint(buf, pos):
    value, shift = 0, 0
    while True:
        byte = buf[pos]
        pos += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return value, pos


def fields(buf):
    """(number, wire type, value) of each field; a length-delimited value is the bytes."""
    pos = 0
    while pos < len(buf):
        key, pos = varint(buf, pos)
        number, wire = key >> 3, key & 7
        if wire == 0:
            value, pos = varint(buf, pos)
        elif wire == 2:
            size, pos = varint(buf, pos)
            value, pos = buf[pos:pos + size], pos + size
        elif wire == 5:
            value, pos = buf[pos:pos + 4], pos + 4
        elif wire == 1:
            value, pos = buf[pos:pos + 8], pos + 8
        else:
            return
        yield number, wire, value


def data_blocks(path, limit):
    """The first `limit` inflated OSMData blocks of a PBF file."""
    with open(path, "rb") as f:
        data = f.read()
    pos, found = 0, []
    while pos + 4 <= len(data) and len(found) < limit:
        (size,) = struct.unpack(">I", data[pos:pos + 4])
        header = dict((n, v) for n, _, v in fields(data[pos + 4:pos + 4 + size]))
        pos += 4 + size
        blob = dict((n, v) for n, _, v in fields(data[pos:pos + header[3]]))
        pos += header[3]
        if header[1] == b"OSMData" and 3 in blob:
            found.append(zlib.decompress(blob[3]))
    return found


def strings(block):
    for number, _, value in fields(block):
        if number == 1:
            return [v.decode("utf-8", "replace") for n, _, v in fields(value) if n == 1]
    return []


def dense_nodes(block, table, limit):
    """(id, lat, lon, tags) of the first tagged dense nodes of a block."""
    granularity, nodes = 100, []
    for number, _, group in fields(block):
        if number == 17:
            granularity = group
        if number != 2:
            continue
        for n, _, dense in fields(group):
            if n != 2:
                continue
            parts = {k: v for k, _, v in fields(dense)}
            def packed(raw, signed):
                out, p, acc = [], 0, 0
                while p < len(raw):
                    v, p = varint(raw, p)
                    if signed:
                        v = (v >> 1) ^ -(v & 1)
                        acc += v
                        out.append(acc)
                    else:
                        out.append(v)
                return out
            ids, lats, lons = packed(parts.get(1, b""), True), packed(parts.get(8, b""), True), packed(parts.get(9, b""), True)
            keys_vals, k = packed(parts.get(10, b""), False), 0
            for i, node_id in enumerate(ids):
                tags = {}
                while k < len(keys_vals) and keys_vals[k] != 0:
                    tags[table[keys_vals[k]]] = table[keys_vals[k + 1]]
                    k += 2
                k += 1
                if tags and len(nodes) < limit:
                    nodes.append((node_id, lats[i] * granularity / 1e9, lons[i] * granularity / 1e9, tags))
    return nodes


def write(out, target, name, content):
    os.makedirs(os.path.join(out, target), exist_ok=True)
    with open(os.path.join(out, target, name), "wb") as f:
        f.write(content if isinstance(content, bytes) else content.encode("utf-8"))


def main():
    data, out = sys.argv[1], sys.argv[2]
    pbfs = sorted(glob.glob(os.path.join(data, "osm", "*.osm.pbf")))
    blocks = data_blocks(pbfs[0], 200) if pbfs else []
    # Whole blocks are large for a fuzzer; the smallest few, as they are, and the start of others.
    for i, block in enumerate(sorted(blocks, key=len)[:4]):
        write(out, "pbf-block", "block-%d" % i, block)
    hours, nodes = set(), []
    for block in blocks:
        table = strings(block)
        hours.update(s for s in table if re.search(r"\d\d:\d\d|\b(Mo|Tu|We|Th|Fr|Sa|Su|PH)\b", s) and len(s) < 300)
        if len(nodes) < 40:
            nodes += dense_nodes(block, table, 40 - len(nodes))
    for i, text in enumerate(sorted(hours)[:300]):
        write(out, "opening-hours", "hours-%d" % i, text)
    for i in range(0, len(nodes), 5):
        lines = ['<?xml version="1.0" encoding="UTF-8"?>', '<osm version="0.6" generator="seeds">']
        for node_id, lat, lon, tags in nodes[i:i + 5]:
            lines.append('  <node id="%d" lat="%.7f" lon="%.7f">' % (node_id, lat, lon))
            lines += ['    <tag k=%s v=%s/>' % (quoteattr(k), quoteattr(v)) for k, v in tags.items()]
            lines.append("  </node>")
        lines.append('  <way id="1"><nd ref="%d"/><nd ref="%d"/><tag k="highway" v="footway"/></way>'
                     % (nodes[i][0], nodes[-1][0]))
        lines.append("</osm>")
        write(out, "osm-xml", "nodes-%d.osm" % i, "\n".join(lines) + "\n")
        card = []
        for node_id, lat, lon, tags in nodes[i:i + 5]:
            name = tags.get("name", "Anna").replace(";", "\\;").replace(",", "\\,")
            card += ["BEGIN:VCARD", "VERSION:4.0", "N:%s;%s;;;" % (name, "Muster"), "FN:Muster %s" % name,
                     "TEL:+423 %07d" % (node_id % 10000000), "GEO:geo:%.6f,%.6f" % (lat, lon), "END:VCARD"]
        write(out, "vcard", "places-%d.vcf" % i, "\r\n".join(card) + "\r\n")
    for path in sorted(glob.glob(os.path.join(data, "google-places", "*.json"))):
        with open(path, "rb") as f:
            write(out, "provider-json", os.path.basename(path), f.read())


if __name__ == "__main__":
    main()
