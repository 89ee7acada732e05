#!/usr/bin/env python3
"""An independent walking router for checking Nearby's: reads an OpenStreetMap XML file with the standard
library, builds a node-level graph of the walkable ways (rules as docs/data-sources.md states them), picks
random pairs of connected nodes and prints the shortest walk between each, one JSON object a line.

usage: reference_router.py FILE.osm --pairs N --seed S
"""
import argparse
import heapq
import json
import math
import random
import xml.etree.ElementTree as ET

EARTH_RADIUS = 6371008.8

WALKABLE = {
    "footway", "path", "pedestrian", "steps", "living_street", "residential", "service", "unclassified",
    "tertiary", "tertiary_link", "secondary", "secondary_link", "primary", "primary_link", "trunk",
    "trunk_link", "track", "road", "bridleway", "cycleway", "corridor", "platform",
}
NEVER = {"motorway", "motorway_link", "construction", "proposed", "raceway", "bus_guideway", "busway",
         "via_ferrata", "abandoned", "planned"}
FOOT_WAYS = {"footway", "path", "steps", "pedestrian", "corridor", "platform"}
FOOT_YES = {"yes", "designated", "permissive", "destination", "customers", "official", "discouraged"}
FOOT_NO = {"no", "private", "use_sidepath"}
ACCESS_NO = {"no", "private", "agricultural", "forestry", "delivery", "military"}


def directions(tags):
    """(forward, backward) for a walkable way, or None."""
    highway = tags.get("highway")
    if highway is not None:
        kind_ok = highway in WALKABLE
    else:
        kind_ok = (tags.get("railway") == "platform" or tags.get("public_transport") == "platform"
                   or tags.get("man_made") == "pier")
    closed = (tags.get("access") in ACCESS_NO or tags.get("motorroad") == "yes" or highway in NEVER)
    foot = tags.get("foot")
    if foot in FOOT_NO:
        return None
    if foot not in FOOT_YES and (not kind_ok or closed):
        return None
    if tags.get("area") == "yes" and highway not in (None, "pedestrian", "footway"):
        return None
    forward, backward = True, True
    oneway = tags.get("oneway:foot")
    if oneway is None and highway in FOOT_WAYS:
        oneway = tags.get("oneway")
    if oneway in ("yes", "true", "1"):
        backward = False
    elif oneway in ("-1", "reverse"):
        forward = False
    if tags.get("foot:backward") == "no":
        backward = False
    if tags.get("foot:forward") == "no":
        forward = False
    if not (forward or backward):
        return None
    return forward, backward


def haversine(a, b):
    p1, p2 = math.radians(a[0]), math.radians(b[0])
    dp, dl = p2 - p1, math.radians(b[1] - a[1])
    h = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * EARTH_RADIUS * math.asin(min(1.0, math.sqrt(h)))


def read(path):
    nodes, ways = {}, []
    for _, element in ET.iterparse(path, events=("end",)):
        if element.tag == "node":
            nodes[int(element.get("id"))] = (float(element.get("lat")), float(element.get("lon")))
            element.clear()
        elif element.tag == "way":
            tags = {t.get("k"): t.get("v") for t in element.findall("tag")}
            refs = [int(nd.get("ref")) for nd in element.findall("nd")]
            found = directions(tags) if len(refs) >= 2 else None
            if found:
                ways.append((refs, found))
            element.clear()
        elif element.tag == "relation":
            element.clear()
    return nodes, ways


def build(nodes, ways):
    graph = {}
    for refs, (forward, backward) in ways:
        for a, b in zip(refs, refs[1:]):
            if a == b or a not in nodes or b not in nodes:
                continue
            length = haversine(nodes[a], nodes[b])
            if forward:
                graph.setdefault(a, []).append((b, length))
            if backward:
                graph.setdefault(b, []).append((a, length))
            graph.setdefault(a, [])
            graph.setdefault(b, [])
    return graph


def joined_nodes(graph):
    """The nodes of pieces a walk may start from: Nearby joins a point to a piece of less than 1 km of paths
    that is not the longest piece (a courtyard's footway) only when nothing else is near, so pairs are drawn
    from the other pieces. Pieces are connected regardless of one-way rules."""
    parent = {node: node for node in graph}

    def root(node):
        while parent[node] != node:
            parent[node] = parent[parent[node]]
            node = parent[node]
        return node

    stretches = {}
    for a, steps in graph.items():
        for b, length in steps:
            stretches[(min(a, b), max(a, b))] = length
            ra, rb = root(a), root(b)
            if ra != rb:
                parent[rb] = ra
    metres = {}
    for (a, _), length in stretches.items():
        metres[root(a)] = metres.get(root(a), 0.0) + length
    longest = max(metres, key=metres.get) if metres else None
    return [node for node in graph if root(node) == longest or metres.get(root(node), 0.0) >= 1000]


def shortest(graph, source, target):
    best = {source: 0.0}
    heap = [(0.0, source)]
    while heap:
        d, node = heapq.heappop(heap)
        if node == target:
            return d
        if d > best.get(node, math.inf):
            continue
        for other, length in graph[node]:
            nd = d + length
            if nd < best.get(other, math.inf):
                best[other] = nd
                heapq.heappush(heap, (nd, other))
    return None


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("file")
    parser.add_argument("--pairs", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    nodes, ways = read(args.file)
    graph = build(nodes, ways)
    ids = sorted(joined_nodes(graph))
    rng = random.Random(args.seed)
    printed = 0
    while printed < args.pairs:
        a, b = rng.choice(ids), rng.choice(ids)
        distance = haversine(nodes[a], nodes[b])
        # Walks of a few hundred metres to a few kilometres, as people look them up.
        if not 200 <= distance <= 4000:
            continue
        metres = shortest(graph, a, b)
        print(json.dumps({"from": nodes[a], "to": nodes[b], "from_id": a, "to_id": b, "metres": metres}),
              flush=True)
        printed += 1


if __name__ == "__main__":
    main()
