#!/usr/bin/env bash
# bench/profile.sh - where the Netty engine's client core goes, per request (bench/PERFORMANCE.md).
#
# Runs the engine at the throughput point (bench/throughput.sh: `crosscheck run`, 100 connections,
# no think, the whole JVM on CLIENT_CPU, lighttpd or the embedded server on SERVER_CPU; wrk -t1 in
# the same sitting) or at the fidelity point (bench/fidelity.sh: `crosscheck audit`, loop-alone
# busy poll, LEVEL sessions) under async-profiler (tools.profiler:async-profiler from Maven Central,
# loaded as an agent: CPU samples every INTERVAL_US of CPU, kernel frames included, one file per
# second), keeps the seconds in which the engine's event loop ran, and breaks them down with
# bench/profile_breakdown.py: per thread (event loop, writer thread, JIT, GC) and, for the event
# loop and the writer thread, per step (write, read, parse, encode, timers, record hand-off, CSV,
# histogram), in µs of CPU per request.
#
#   bench/profile.sh                           # throughput point, lighttpd 2 KB, 10 s
#   POINT=fidelity LEVEL=1000 bench/profile.sh # fidelity point, 1,000 sessions, 6 s of arrivals
#   TARGET=embedded OUT=/tmp/p bench/profile.sh
#
# Env: POINT (throughput|fidelity), TARGET (lighttpd|embedded, throughput point), LEVEL (1000,
# fidelity point), DURATION_S (10), INTERVAL_US (1000), ASYNC_PROFILER_VERSION (4.1), OUT, ROOT (the
# checkout whose crosscheck is profiled, default this one: a before/after pair profiles a worktree
# of the earlier commit with ROOT=that worktree, in the same sitting).
# Needs root (the fidelity point captures). Loopback only; bounded by the scripts it calls.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
ROOT=$(cd "${ROOT:-$here}" && pwd)
POINT=${POINT:-throughput}
TARGET=${TARGET:-lighttpd}
LEVEL=${LEVEL:-1000}
DURATION_S=${DURATION_S:-10}
INTERVAL_US=${INTERVAL_US:-1000}
AP_VERSION=${ASYNC_PROFILER_VERSION:-4.1}
OUT=${OUT:-$(mktemp -d /tmp/crosscheck-profile.XXXXXX)}
mkdir -p "$OUT/slices"
rm -f "$OUT"/slices/*.collapsed

jar="$HOME/.m2/repository/tools/profiler/async-profiler/$AP_VERSION/async-profiler-$AP_VERSION.jar"
if [ ! -f "$jar" ]; then
  timeout 300 mvn -B -q -ntp dependency:get -Dartifact="tools.profiler:async-profiler:$AP_VERSION" >&2 \
    || { echo "profile: could not fetch tools.profiler:async-profiler:$AP_VERSION from Maven Central" >&2; exit 2; }
fi
lib="$OUT/libasyncProfiler.so"
unzip -p "$jar" linux-x64/libasyncProfiler.so > "$lib" \
  || { echo "profile: $jar has no linux-x64/libasyncProfiler.so" >&2; exit 2; }
# perf events when the kernel allows them (kernel frames), else the interval timer (user frames only)
event=cpu
if ! perf stat -e cpu-clock true >/dev/null 2>&1 && [ "$(cat /proc/sys/kernel/perf_event_paranoid)" -gt 2 ]; then
  event=itimer
fi
agent="-agentpath:$lib=start,event=$event,interval=$((INTERVAL_US * 1000)),threads,loop=1s,file=$OUT/slices/s-%p-%t.collapsed,collapsed"
echo "profile: $POINT point of $ROOT ($(git -C "$ROOT" rev-parse --short HEAD)$(git -C "$ROOT" diff --quiet HEAD || echo ', dirty')), async-profiler $AP_VERSION event=$event interval=${INTERVAL_US}us -> $OUT" >&2

case "$POINT" in
  throughput)
    OUT="$OUT/run" REPS=1 DURATION_S="$DURATION_S" TARGETS="$TARGET" \
      CC_JAVA_OPTS="-Xms1536m -Xmn1g -XX:-TieredCompilation $agent" "$ROOT/bench/throughput.sh" > "$OUT/bench.out" 2>&1
    requests=$(awk -F'\t' '$3 == "crosscheck" { if (match($8, /records=[0-9]+/)) print substr($8, RSTART + 8, RLENGTH - 8) }' "$OUT/run/throughput.tsv" | head -1)
    peer=$(awk -F'\t' '$3 == "wrk" { print $5 }' "$OUT/run/throughput.tsv" | head -1)
    cc=$(awk -F'\t' '$3 == "crosscheck" { print $5 }' "$OUT/run/throughput.tsv" | head -1)
    echo "throughput (profiled): crosscheck $cc requests/s, wrk $peer requests/s, same sitting, $TARGET" ;;
  fidelity)
    OUT="$OUT/run" CC_ONLY=1 LEVELS="$LEVEL" REPS=1 ARRIVE_S="${ARRIVE_S:-6}" \
      CROSSCHECK_JAVA_OPTS="$agent" "$ROOT/bench/fidelity.sh" > "$OUT/bench.out" 2>&1
    # the audit's records (fidelity.tsv); the server, started with the same CROSSCHECK_JAVA_OPTS, is
    # profiled too, in files of its own pid, and left out below (it has no crosscheck-netty thread)
    requests=$(awk -F'\t' '$1 == "crosscheck" { print $5 }' "$OUT/run/fidelity.tsv" | head -1)
    awk -F'\t' '$1 == "crosscheck" { print "fidelity (profiled): mean error " $9 " us, p99 " $10 " us over " $5 " requests" }' \
      "$OUT/run/fidelity.tsv" | head -1 ;;
  *) echo "profile: POINT is throughput or fidelity, not '$POINT'" >&2; exit 2 ;;
esac
[ -n "${requests:-}" ] || { echo "profile: no record count; see $OUT/bench.out" >&2; exit 1; }

# the seconds in which the engine's event loop ran (the warm-up's and the start's seconds, and any
# other JVM's files, left out)
: > "$OUT/window.collapsed"
kept=0
for f in "$OUT"/slices/s-*.collapsed; do
  if grep -q '^\[crosscheck-netty' "$f"; then cat "$f" >> "$OUT/window.collapsed"; kept=$((kept + 1)); fi
done
echo "slices of 1 s with the event loop running: $kept of $(ls "$OUT"/slices | wc -l)"
python3 "$here/bench/profile_breakdown.py" "$OUT/window.collapsed" "$requests" "$INTERVAL_US" --json "$OUT/breakdown.json" \
  | tee "$OUT/breakdown.md"
