#!/usr/bin/env bash
# bench/callgrind.sh - instructions per operation of kvo-bench scenarios, counted by callgrind.
#
#   bench/callgrind.sh [--bin PATH] [--peer] ID[,ID...] [ID...]
#
# Wall-clock figures mean little on a loaded machine; instruction counts repeat almost exactly
# whatever the load, so they are what to compare while developing. For each scenario id this runs
#   valgrind --tool=callgrind --collect-atstart=no --toggle-collect='*timedBatch*' \
#     kvo-bench --only ID --reps 1 --json
# so that only the timed batch is counted (kvo-bench's warm-up and the batch's preparation are
# left out), and prints the instructions divided by the scenario's operations.
#
# --bin PATH  the kvo-bench binary (default .build/release/kvo-bench; build it first with
#             `swift build -c release --product kvo-bench`)
# --peer      count the GNUstep peer instead (bench/peers/gnustep/.build/gnustep-bench, built by
#             bench/peers/gnustep/build.sh): its batch functions (`*_batch`) are counted, the
#             warm-up batch included, so the count is divided by twice the operations. K7 has
#             no batch function there and prints nothing.
#
# Take the build lock around it like any benchmark run:
#   flock /tmp/minikvo-build.lock bench/callgrind.sh K1,K5
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
bin="$root/.build/release/kvo-bench"
toggle='*timedBatch*'
batches=1
ids=()

while [ $# -gt 0 ]; do
  case "$1" in
    --bin) [ $# -ge 2 ] || { echo "--bin needs a path" >&2; exit 2; }; bin="$2"; shift 2 ;;
    --peer) bin="$here/peers/gnustep/.build/gnustep-bench"; toggle='*_batch'; batches=2; shift ;;
    -h|--help) sed -n '2,21p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) IFS=, read -r -a more <<< "$1"; ids+=("${more[@]}"); shift ;;
  esac
done
[ ${#ids[@]} -gt 0 ] || { echo "usage: $0 [--bin PATH] [--peer] ID[,ID...]" >&2; exit 2; }
[ -x "$bin" ] || { echo "no executable at $bin" >&2; exit 1; }
command -v valgrind >/dev/null || { echo "valgrind is not installed" >&2; exit 1; }

scratch="$(mktemp -d "${TMPDIR:-/tmp}/kvo-callgrind.XXXXXX")"
trap 'rm -rf "$scratch"' EXIT
printf '%-6s %15s %10s  %s\n' id instructions/op operations scenario
for id in "${ids[@]}"; do
  valgrind --tool=callgrind --collect-atstart=no --toggle-collect="$toggle" \
    --callgrind-out-file="$scratch/out" "$bin" --only "$id" --reps 1 --json \
    > "$scratch/json" 2> "$scratch/log" || { cat "$scratch/log" >&2; exit 1; }
  total=$(sed -n -E 's/.*Collected : ([0-9]+).*/\1/p' "$scratch/log" | tail -1)
  python3 - "$scratch/json" "${total:-0}" "$batches" <<'PY'
import json, sys
path, total, batches = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
rows = [json.loads(line) for line in open(path, encoding="utf-8") if line.startswith("{")]
rows = [row for row in rows if row.get("unit", "ns/op") == "ns/op"]
if len(rows) > 1:
    print(f"{rows[0]['id']:<6} {'?':>15}  one scenario at a time (K7a, not K7): this count covers several")
elif rows:
    row = rows[0]
    ops = int(row["ops"])
    print(f"{row['id']:<6} {total / (batches * ops):15,.0f} {ops:10,}  {row.get('name', '')}")
PY
done
