#!/usr/bin/env bash
# Measures the Friends list with 100,000 friends against the plain C ncurses list and abook, side by side.
# Usage: scripts/bench-friends.sh [OUT_DIR]   (needs ../shared/tools, python3, gcc, abook)
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-/tmp/nearby-bench-friends}"
tools="$(cd .. && pwd)/shared/tools"
mkdir -p "$out"

swift build -c release --static-swift-stdlib --product nearby >/dev/null
nearby="$(swift build -c release --static-swift-stdlib --show-bin-path)/nearby"

(cd "$out" && python3 "$tools/gen_rows.py" 100000 >/dev/null)
gcc -O2 -o "$out/nclist" "$tools/nclist.c" -lncursesw
if [ ! -f "$out/store/nearby.sqlite" ]; then
  python3 scripts/gen-friends-vcf.py 100000 "$out/friends-100k.vcf"
  "$nearby" friends import --data-dir "$out/store" "$out/friends-100k.vcf" >/dev/null
fi
first=$("$nearby" friends list --data-dir "$out/store" --json | python3 -c \
  'import json,sys; f=json.load(sys.stdin)[0]; print(f["first_name"]+" "+f["last_name"])' 2>/dev/null || true)

bench() { python3 "$tools/tuibench.py" --size 120x40 --key down --count 200 --idle-s 5 "$@"; }
echo "nclist: $(bench --label nclist --expect "Amber Harbor Cafe 1" -- "$out/nclist" "$out/data/rows_100000.tsv")"
echo "nearby: $(bench --label nearby --expect "$first" -- "$nearby" --data-dir "$out/store" --open friends)"
if command -v abook >/dev/null; then
  echo "abook:  $(bench --label abook --expect "Amber Harbor Cafe 1" -- abook --datafile "$out/data/abook_100000")"
fi
