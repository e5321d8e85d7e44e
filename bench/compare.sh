#!/usr/bin/env bash
# bench/compare.sh - MiniKVO (Swift, kvo-bench) against GNUstep Foundation's real KVO
# (bench/peers/gnustep), side by side, in one run.
#
#   bench/compare.sh [--rounds N] [--reps N] [--only ID[,ID...]] [--swift-json FILE]
#
# 1. builds the GNUstep peer with bench/peers/gnustep/build.sh (installs GNUstep if absent);
# 2. builds the Swift suite: `swift build -c release --product kvo-bench` (repo root), and
#    builds it again from clean if the binary fails a one-scenario smoke run (a stale build);
# 3. runs the two alternately, N rounds (default 3): peer, swift, peer, swift, ...,
#    each with --json (plus --reps/--only if given), pinned with `taskset -c 1` if possible;
# 4. prints one table: id, name, MiniKVO median ns/op, GNUstep median ns/op, ratio
#    (MiniKVO/GNUstep). Each side's figure is the median of its rounds' medians; an id
#    present on one side only shows "—". K7m is bytes per observation, not ns.
#
# --swift-json FILE skips building and running Swift and uses FILE (lines in kvo-bench's
# --json format) as the Swift output of every round: for testing the join, or for
# comparing against a recorded run. The raw JSON of every round is kept in a temporary
# directory whose path is printed at the end.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"

rounds=3
reps=""
only=""
swift_json=""

usage() {
  echo "usage: $0 [--rounds N] [--reps N] [--only ID[,ID...]] [--swift-json FILE]" >&2
  exit 2
}

while [ $# -gt 0 ]; do
  case "$1" in
    --rounds) [ $# -ge 2 ] || usage; rounds="$2"; shift 2 ;;
    --reps) [ $# -ge 2 ] || usage; reps="$2"; shift 2 ;;
    --only) [ $# -ge 2 ] || usage; only="$2"; shift 2 ;;
    --swift-json) [ $# -ge 2 ] || usage; swift_json="$2"; shift 2 ;;
    -h|--help) usage ;;
    *) echo "unknown argument: $1" >&2; usage ;;
  esac
done
case "$rounds" in ''|*[!0-9]*|0) echo "--rounds must be a positive integer" >&2; exit 2 ;; esac
if [ -n "$reps" ]; then
  case "$reps" in ''|*[!0-9]*|0) echo "--reps must be a positive integer" >&2; exit 2 ;; esac
fi

# --- build ------------------------------------------------------------------------------
peer_bin="$here/peers/gnustep/.build/gnustep-bench"
swift_bin="$root/.build/release/kvo-bench"

echo "== building the GNUstep peer" >&2
bash "$here/peers/gnustep/build.sh"

if [ -z "$swift_json" ]; then
  echo "== building the Swift suite (swift build -c release --product kvo-bench)" >&2
  (cd "$root" && swift build -c release --product kvo-bench >&2)
  [ -x "$swift_bin" ] || { echo "missing $swift_bin after swift build" >&2; exit 1; }
  # An incremental release build after MiniRuntime changed can relink kvo-bench without
  # recompiling its own module (SwiftPM, cross-module optimisation); that binary aborts in every
  # scenario with a runtime. One short scenario tells; then build again from clean.
  if ! "$swift_bin" --only M1 --reps 1 >/dev/null 2>&1; then
    echo "== kvo-bench failed a smoke run (a stale incremental build): building it from clean" >&2
    rm -rf "$root/.build/$(uname -m)-unknown-linux-gnu/release"
    (cd "$root" && swift build -c release --product kvo-bench >&2)
    "$swift_bin" --only M1 --reps 1 >/dev/null || { echo "kvo-bench fails even after a clean build" >&2; exit 1; }
  fi
else
  [ -r "$swift_json" ] || { echo "cannot read $swift_json" >&2; exit 1; }
fi

# --- run --------------------------------------------------------------------------------
pin=()
if command -v taskset >/dev/null 2>&1 && taskset -c 1 true >/dev/null 2>&1; then
  pin=(taskset -c 1)
fi
args=(--json)
[ -n "$reps" ] && args+=(--reps "$reps")
[ -n "$only" ] && args+=(--only "$only")

out="$(mktemp -d "${TMPDIR:-/tmp}/kvo-compare.XXXXXX")"
for ((r = 1; r <= rounds; r++)); do
  echo "== round $r/$rounds: GNUstep peer" >&2
  ${pin[@]+"${pin[@]}"} "$peer_bin" "${args[@]}" > "$out/peer.$r.json"
  if [ -z "$swift_json" ]; then
    echo "== round $r/$rounds: MiniKVO (Swift)" >&2
    ${pin[@]+"${pin[@]}"} "$swift_bin" "${args[@]}" > "$out/swift.$r.json"
  else
    cp "$swift_json" "$out/swift.$r.json"
  fi
done

# --- join -------------------------------------------------------------------------------
PYTHONIOENCODING=utf-8 python3 - "$out" "$rounds" <<'PY'
import json, os, statistics, sys

out, rounds = sys.argv[1], int(sys.argv[2])

def load(side):
    """id -> list of per-round medians; id -> name; ids in first-seen order."""
    meds, names, order = {}, {}, []
    for r in range(1, rounds + 1):
        with open(os.path.join(out, f"{side}.{r}.json"), encoding="utf-8") as f:
            for line in f:
                line = line.strip()
                if not line.startswith("{"):
                    continue          # tolerate log lines
                row = json.loads(line)
                i = row["id"]
                if i not in meds:
                    meds[i] = []
                    order.append(i)
                meds[i].append(float(row["median_ns"]))
                names.setdefault(i, row.get("name", ""))
    return {i: statistics.median(v) for i, v in meds.items()}, names, order

swift, swift_names, swift_order = load("swift")
peer, peer_names, peer_order = load("peer")

# Row order: the peer's order, with Swift-only ids inserted after the id that precedes
# them in the Swift output.
order = list(peer_order)
prev = None
for i in swift_order:
    if i not in order:
        order.insert(order.index(prev) + 1 if prev in order else len(order), i)
    prev = i

def fmt(v):
    return "—" if v is None else f"{v:,.1f}"

rows = []
for i in order:
    s, p = swift.get(i), peer.get(i)
    name = swift_names.get(i) or peer_names.get(i, "")
    if len(name) > 58:
        name = name[:57] + "…"
    ratio = "—" if s is None or p is None or p == 0 else f"{s / p:.2f}"
    rows.append((i, name, fmt(s), fmt(p), ratio))

head = ("id", "scenario", "MiniKVO ns/op", "GNUstep ns/op", "MiniKVO/GNUstep")
w = [max(len(r[k]) for r in rows + [head]) for k in range(5)]
print(f"{head[0]:<{w[0]}}  {head[1]:<{w[1]}}  {head[2]:>{w[2]}}  {head[3]:>{w[3]}}  {head[4]:>{w[4]}}")
print("  ".join("-" * x for x in w))
for r in rows:
    print(f"{r[0]:<{w[0]}}  {r[1]:<{w[1]}}  {r[2]:>{w[2]}}  {r[3]:>{w[3]}}  {r[4]:>{w[4]}}")
print(f"\nEach figure: median over {rounds} round(s) of that side's per-round median. "
      "K7m is bytes per observation, not ns.")
PY
echo "raw JSON of every round: $out" >&2
