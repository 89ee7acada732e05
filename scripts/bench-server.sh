#!/usr/bin/env bash
# The service's figures, side by side in one run: wrk against `nearby serve` on SQLite and on PostgreSQL, one
# and two instances; pgbench for PostgreSQL's own rate on the friends list query; nearest-50 places on
# 1,000,000 places, from one client also through a floor in C (scripts/places-floor.c). Starts a private
# PostgreSQL cluster (as the postgres user when run as root) and stops it.
#
# Usage: scripts/bench-server.sh [OUT_DIR] [PLACES]     (needs postgresql-15, postgis, wrk, python3, gcc, libpq-dev)
# BUILD_PATH=DIR builds in that scratch folder instead of Service/.build (to reuse a release build made there).
set -euo pipefail
cd "$(dirname "$0")/.."
add="$PWD/docs/benchmarks/service-add.lua"
out="${1:-/tmp/nearby-bench-server}"
places="${2:-1000000}"
duration="${DURATION:-8s}"
pgbin=/usr/lib/postgresql/15/bin
mkdir -p "$out"
chmod 777 "$out"
# The service is a package of its own (Service/); both programs are built there, so `nearby serve` finds
# nearby-server beside nearby.
build=(--package-path Service)
if [ -n "${BUILD_PATH:-}" ]; then build+=(--scratch-path "$BUILD_PATH"); fi

# The release builds, timed; the service's size as built and stripped. The load beside every figure: the
# machine may be shared, so the ratios matter more than the absolute rates.
echo "load before the builds: $(uptime)"
for product in nearby-server nearby; do
  started=$(date +%s)
  nice -n 5 swift build -c release --static-swift-stdlib "${build[@]}" --product "$product" >/dev/null
  echo "release build of $product: $(( $(date +%s) - started )) s"
done
bin="$(swift build -c release --static-swift-stdlib "${build[@]}" --show-bin-path)"
nearby="$bin/nearby"
strip -o "$out/nearby-server.stripped" "$bin/nearby-server"
# The floor beside the service's nearest-50 from one client: the same query through libpq from one blocking thread.
cc -O2 -Wall -o "$out/places-floor" scripts/places-floor.c -I"$(pg_config --includedir)" -lpq
echo "nearby-server: $(stat -c %s "$bin/nearby-server") bytes as built, $(stat -c %s "$out/nearby-server.stripped") stripped"

as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

pids=()
cleanup() {
  for pid in "${pids[@]:-}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  [ -d "$out/pg" ] && as_pg "$pgbin/pg_ctl" -D "$out/pg" stop -m fast >/dev/null 2>&1 || true
}
trap cleanup EXIT

# --- data ----------------------------------------------------------------------------------------------
if [ ! -f "$out/places.osm" ]; then python3 scripts/synthetic-osm.py --places "$places" --seed 1 >"$out/places.osm"; fi
if [ ! -f "$out/store/nearby.sqlite" ]; then "$nearby" import --data-dir "$out/store" "$out/places.osm" >/dev/null; fi

pgport=$(free_port)
if [ ! -d "$out/pg" ]; then
  as_pg "$pgbin/initdb" -D "$out/pg" -U postgres --auth=trust --no-sync --encoding=UTF8 --locale=C.UTF-8 >/dev/null
fi
as_pg "$pgbin/pg_ctl" -D "$out/pg" -l "$out/pg.log" -w start -o "-p $pgport -c listen_addresses=127.0.0.1 \
  -c unix_socket_directories=$out -c max_connections=200 -c shared_buffers=512MB -c synchronous_commit=on" >/dev/null
db="postgresql://postgres@127.0.0.1:$pgport/postgres?sslmode=disable"
NEARBY_DATABASE_URL="$db" "$nearby" serve migrate >/dev/null
if [ "$(as_pg "$pgbin/psql" -h 127.0.0.1 -p "$pgport" -U postgres -Atc 'SELECT count(*) FROM place')" = 0 ]; then
  "$nearby" import "$out/places.osm" --database "$db" >/dev/null
fi

# --- servers -------------------------------------------------------------------------------------------
start() {  # start BACKEND COUNT → sets ports=(…)
  ports=()
  for _ in $(seq "$2"); do
    local port; port=$(free_port)
    # Instances sharing this machine share its cores, and on PostgreSQL its connections (docs/deploy.md).
    local loops=$(( $(nproc) / $2 > 0 ? $(nproc) / $2 : 1 ))
    if [ "$1" = sqlite ]; then
      "$nearby" serve --data-dir "$out/store" --port "$port" --event-loops "$loops" 2>>"$out/serve.log" &
    else
      NEARBY_DATABASE_URL="$db" "$nearby" serve --port "$port" --pool-size $((16 / $2)) --event-loops "$loops" \
        2>>"$out/serve.log" &
    fi
    pids+=($!)
    ports+=("$port")
    until curl -s "http://127.0.0.1:$port/healthz" >/dev/null; do sleep 0.1; done
  done
}
stop_all() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done; wait 2>/dev/null || true; pids=(); }

friends_to() {  # friends_to PORT N: exactly N friends
  python3 - "$1" "$2" <<'PY'
import http.client, json, sys
port, wanted = sys.argv[1], int(sys.argv[2])
# One kept-alive connection: after a run of adds there are tens of thousands to delete.
connection = http.client.HTTPConnection("127.0.0.1", int(port))
def call(method, path, body=None):
    headers = {"Content-Type": "application/json"} if body else {}
    connection.request(method, path, body, headers)
    answer = connection.getresponse()
    data = answer.read()
    if answer.status >= 300:
        sys.exit(f"{method} {path}: {answer.status} {data[:200]!r}")
    return data
have = json.loads(call("GET", "/listFriends"))
for friend in have[wanted:]:
    call("DELETE", f"/editFriend/{friend['id']}")
def letters(n):  # names take letters only: 0 → "a", 25 → "z", 26 → "ba" …
    text = ""
    while True:
        text = chr(97 + n % 26) + text
        n //= 26
        if n == 0:
            return text
for i in range(len(have), wanted):
    body = json.dumps({"firstname": f"Bench {letters(i)}", "lastname": f"Friend {letters(i % 97)}",
                       "phonenumber": f"+41 79 {i:07d}",
                       "email": f"bench{i}@example.org"}).encode()
    call("POST", "/addFriend", body)
PY
}

cat >"$out/places.lua" <<'LUA'
math.randomseed(os.time())
request = function()
  local lat = 47.0 + (math.random() - 0.5) * 2.4
  local lon = 8.5 + (math.random() - 0.5) * 3.6
  return wrk.format("GET", string.format("/api/places?near=%.5f,%.5f&radius=50000&limit=50", lat, lon))
end
LUA

report() {  # report LABEL wrk-output-files…: summed req/s, worst p99
  python3 - "$@" <<'PY'
import os, re, sys
label, files = sys.argv[1], sys.argv[2:]
rate, p99, errors = 0.0, 0.0, 0
for name in files:
    text = open(name).read()
    rate += float(re.search(r"Requests/sec:\s+([\d.]+)", text).group(1))
    m = re.search(r"99%\s+([\d.]+)(us|ms|s)", text)
    value = float(m.group(1)) * {"us": 0.001, "ms": 1, "s": 1000}[m.group(2)]
    p99 = max(p99, value)
    e = re.search(r"Non-2xx or 3xx responses: (\d+)", text)
    errors += int(e.group(1)) if e else 0
print(f"| {label} | {rate:,.0f} | {p99:.2f} ms | {errors} |")
with open(os.environ["RESULTS"], "a") as results:
    results.write(f"{label}\t{rate}\t{p99}\t{errors}\n")
PY
}

run_wrk() {  # run_wrk LABEL SCRIPT_OR_- PATH ports…
  local label=$1 script=$2 path=$3; shift 3
  local files=() wpids=() n=$#
  local connections=$((32 / n)) threads=$((2 / n > 0 ? 2 / n : 1))
  for port in "$@"; do
    local file="$out/wrk-$RANDOM.txt"
    files+=("$file")
    if [ "$script" = - ]; then
      wrk -t"$threads" -c"$connections" -d"$duration" --latency "http://127.0.0.1:$port$path" >"$file" &
    else
      wrk -t"$threads" -c"$connections" -d"$duration" --latency -s "$script" "http://127.0.0.1:$port$path" >"$file" &
    fi
    wpids+=($!)
  done
  wait "${wpids[@]}"
  report "$label" "${files[@]}"
}

run_one_client() {  # run_one_client LABEL SCRIPT PORT: latency with one client, after a warm-up of the pool
  wrk -t1 -c16 -d3s -s "$2" "http://127.0.0.1:$3/" >/dev/null
  local file="$out/wrk-$RANDOM.txt"
  wrk -t1 -c1 -d"$duration" --latency -s "$2" "http://127.0.0.1:$3/" >"$file"
  report "$1" "$file"
}

# PostgreSQL itself, answering the list query the service sends for GET /listFriends (FriendRowsJSON.query),
# with as many clients as wrk has connections; run right after the service's own run so both see the same load.
cat >"$out/list.sql" <<'SQL'
SELECT ROW(id, first_name, last_name, phone_number, email, latitude, longitude, place_name, created_at, updated_at) FROM friend ORDER BY last_name_key, first_name_key, id;
SQL
chmod 644 "$out/list.sql"
list_pgbench() {
  local tps
  tps=$(as_pg "$pgbin/pgbench" -h 127.0.0.1 -p "$pgport" -U postgres -n -c 32 -j 2 -T "${duration%s}" -M extended \
    -f "$out/list.sql" postgres | sed -n 's/^tps = \([0-9.]*\).*/\1/p')
  echo "| pgbench, the list query of GET /listFriends, 32 clients, right after | $(printf '%.0f' "$tps") | | |"
  printf 'pgbench list query\t%s\t0\t0\n' "$tps" >>"$RESULTS"
}

# The floor (scripts/places-floor.c) answering the same requests from one client, right after the service.
floor_one_client() {
  local port; port=$(free_port)
  "$out/places-floor" "$port" "host=127.0.0.1 port=$pgport user=postgres dbname=postgres" 2>>"$out/serve.log" &
  local pid=$!
  pids+=("$pid")
  until curl -s -o /dev/null "http://127.0.0.1:$port/api/places?near=47,8.5"; do
    kill -0 "$pid" 2>/dev/null || { echo "the floor did not start (see $out/serve.log)" >&2; exit 1; }
    sleep 0.1
  done
  run_one_client "GET /api/places nearest 50 of $places, the C floor on libpq, 1 client" "$out/places.lua" "$port"
  kill "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  local kept=() other
  for other in "${pids[@]}"; do [ "$other" = "$pid" ] || kept+=("$other"); done
  pids=("${kept[@]}")
}

# Rounds, each with every run once: the machine's load moves between runs, so the checks below compare runs
# made next to each other and take the median over the rounds. One instance goes first in odd rounds and two
# in even ones, so neither always runs on the store and the cluster the other has just warmed or grown.
export RESULTS="$out/results.tsv"
: >"$RESULTS"
echo "load before the runs: $(uptime)"
for round in $(seq "${ROUNDS:-3}"); do
  echo
  echo "Round $round ($(uptime | sed 's/.*load/load/'))"
  echo
  echo "| what | req/s | p99 | non-2xx |"
  echo "| --- | --- | --- | --- |"
  for backend in sqlite postgres; do
    counts="1 2"
    if [ $((round % 2)) = 0 ]; then counts="2 1"; fi
    for count in $counts; do
      start "$backend" "$count"
      friends_to "${ports[0]}" 1000
      run_wrk "GET /listFriends (1,000 friends), $backend, $count instance(s)" - /listFriends "${ports[@]}"
      if [ "$backend" = postgres ] && [ "$count" = 1 ]; then list_pgbench; fi
      run_wrk "GET /api/places nearest 50 of $places, $backend, $count instance(s)" "$out/places.lua" / "${ports[@]}"
      if [ "$count" = 1 ]; then
        run_one_client "GET /api/places nearest 50 of $places, $backend, 1 client" "$out/places.lua" "${ports[0]}"
        if [ "$backend" = postgres ]; then floor_one_client; fi
      fi
      run_wrk "POST /addFriend, $backend, $count instance(s)" "$add" / "${ports[@]}"
      friends_to "${ports[0]}" 1000
      # Dead rows of the adds and deletes would slow the next round's list on PostgreSQL.
      if [ "$backend" = postgres ]; then as_pg "$pgbin/psql" -h 127.0.0.1 -p "$pgport" -U postgres -qc 'VACUUM ANALYZE friend'; fi
      stop_all
    done
  done
done

# The medians over the rounds, and issue 11's checks on them.
echo
python3 - "$RESULTS" <<'PY'
import statistics, sys
runs = {}
for line in open(sys.argv[1]):
    label, rate, p99, errors = line.rstrip("\n").split("\t")
    runs.setdefault(label, []).append((float(rate), float(p99), int(errors)))
rounds = max(len(v) for v in runs.values())
print(f"Medians of {rounds} rounds:")
print()
print("| what | req/s | p99 | non-2xx (all rounds) |")
print("| --- | --- | --- | --- |")
for label, values in runs.items():
    rate = statistics.median(v[0] for v in values)
    if label.startswith("pgbench"):
        print(f"| {label} | {rate:,.0f} tps | | |")
        continue
    p99 = statistics.median(v[1] for v in values)
    print(f"| {label} | {rate:,.0f} | {p99:.2f} ms | {sum(v[2] for v in values)} |")
def rates(label):
    return [v[0] for v in runs.get(label, [])]
print()
service, pg = rates("GET /listFriends (1,000 friends), postgres, 1 instance(s)"), rates("pgbench list query")
ratios = [a / b for a, b in zip(service, pg) if b > 0]
if ratios:
    print("GET /listFriends on PostgreSQL over pgbench, by round: " + ", ".join(f"{r:.2f}" for r in ratios)
          + f"; median {statistics.median(ratios):.2f} (target at least 0.5)")
for backend in ("sqlite", "postgres"):
    for what in ("GET /listFriends (1,000 friends)", "GET /api/places nearest 50 of", "POST /addFriend"):
        one = [l for l in runs if l.startswith(what) and l.endswith(f"{backend}, 1 instance(s)")]
        two = [l for l in runs if l.startswith(what) and l.endswith(f"{backend}, 2 instance(s)")]
        if one and two:
            pairs = [b / a for a, b in zip(rates(one[0]), rates(two[0])) if a > 0]
            print(f"{what.split(' nearest')[0]}, {backend}: two instances over one, by round: "
                  + ", ".join(f"{r:.2f}" for r in pairs) + f"; median {statistics.median(pairs):.2f}")
for label in runs:
    if label.endswith(", postgres, 1 client"):
        p99s = [v[1] for v in runs[label]]
        print(f"{label}: p99 by round " + ", ".join(f"{p:.2f}" for p in p99s)
              + f" ms; median {statistics.median(p99s):.2f} ms (target under 10 ms)")
        floor = [v[1] for v in runs.get(label.replace("postgres, 1 client", "the C floor on libpq, 1 client"), [])]
        if floor:
            print("  the C floor on the same query: p99 by round " + ", ".join(f"{p:.2f}" for p in floor)
                  + "; the service's over the floor's " + ", ".join(f"{a / b:.2f}" for a, b in zip(p99s, floor)))
PY

# PostgreSQL itself, answering the nearest-50 query the service sends, from one client: its latency percentiles.
# LIMIT 67: the page of 50, one more to know whether a next page exists, and the 16 of PostgresPlacesStore.margin.
cat >"$out/near.sql" <<'SQL'
\set la random(0, 2400000)
\set lo random(0, 3600000)
SELECT * FROM (SELECT id, name, category, lat, lon, street, housenumber, postcode, city, country, formatted_address,
  phone, website, email, opening_hours, opening_periods, cuisine, wheelchair, operator, brand, rating, rating_count,
  price_level, attribution,
  position <-> ST_SetSRID(ST_MakePoint(6.7 + :lo / 1000000.0, 45.8 + :la / 1000000.0), 4326)::geography AS walk
  FROM place ORDER BY position <-> ST_SetSRID(ST_MakePoint(6.7 + :lo / 1000000.0, 45.8 + :la / 1000000.0), 4326)::geography
  LIMIT 67) AS nearest WHERE walk <= 50000;
SQL
chmod 644 "$out/near.sql"
rm -f "$out"/pgbench-near.*
(cd "$out" && as_pg "$pgbin/pgbench" -h 127.0.0.1 -p "$pgport" -U postgres -n -c 1 -T "${duration%s}" -M extended -l \
  --log-prefix="$out/pgbench-near" -f "$out/near.sql" postgres >/dev/null)
cat "$out"/pgbench-near.* | awk '{print $3 / 1000}' | sort -n |
  awk '{ms[NR] = $1} END {printf "pgbench: nearest 50, 1 client: p50 %.2f ms, p99 %.2f ms (%d queries)\n", ms[int(NR * 0.5)], ms[int(NR * 0.99)], NR}'
echo "load after the runs: $(uptime)"
