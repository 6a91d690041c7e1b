#!/usr/bin/env python3
# pbemgm_positions.py: pbemgm's side of scripts/xgames_diff.sh — the position after each action
# of an 18xx.games game file as pbemgm's import has it (tests/tools/xgreplay FILE UNTIL: the
# import stopped before action UNTIL, what 18xx.games does by itself there done), one summary a
# line with the keys of tests/tools/xgames/xgames_engine.rb's summary that pbemgm's position
# (eng_game_to_json) gives: "action", "players" [{"name", "cash"}], "corporations" (the
# title's majors: [{"id", "cash", "price"}]), "bank". Companies by their 18xx.games ids (the
# title's "18xx.games" "companies", else a company's "ids" "18xx.games", its first alias, its
# id). Run from the tree's top:
#   PBEMGM_POSITIONS_CMD="python3 tests/tools/xgames/pbemgm_positions.py" \
#       sh scripts/xgames_diff.sh FILE
#   python3 tests/tools/xgames/pbemgm_positions.py FILE [FROM [TO [EVERY]]]   (action ids;
#   default all; EVERY: only each EVERY-th action of the file, for a quicker look)
# It stops at the first action the import refuses, printing {"error": ...}. One xgreplay run a
# summary: slow on long files, meant for finding where the engines part.
import json
import os
import subprocess
import sys

BUILD = os.environ.get("PBEMGM_BUILD", "build")


def xgames_ids(title):
    """pbemgm's company id -> 18xx.games' id, from config/games/TITLE.json; the majors' ids."""
    with open(f"config/games/{title}.json") as f:
        data = json.load(f)
    ids = {}
    majors = {c["id"] for c in data.get("majors", [])}
    for key in ("privates", "minors", "majors", "companies"):
        for c in data.get(key, []) if isinstance(data.get(key), list) else []:
            xg = c.get("ids", {}).get("18xx.games") or (c.get("aliases") or [None])[0]
            ids[c["id"]] = xg or c["id"]
    ids.update(data.get("18xx.games", {}).get("companies", {}))
    return ids, majors


def summary(action, state, names, ids, majors):
    players = [{"name": names.get(n, n), "cash": p["cash"]}
               for n, p in state["players"].items()]
    corporations = [{"id": ids.get(cid, cid), "cash": c["cash"], "price": c.get("price")}
                    for cid, c in state["companies"].items() if cid in majors]
    return {"action": action, "players": players, "corporations": corporations,
            "bank": state["bank"]}


def main(argv):
    if len(argv) < 2:
        sys.stderr.write("usage: pbemgm_positions.py FILE [FROM [TO [EVERY]]]\n")
        return 64
    path = argv[1]
    with open(path) as f:
        game = json.load(f)
    lo = int(argv[2]) if len(argv) > 2 else 0
    hi = int(argv[3]) if len(argv) > 3 else 1 << 30
    every = max(1, int(argv[4])) if len(argv) > 4 else 1
    ids, majors = xgames_ids(game["title"])
    names = {p["name"].replace(" ", "_"): p["name"] for p in game["players"]}
    acts = [a["id"] for a in game["actions"] if a["type"] not in ("undo", "redo")]
    for i, aid in enumerate(acts):
        if aid < lo or aid > hi or i % every:
            continue
        until = acts[i + 1] if i + 1 < len(acts) else 0
        run = subprocess.run([f"{BUILD}/tests/tools/xgreplay", path] + ([str(until)] if until else []),
                             capture_output=True, text=True)
        refused = [l for l in run.stdout.splitlines() if l.startswith("REFUSED")]
        if refused:
            print(json.dumps({"error": refused[0]}))
            return 1
        state = [l for l in run.stdout.splitlines() if l.startswith("state: ")]
        if not state:  # the file's end: no state printed; the last summary is 18xx.games' end
            continue
        print(json.dumps(summary(aid, json.loads(state[0][7:]), names, ids, majors)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
