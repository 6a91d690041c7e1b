#!/usr/bin/env python3
"""rails_tile_offsets: tests/oracle/rails-TITLE-tile-offsets.json from a title's tiles
(config/games/TITLE.json) and Rails' Tiles.xml of the same title.

rails_replay lays a tile Rails logged at orientation word w (the index of w in the file's
"rotation" "names") with our rotation (d + sign * w + add) mod 6, for the first offset d of the
tile that the engine accepts. An offset d is one under which our tile's edge e is Rails' side s
with e = (side_add + side_sign * s - d) mod 6, every track of the tile then the same.

  rails_tile_offsets.py TITLE TILES.XML NAMES SIGN ADD SIDE_SIGN SIDE_ADD [TILESET.XML TILE_IDS]
      > OUT.json

TILE_IDS maps the externalIds Rails logs (TileSet.xml's extId) to our tile ids: 18GA's
'{"451": "451a", ...}' (Rails' tile 1451, logged as 451, is our 451a); the output's "tile_ids".

1856 (a flat map held as printed, 1856.json "geometry": a Rails side s in Rails orientation o
lies on flat edge (s + o + 3) mod 6): NAMES S,SW,NW,N,NE,SE (Rails' MapOrientation for NS maps),
SIGN 1, ADD 3, SIDE_SIGN 1, SIDE_ADD 0. 1830 and 1835 (pointy): SW,W,NW,NE,E,SE 1 3 1 0. When a
title's geometry changes, only these numbers and the offsets this prints change.
"""
import json
import sys
import xml.etree.ElementTree as ET


def junctions_ours(tile):
    """(kind, edges) for each town and city, and ('edge', pair) for each edge-to-edge path."""
    nodes = {}
    direct = []
    for path in tile.get("paths", []):
        ends = [x for x in path[:2]]
        edges = [int(x[1:]) for x in ends if x[0] == "e"]
        stops = [x for x in ends if x[0] in "ct"]
        if len(edges) == 2:
            direct.append(("edge", frozenset(edges)))
        for s in stops:
            nodes.setdefault(s, set()).update(edges)
    return nodes, direct


def junctions_rails(tile):
    nodes = {}
    direct = []
    kinds = {s.get("id"): s.get("type") for s in tile.findall("Station")}
    for tr in tile.findall("Track"):
        ends = [tr.get("from"), tr.get("to")]
        sides = [int(x[4:]) for x in ends if x.startswith("side")]
        stops = [x for x in ends if not x.startswith("side")]
        if len(sides) == 2:
            direct.append(("edge", frozenset(sides)))
        for s in stops:
            nodes.setdefault(s, set()).update(sides)
    return nodes, direct, kinds


def shape(nodes, direct):
    return sorted([("stop", tuple(sorted(e))) for e in nodes.values() if e] +
                  [("edge", tuple(sorted(p))) for _, p in direct])


def main():
    title, xml, names, sign, add, side_sign, side_add = sys.argv[1:8]
    sign, add, side_sign, side_add = int(sign), int(add), int(side_sign), int(side_add)
    ours = {t["id"]: t for t in json.load(open("config/games/%s.json" % title))["tiles"]}
    rails = {t.get("id"): t for t in ET.parse(xml).getroot().findall("Tile")}
    # tiles Rails logs by their externalId (18GA's 451 for Rails' tile 1451, our 451a): TILESET
    # (Rails' TileSet.xml, which gives the extIds) and TILE_IDS ('{"451": "451a", ...}': each
    # extId as our tile id), both optional; the output's "tile_ids" tells rails_replay
    tileset = sys.argv[8] if len(sys.argv) > 8 else None
    tile_ids = json.loads(sys.argv[9]) if len(sys.argv) > 9 else {}
    by_ours = {}
    if tileset:
        for t in ET.parse(tileset).getroot().iter("Tile"):
            if t.get("extId") in tile_ids and t.get("id") in rails:
                by_ours[tile_ids[t.get("extId")]] = rails[t.get("id")]
    offsets = {}
    for tid, tile in ours.items():
        theirs = by_ours.get(tid, rails.get(tid))
        if theirs is None:
            continue
        our_nodes, our_direct = junctions_ours(tile)
        want = shape(our_nodes, our_direct)
        r_nodes, r_direct, _ = junctions_rails(theirs)
        found = []
        for d in range(6):
            m = lambda s: (side_add + side_sign * s - d) % 6
            nodes = {k: {m(s) for s in v} for k, v in r_nodes.items()}
            direct = [(k, frozenset(m(s) for s in p)) for k, p in r_direct]
            if shape(nodes, direct) == want:
                found.append(d)
        if found:
            offsets[tid] = found
        else:
            print("no offset for tile %s" % tid, file=sys.stderr)
    out = {
        "about": "For each tile: the offsets d under which our edge e is Rails' side s with "
                 "e = (%d + %d * s - d) mod 6; Rails' orientation word w (its index in "
                 "rotation.names) is laid with our rotation (d + sign * w + add) mod 6. Made by "
                 "tests/tools/rails_tile_offsets.py from config/games/%s.json and Rails-18xx/Rails "
                 "src/main/resources/data/%s/Tiles.xml." % (side_add, side_sign, title, title),
        "rotation": {"names": names.split(","), "sign": sign, "add": add},
        "offsets": offsets,
    }
    if tile_ids:
        out["tile_ids"] = tile_ids
    json.dump(out, sys.stdout, indent=1)
    print()


if __name__ == "__main__":
    main()
