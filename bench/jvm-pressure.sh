#!/usr/bin/env bash
# bench/jvm-pressure.sh - JVM pressure vs measurement error, and telemetry overhead.
#
#  Part 1: the same closed workload, legacy-urlconnection engine, audited against the
#          packets with the generator in a child JVM: JDK 17 / Temurin 25, default JIT
#          vs -Xint (and C1 only, small heap + SerialGC, and --timing millis).
#  Part 2: the same Netty open workload run with --telemetry-period 100ms vs 0; the
#          client's CPU measured from outside (/usr/bin/time user+sys of the whole
#          './crosscheck run' process, minus a no-load baseline), in alternating pairs.
#
# Loopback only. Bounded: a global deadline (BUDGET_S, default 870 s) skips what is left;
# every process started here is stopped on exit (trap). Server pinned to SERVER_CPU,
# client (crosscheck audit/run and its child JVM) pinned to CLIENT_CPU.
# Needs root (CAP_NET_RAW) for the capture in part 1.
#
# Environment: REPS (3), PAIRS (5), BUDGET_S (870), QUIET_MAX (10 s per wait),
#   PART=1|2|all, OUT (/tmp/crosscheck-jvm-pressure-DATE), PORT (18091),
#   P1_DURATION (8s), P2_DURATION (20s), P2_RATE (2000),
#   P1_ONLY ("17-Xint-millis 25-JIT": only these part-1 configurations).
# Before 2026-11-23 the 20 s part-2 runs were dominated by a one-off JFR start cost (see
# bench/JVM-PRESSURE.md); for the per-second cost run PART=2 P2_DURATION=60s separately.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$here"

REPS=${REPS:-3}; PAIRS=${PAIRS:-5}; BUDGET_S=${BUDGET_S:-870}; QUIET_MAX=${QUIET_MAX:-10}
PART=${PART:-all}; PORT=${PORT:-18091}
SERVER_CPU=${SERVER_CPU:-1}; CLIENT_CPU=${CLIENT_CPU:-0}
P1_DURATION=${P1_DURATION:-8s}; P2_DURATION=${P2_DURATION:-20s}; P2_RATE=${P2_RATE:-2000}
JDK17=${JDK17:-/usr/lib/jvm/java-17-openjdk-amd64}
JDK25=${JDK25:-/usr/lib/jvm/temurin-25-jdk-amd64}
OUT=${OUT:-${TMPDIR:-/tmp}/crosscheck-jvm-pressure-$(date -u +%Y%m%d-%H%M%S)}
mkdir -p "$OUT"
BENCH_WORK=$OUT
# shellcheck source=bench/lib.sh
. "$here/bench/lib.sh"
T0=$SECONDS

SERVER_PID=
WORK_PID=
cleanup() {
  for p in $WORK_PID $SERVER_PID; do
    if [ -n "$p" ] && kill -0 "$p" 2>/dev/null; then kill "$p" 2>/dev/null || true; fi
  done
  for p in $WORK_PID $SERVER_PID; do wait "$p" 2>/dev/null || true; done
}
trap cleanup EXIT
trap 'exit 130' INT TERM

left() { echo $(( BUDGET_S - (SECONDS - T0) )); }

# --- foreign CPU accounting and quiet wait: bench/lib.sh (watch_start/watch_end, wait_quiet,
# foreign_cores), adapted from /work/shared/peers/cpuwatch.py and lib.sh
start_server() {
  taskset -c "$SERVER_CPU" ./crosscheck serve --port "$PORT" >"$OUT/serve.log" 2>&1 &
  SERVER_PID=$!
  for _ in $(seq 1 200); do
    (exec 3<>/dev/tcp/127.0.0.1/"$PORT") 2>/dev/null && return 0
    kill -0 "$SERVER_PID" 2>/dev/null || { echo "server died:"; cat "$OUT/serve.log"; exit 1; }
    sleep 0.1
  done
  echo "server not up on $PORT"; exit 1
}

echo "jvm-pressure: $(date -u +%FT%TZ) $(nproc) vCPU, out=$OUT, budget ${BUDGET_S}s"
echo "host load: $(cut -d' ' -f1-3 /proc/loadavg)"
./crosscheck --version >/dev/null 2>&1 || true   # build once, outside any measurement
start_server
echo "server: crosscheck serve :$PORT pinned to CPU $SERVER_CPU (pid $SERVER_PID); client pinned to CPU $CLIENT_CPU"

# --- Part 1 --------------------------------------------------------------------------------
P1_WORKLOAD=(--users 300 --think exp:150ms --session-length fixed:15 --ramp-up 2s
             --duration "$P1_DURATION" --seed 7 --engine legacy-urlconnection)
# label | jvm home | timing | extra jvm opts (space separated)
P1_CORE=("17-JIT|$JDK17|nanos|" "17-Xint|$JDK17|nanos|-Xint"
         "25-JIT|$JDK25|nanos|" "25-Xint|$JDK25|nanos|-Xint")
P1_EXTRA=("17-C1only|$JDK17|nanos|-XX:TieredStopAtLevel=1"
          "17-64m-Serial|$JDK17|nanos|-Xmx64m -XX:+UseSerialGC"
          "17-JIT-millis|$JDK17|millis|" "17-Xint-millis|$JDK17|millis|-Xint")
P1_TSV="$OUT/part1.tsv"

p1_run() {   # p1_run SPEC REP
  local spec=$1 rep=$2 label home timing opts d fl line o=()
  IFS='|' read -r label home timing opts <<<"$spec"
  if [ -n "${P1_ONLY:-}" ] && [[ " $P1_ONLY " != *" $label "* ]]; then return 0; fi
  for x in $opts; do o+=("--jvm-opt=$x"); done
  d="$OUT/p1/$label"; mkdir -p "$d"
  echo "[p1 $label rep $rep] $(wait_quiet) ($(left) s left)"
  watch_start
  taskset -c "$CLIENT_CPU" ./crosscheck audit --target "http://127.0.0.1:$PORT" \
      "${P1_WORKLOAD[@]}" --timing "$timing" --jvm "$home" "${o[@]}" \
      --out "$d" --name "r$rep" --progress off >"$d/r$rep.log" 2>&1 &
  WORK_PID=$!; wait "$WORK_PID" || echo "  audit exited $? (see $d/r$rep.log)"; WORK_PID=
  line=$(watch_end)
  fl=$(ls -d "$d"/*-r"$rep" 2>/dev/null | tail -1)/findings.json
  python3 - "$fl" "$label" "$rep" "$opts" "$timing" "$(foreign_cores "$line")" >>"$P1_TSV" <<'PY'
import json, sys
fl, label, rep, opts, timing, fc = sys.argv[1:]
try:
    f = json.load(open(fl))['findings']
except Exception as e:
    print('\t'.join([label, rep, opts or '-', timing] + ['nan'] * 11 + [fc, 'nan', 'nan'])); sys.exit()
rt = f['responseTime']; pe = rt['perRequestError']; lg = f['lags']; pr = f.get('pressure') or {}
print('\t'.join(str(x) for x in [label, rep, opts or '-', timing,
    '%.1f' % rt['absoluteErrorMicros'], '%.4f' % rt['ratio'], '%.1f' % pe['p50Micros'], '%.1f' % pe['p99Micros'],
    '%.1f' % lg['sendLag']['meanMicros'], '%.1f' % lg['receiveLag']['meanMicros'],
    '%.3f' % pr.get('processCpuMeanCores', float('nan')), pr.get('threadsPeak', 'nan'),
    '%.1f' % (pr.get('gcPauseTotalMicros', float('nan')) / 1000.0), '%.1f' % (f['latency']['wire']['meanMicros']),
    '%.3f' % pr.get('systemCpuMeanFraction', float('nan')), fc, f['matching']['records'],
    # child CPU per request: mean cores x telemetry window / records (all phases)
    '%.1f' % (pr.get('processCpuMeanCores', float('nan')) * (pr['endNanos'] - pr['startNanos']) / 1e3 / max(1, f['matching']['records']))
        if 'endNanos' in pr else 'nan']))
PY
  echo "  $(tail -1 "$P1_TSV" | cut -f1,5,6,11,16 | tr '\t' ' ')   [$line]"
}

if [ "$PART" = all ] || [ "$PART" = 1 ]; then
  printf 'label\trep\tflags\ttiming\tabsErrUs\tratio\terrP50Us\terrP99Us\tsendLagUs\trecvLagUs\tcpuCores\tthreadsPeak\tgcPauseMs\twireMeanUs\tsysCpuFrac\tforeignCores\trecords\tcpuUsPerReq\n' >"$P1_TSV"
  # Reserve time for part 2 when it runs too.
  p2s=${P2_DURATION%s}; [[ "$p2s" =~ ^[0-9]+$ ]] || p2s=20
  reserve=0; [ "$PART" = all ] && reserve=$(( PAIRS * 2 * (p2s + QUIET_MAX + 6) + 4 * (QUIET_MAX + 8) ))
  for rep in $(seq 1 "$REPS"); do          # interleaved: noise hits every configuration alike
    for spec in "${P1_CORE[@]}"; do
      [ "$(left)" -gt $(( reserve + 30 )) ] || { echo "[p1] budget: skipping the rest"; break 2; }
      p1_run "$spec" "$rep"
    done
  done
  for spec in "${P1_EXTRA[@]}"; do
    [ "$(left)" -gt $(( reserve + 30 )) ] || { echo "[p1] budget: skipping ${spec%%|*}"; continue; }
    p1_run "$spec" 1
  done
  echo
  echo "== Part 1: legacy-urlconnection, 300 users, think exp:150ms, 15 req/session, ramp 2s, $P1_DURATION measured =="
  echo "   (medians over reps; cpu = findings.pressure.processCpuMeanCores of the child JVM; foreign = other processes' cores)"
  python3 - "$P1_TSV" <<'PY'
import csv, sys, statistics as st
rows = list(csv.DictReader(open(sys.argv[1]), delimiter='\t'))
order = []
for r in rows:
    if r['label'] not in order: order.append(r['label'])
cols = ['absErrUs', 'ratio', 'errP50Us', 'errP99Us', 'sendLagUs', 'recvLagUs', 'cpuCores', 'threadsPeak', 'gcPauseMs', 'wireMeanUs', 'foreignCores', 'records', 'cpuUsPerReq']
hdr = ['config', 'flags', 'timing', 'n', 'absErr us', 'ratio', 'err p50', 'err p99', 'sendLag', 'recvLag', 'cpu cores', 'cpu us/req', 'requests', 'threads', 'GC ms', 'wire mean', 'foreign', 'absErr per rep']
print('| ' + ' | '.join(hdr) + ' |'); print('|' + '---|' * len(hdr))
def med(v):
    v = [float(x) for x in v if x not in ('nan', '')]
    v = [x for x in v if x == x]
    return st.median(v) if v else float('nan')
for lab in order:
    rs = [r for r in rows if r['label'] == lab]
    m = {c: med(r[c] for r in rs) for c in cols}
    print('| ' + ' | '.join([lab, rs[0]['flags'], rs[0]['timing'], str(len(rs)),
        '%.0f' % m['absErrUs'], '%.3f' % m['ratio'], '%.0f' % m['errP50Us'], '%.0f' % m['errP99Us'],
        '%.0f' % m['sendLagUs'], '%.0f' % m['recvLagUs'], '%.2f' % m['cpuCores'], '%.0f' % m['cpuUsPerReq'], '%.0f' % m['records'], '%.0f' % m['threadsPeak'],
        '%.0f' % m['gcPauseMs'], '%.0f' % m['wireMeanUs'], '%.2f' % m['foreignCores'],
        ', '.join(r['absErrUs'] for r in rs)]) + ' |')
PY
fi

# --- Part 2 --------------------------------------------------------------------------------
P2_TSV="$OUT/part2.tsv"
P2_WORKLOAD=(--target "http://127.0.0.1:$PORT" --engine netty --event-loops 1 --arrival open
             --rate "$P2_RATE" --process deterministic --seed 7 --progress off
             --jit-warm-up 0)   # telemetry's cost alone: the engine's JIT warm-up is the same CPU either way
p2_run() {   # p2_run LABEL TELEMETRY DURATION PAIR
  local label=$1 tel=$2 dur=$3 pair=$4 d="$OUT/p2" line
  mkdir -p "$d"
  echo "[p2 $label pair $pair] $(wait_quiet) ($(left) s left)"
  watch_start
  /usr/bin/time -f '%e %U %S' -o "$d/$label-$pair.time" \
    taskset -c "$CLIENT_CPU" ./crosscheck run "${P2_WORKLOAD[@]}" --duration "$dur" \
      --telemetry-period "$tel" --out "$d" --name "$label-$pair" >"$d/$label-$pair.log" 2>&1 &
  WORK_PID=$!; wait "$WORK_PID" || echo "  run exited $?"; WORK_PID=
  line=$(watch_end)
  read -r el us sy <"$d/$label-$pair.time"
  local reqs; reqs=$(python3 -c "import json,glob,sys; r=json.load(open(sorted(glob.glob('$d/*-$label-$pair/run.json'))[-1])); print(r['engineResult']['requestsIssued'])" 2>/dev/null || echo nan)
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$label" "$pair" "$tel" "$el" "$us" "$sy" "$reqs" "$(foreign_cores "$line")" >>"$P2_TSV"
  echo "  elapsed ${el}s user ${us}s sys ${sy}s requests $reqs   [$line]"
}
if [ "$PART" = all ] || [ "$PART" = 2 ]; then
  p2s=${P2_DURATION%s}; [[ "$p2s" =~ ^[0-9]+$ ]] || p2s=20
  printf 'label\tpair\ttelemetry\telapsedS\tuserS\tsysS\trequests\tforeignCores\n' >"$P2_TSV"
  # Baselines: the same commands with a 1 ms window (JVM start-up, CLI warm-up, schedule,
  # files; with telemetry also its fixed start cost, e.g. JFR). Used to express the
  # difference against the steady-load CPU rather than against start-up.
  for i in 1 2; do p2_run basewith 100ms 1ms "$i"; p2_run basewithout 0 1ms "$i"; done
  for pair in $(seq 1 "$PAIRS"); do
    [ "$(left)" -gt $(( 2 * (p2s + QUIET_MAX + 6) )) ] || { echo "[p2] budget: stopping after $((pair-1)) pairs"; break; }
    if [ $((pair % 2)) -eq 1 ]; then p2_run with 100ms "$P2_DURATION" "$pair"; p2_run without 0 "$P2_DURATION" "$pair"
    else p2_run without 0 "$P2_DURATION" "$pair"; p2_run with 100ms "$P2_DURATION" "$pair"; fi
  done
  echo
  echo "== Part 2: Netty, open ${P2_RATE}/s deterministic, ${P2_DURATION}, 1 event loop, client CPU from /usr/bin/time (user+sys) =="
  python3 - "$P2_TSV" <<'PY'
import csv, sys, statistics as st
rows = list(csv.DictReader(open(sys.argv[1]), delimiter='\t'))
cpu = lambda r: float(r['userS']) + float(r['sysS'])
def med(lab):
    v = [cpu(r) for r in rows if r['label'] == lab]
    return (st.median(v) if v else 0.0), v
bw, bwv = med('basewith'); bo, bov = med('basewithout')
print('baselines (1 ms window) CPU s: telemetry on %s -> %.2f; off %s -> %.2f' % (
    ', '.join('%.2f' % x for x in bwv), bw, ', '.join('%.2f' % x for x in bov), bo))
print('| pair | with: cpu s (requests, foreign cores) | without: cpu s (requests, foreign cores) | A: total diff % | B: diff % of steady CPU | C: steady-rate diff % |')
print('|---|---|---|---|---|---|')
A, B, C = [], [], []
pairs = sorted({r['pair'] for r in rows if r['label'] in ('with', 'without')}, key=int)
for p in pairs:
    w = [r for r in rows if r['label'] == 'with' and r['pair'] == p]
    o = [r for r in rows if r['label'] == 'without' and r['pair'] == p]
    if not w or not o: continue
    w, o = w[0], o[0]
    a = 100 * (cpu(w) - cpu(o)) / cpu(o)
    b = 100 * (cpu(w) - cpu(o)) / (cpu(o) - bo)
    c = 100 * ((cpu(w) - bw) - (cpu(o) - bo)) / (cpu(o) - bo)
    A.append(a); B.append(b); C.append(c)
    print('| %s | %.2f (%s, %s) | %.2f (%s, %s) | %+.1f | %+.1f | %+.1f |' % (p, cpu(w), w['requests'], w['foreignCores'],
          cpu(o), o['requests'], o['foreignCores'], a, b, c))
if A:
    print('medians over %d pairs: A %+.1f %%, B %+.1f %%, C %+.1f %%' % (len(A), st.median(A), st.median(B), st.median(C)))
    ws = [cpu(r) for r in rows if r['label'] == 'with']; os_ = [cpu(r) for r in rows if r['label'] == 'without']
    print('CPU s medians: with %.2f (min %.2f max %.2f), without %.2f (min %.2f max %.2f)' % (
        st.median(ws), min(ws), max(ws), st.median(os_), min(os_), max(os_)))
print('A = (with - without) / without, whole process; B = (with - without) / (without - baseline off);')
print('C = B after also removing the fixed start cost of telemetry (baseline on - baseline off).')
PY
fi
echo "jvm-pressure: done in $((SECONDS-T0)) s; raw data in $OUT"
