#!/usr/bin/env bash
# Requests per second of the validating routes against the plain Codable routes of the same
# server, in one run, with wrk on 127.0.0.1; and the server's memory before and after (docs/performance.md).
# Usage: Examples/TaskServer/Benchmark/run.sh [SECONDS] (default 20 per route), and the same for
# Examples/VaporServer, whose Benchmark/ links to this one: the server is the package's own product.
set -euo pipefail
cd "$(dirname "$0")/.."
server_product=$(basename "$PWD")
seconds=${1:-20}
swift build -c release --build-path .build-release --product "$server_product" >/dev/null
port=18080
".build-release/release/$server_product" --rules ../../rules --port $port >/dev/null 2>&1 &
server=$!
trap 'kill $server' EXIT
sleep 2
work=$(mktemp -d)
printf '%s' '{"title": " Buy milk ", "note": " at the corner shop ", "dueDate": "2099-12-01"}' >"$work/task.json"
printf '%s' '{"email": "not-an-email", "password": "abc", "passwordConfirmation": "abd", "displayName": "nnnnnnnnnnnnnnnnnnnnnnnnnnnnnnn", "birthYear": 1800, "plan": "gold"}' >"$work/signup.json"
rss() { awk '/VmRSS/ {print $2}' "/proc/$server/status"; }
run() { # route body
    BODY="$work/$2" wrk -t1 -c8 -d"${seconds}s" -s Benchmark/post.lua "http://127.0.0.1:$port$1" |
        awk -v route="$1" '/Requests\/sec/ {rps=$2} /requests in/ {n=$1} /Non-2xx/ {non=$5} /Socket errors/ {err=$0}
            END {printf "%s %s requests %s rps non-2xx=%s %s\n", route, n, rps, non+0, err}'
}
# Warm up, then measure each pair back to back, twice, alternating the order.
BODY="$work/task.json" wrk -t1 -c8 -d3s -s Benchmark/post.lua "http://127.0.0.1:$port/tasks" >/dev/null
echo "rss-before-kB $(rss)"
for round in 1 2; do
    run /plain/tasks task.json; run /tasks task.json
    run /signup signup.json; run /plain/signup signup.json
done
echo "rss-after-kB $(rss)"
