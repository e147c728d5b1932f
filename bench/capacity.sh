#!/usr/bin/env bash
# bench/capacity.sh - how many concurrent per-session connections the Netty engine holds, with 7 s
# think time and a 256 MB heap, while its measurement error stays within the fidelity goal. A bench
# script (prints figures), not a timed test.
#
# Per level C in LEVELS (default "19000 15000 10000", highest first: once a level holds, the lower ones
# are not run and read "not run: a higher level held"), one audit (partly-open sessions, /static/2k,
# every session on its own keep-alive connection):
#   C sessions arrive evenly over RAMP_S (20) s (--interarrival file:GAPS: C gaps of RAMP_S/C s, then
#   one 100000 s gap, so that exactly C sessions arrive), each SESSION_REQUESTS (7) requests with
#   THINK (fixed:7s) between them: a session lasts ~(SESSION_REQUESTS-1) x 7 s = 42 s, so all C are
#   open from RAMP_S to ~42 s (held ~17-20 s) and the run ends when the last one has ended.
#   The generator JVM runs with CROSSCHECK_JAVA_OPTS="-Xmx256m -XX:+UseZGC" (CAP_HEAP, CAP_GC) and the process's own fd
#   limit (20,000 here: never raised for the generator), and its capture keeps CC_SNAPLEN (512) bytes
#   of each packet, as the peers' tcpdump (fidelity.sh says why); the embedded server (crosscheck serve, on
#   SERVER_CPU) gets its fd limit raised to SERVER_NOFILE (as root) so that it is not the limit.
#   LAYOUT (default one-host):
#   - one-host: as bench/fidelity.sh's loop-alone: the servers and the generator JVM on SERVER_CPU, its
#     one busy-polling event loop moved to CLIENT_CPU (CC_ARGS default "--event-loops 1 --busy-poll").
#   - two-host (bench/run's): the issue's layout, as bench/fidelity.sh LAYOUT=two-host: the servers in
#     network namespace NAME-s (127.0.9.2) on SERVER_CPU, the whole generator JVM (engine, capture,
#     collector) in NAME-c (127.0.9.1) on CLIENT_CPU, a veth cc0 between them (scripts/two-hosts.sh,
#     removed at the end). CC_ARGS default "": the audit's own layout (one-core on a process of one
#     core). NAME-c's ephemeral port range is widened to 1024-65535 (that namespace only): every
#     connection goes from the one source address 127.0.9.1 to one port, and 45,000 exceed the
#     default 28,232 ports. Shards' child JVMs share CLIENT_CPU with the capture.
# Measured per level: mean and p99 per-request error vs wire, matched/records, errors (findings.json
# of the audit's live capture), peak concurrent connections (findings.connections, and `ss -tn state
# established '( dport = :PORT )'` sampled every 2 s: PEAK_SS), heap peak (findings.pressure or
# telemetry), foreign CPU during the run (bench/lib.sh), quiet before it.
# A level HOLDS when every record matched, no request failed, the peak of open connections reached
# 95 % of C, mean error <= MAX_MEAN_US (15) and p99 <= MAX_P99_US (100). A level that does not hold
# says what saturated, from the audit's findings: the error's source and its send and receive lags,
# the generator JVM's cores, its collections and their time and heap peak against its cap, and the pace.
# SHARD_LEVELS (default "45000"): the same with `audit --shards 3` (three child JVMs, 127.0.0.x source
#   addresses), only when `./crosscheck audit --help` lists --shards; otherwise a row "needs --shards".
# CAP_GC: G1's young pauses, with the JVM's other threads on one core, took 113-335 ms while the
#   19,000 connections were opened (2026-11-28 at 50d41c5: 10 pauses, 966 ms in all; mean error
#   320.5 us, p99 11,245 us); with ZGC the same level gave 59.5 and 687 us (bench/PERFORMANCE.md).
#   CAP_GC= (empty) runs the JVM's default collector.
# Env: LEVELS, SHARD_LEVELS, SHARDS (3), RAMP_S, SESSION_REQUESTS, THINK, CAP_HEAP, CAP_GC, MAX_MEAN_US,
#   MAX_P99_US, PORT (18490), BUDGET_S (330: no new level starts when less than a level's run is left),
#   QUIET_MAX (30), OUT (results directory), SERVER_NOFILE (200000), LAYOUT, NETNS_NAME (ccbench-cap-PID),
#   KEEP_CAPTURE (1: keep each run's capture.pcap, hundreds of MB at 19,000; default: removed).
# Output: OUT/capacity.tsv (one row per level), OUT/capacity.log; a table on stdout. Needs root.
set -euo pipefail
BENCH_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$BENCH_DIR/.." && pwd)"
OUT=${OUT:-$(mktemp -d /tmp/crosscheck-capacity.XXXXXX)}; mkdir -p "$OUT"
BENCH_WORK=${BENCH_WORK:-$OUT/capacity-work}; mkdir -p "$BENCH_WORK"
# shellcheck source=bench/lib.sh
. "$BENCH_DIR/lib.sh"
LEVELS=${LEVELS:-"19000 15000 10000"}; SHARD_LEVELS=${SHARD_LEVELS-"45000"}; SHARDS=${SHARDS:-3}
RAMP_S=${RAMP_S:-20}; SESSION_REQUESTS=${SESSION_REQUESTS:-7}; THINK=${THINK:-fixed:7s}
CAP_HEAP=${CAP_HEAP:-256m}; CAP_GC=${CAP_GC--XX:+UseZGC}; MAX_MEAN_US=${MAX_MEAN_US:-15}; MAX_P99_US=${MAX_P99_US:-100}
PORT=${PORT:-18490}; BUDGET_S=${BUDGET_S:-330}; SERVER_NOFILE=${SERVER_NOFILE:-200000}
LAYOUT=${LAYOUT:-one-host}
case "$LAYOUT" in
  one-host) CC_ARGS=${CC_ARGS-"--event-loops 1 --busy-poll"}; HOST=127.0.0.1; IN_CLIENT=(); IN_SERVER=()
    JVM_CPU=$SERVER_CPU; BIND=() ;;
  two-host) CC_ARGS=${CC_ARGS-""}; NETNS_NAME=${NETNS_NAME:-ccbench-cap-$$}; HOST=127.0.9.2
    IN_CLIENT=(ip netns exec "$NETNS_NAME-c"); IN_SERVER=(ip netns exec "$NETNS_NAME-s")
    JVM_CPU=$CLIENT_CPU; BIND=(--bind "$HOST") ;;
  *) echo "capacity.sh: LAYOUT must be one-host or two-host" >&2; exit 2 ;;
esac
# serve processes sharing PORT with SO_REUSEPORT (serve --reuse-port): a process holds at most 20,000 files
# here and root cannot raise that (no CAP_SYS_RESOURCE), so 45,000 connections need three servers
SERVERS=${SERVERS:-3}; SERVER_PIDS=()
TSV="$OUT/capacity.tsv"; LOG="$OUT/capacity.log"; W="$BENCH_WORK"; CC="$ROOT/crosscheck"
[ "$(id -u)" = 0 ] || { echo "capacity.sh: needs root (live capture; the server's fd limit)" >&2; exit 2; }

AUDIT_PID=; SS_PID=
cleanup() {
  for p in $SS_PID $AUDIT_PID; do kill "$p" 2>/dev/null || true; done
  for p in "${SERVER_PIDS[@]}"; do kill -TERM "$p" 2>/dev/null || true; done
  for p in "${SERVER_PIDS[@]}"; do wait "$p" 2>/dev/null || true; done
  if [ "$LAYOUT" = two-host ]; then bash "$ROOT/scripts/two-hosts.sh" down "$NETNS_NAME"; fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM
log() { echo "$*" >> "$LOG"; }

think_s=$(python3 -c "
s='$THINK'; assert s.startswith('fixed:'), 'THINK must be fixed:D'
v=s[6:]; u={'ms':1e-3,'s':1,'m':60}
import re; m=re.fullmatch(r'([0-9.]+)(ms|s|m)', v); print(float(m.group(1))*u[m.group(2)])")
session_s=$(python3 -c "print(int(($SESSION_REQUESTS - 1) * $think_s))")
run_s=$((RAMP_S + session_s + 8))   # the audit's --duration: the last session ends ~RAMP_S+session_s

# the servers, their fd limit raised (the generator's is not touched)
"$CC" --version >> "$LOG" 2>&1   # builds on first use, outside any measurement
if [ "$LAYOUT" = two-host ]; then
  bash "$ROOT/scripts/two-hosts.sh" up "$NETNS_NAME"
  "${IN_CLIENT[@]}" sysctl -qw net.ipv4.ip_local_port_range="1024 65535"
  log "two hosts: servers in $NETNS_NAME-s ($HOST, cpu$SERVER_CPU), generator in $NETNS_NAME-c (cpu$CLIENT_CPU), link cc0; client ports $("${IN_CLIENT[@]}" sysctl -n net.ipv4.ip_local_port_range | tr '\t' ' ')"
fi
for s in $(seq 1 "$SERVERS"); do
  ( ulimit -n "$SERVER_NOFILE" 2>/dev/null || ulimit -n "$(ulimit -Hn)"
    exec "${IN_SERVER[@]}" taskset -c "$SERVER_CPU" "$CC" serve "${BIND[@]}" --port "$PORT" --reuse-port ) > "$W/serve$s.log" 2>&1 &
  SERVER_PIDS+=($!)
done
# wait_port returns once the first of them accepts: wait (60 s at most) for each one's "listening"
for s in $(seq 1 "$SERVERS"); do
  for _ in $(seq 1 600); do grep -q listening "$W/serve$s.log" 2>/dev/null && break; sleep 0.1; done
done
if [ "$LAYOUT" = two-host ]; then   # from the client host, across the link
  for _ in $(seq 1 600); do "${IN_CLIENT[@]}" bash -c "exec 3<>/dev/tcp/$HOST/$PORT" 2>/dev/null && break; sleep 0.1; done
else
  wait_port "$PORT"
fi
SERVER_FILES=$(awk '/open files/ {print $4}' "/proc/${SERVER_PIDS[0]}/limits")
log "$SERVERS server processes on port $PORT (SO_REUSEPORT), pids ${SERVER_PIDS[*]}: at most $SERVER_FILES files each (wanted $SERVER_NOFILE); generator: $(ulimit -n) files"
[ "$SERVER_FILES" -ge "$SERVER_NOFILE" ] || echo "note: the server's fd limit stays $SERVER_FILES (raising it was refused: no CAP_SYS_RESOURCE here?)" | tee -a "$LOG"
log "$(date -u +%FT%TZ) crosscheck $(git -C "$ROOT" rev-parse --short HEAD); layout=$LAYOUT levels=$LEVELS shards=$SHARD_LEVELS x$SHARDS ramp=${RAMP_S}s session=$SESSION_REQUESTS x $THINK (~${session_s}s) heap=$CAP_HEAP gc=${CAP_GC:-default}"
printf 'mode\tlevel\tsessions\trecords\tmatched\terrors\tmean_err_us\tp99_err_us\tpeak_conns\tpeak_ss\theap_peak_mb\tforeign_cpu_s\tforeign_cores\tquiet\tholds\tnote\tlayout\n' > "$TSV"

skip_row() {   # MODE C NOTE: a level not run
  printf '%s\t%s\t%s\tNA\tNA\tNA\tNA\tNA\tNA\tNA\tNA\tNA\tNA\tNA\tskipped\t%s\t%s\n' "$1" "$2" "$2" "$3" "$LAYOUT" >> "$TSV"
}
has_shards() { "$CC" audit --help 2>&1 | grep -q -- '--shards'; }

ss_sampler() {   # ss_sampler FILE: the largest count of established connections to PORT, every 2 s
  local max=0 n
  while :; do
    n=$("${IN_CLIENT[@]}" ss -Htn state established "( dport = :$PORT )" 2>/dev/null | wc -l)
    [ "$n" -gt "$max" ] && { max=$n; echo "$max" > "$1"; }
    sleep 2
  done
}

run_level() {   # MODE(one|shards) C
  local mode=$1 C=$2 name="cap-$1-$2" gaps="$W/gaps_$1_$2.txt" out="$W/$1_$2.out" q ws rd extra=()
  python3 -c "print('\n'.join(['%.9f' % ($RAMP_S / $C)] * $C)); print(100000)" > "$gaps"
  local cc_args=$CC_ARGS
  # shards: child JVMs in their default layout (one-host: shared; three spinning loops would take both cores)
  [ "$mode" = shards ] && { extra=(--shards "$SHARDS" "--jvm-opt=-Xmx$CAP_HEAP"); cc_args=""; }
  [ "$mode" = shards ] && [ -n "$CAP_GC" ] && extra+=("--jvm-opt=$CAP_GC")
  q=$(wait_quiet); log "## $mode C=$C: $q"
  echo 0 > "$W/ss_$name"; ss_sampler "$W/ss_$name" & SS_PID=$!
  watch_start
  # shellcheck disable=SC2086
  CROSSCHECK_JAVA_OPTS="-Xmx$CAP_HEAP $CAP_GC" "${IN_CLIENT[@]}" taskset -c "$JVM_CPU" "$CC" audit --target "http://$HOST:$PORT" \
    --urls /static/2k --session-length "fixed:$SESSION_REQUESTS" --think "$THINK" --arrival partly-open \
    --interarrival "file:$gaps" --duration "${run_s}s" --seed 1 --out "$W/runs" --name "$name" \
    --progress off --snaplen "${CC_SNAPLEN:-512}" "${extra[@]}" $cc_args > "$out" 2>&1 &
  AUDIT_PID=$!
  [ "$mode" = one ] && [ "$LAYOUT" = one-host ] && log "event-loop threads moved to cpu$CLIENT_CPU: $(pin_threads "$AUDIT_PID" crosscheck-nett "$CLIENT_CPU" 1)"
  wait "$AUDIT_PID" || log "audit exit $?"
  AUDIT_PID=
  ws=$(watch_end)
  kill "$SS_PID" 2>/dev/null || true; wait "$SS_PID" 2>/dev/null || true; SS_PID=
  cat "$out" >> "$LOG"; log "$ws"
  rd=$(sed -n 's/^crosscheck: run directory \([^;]*\).*/\1/p' "$out" | tail -1)   # a shard run's line goes on after a ';'
  local cap_mb=${CAP_HEAP%[mM]}; case "$CAP_HEAP" in *[gG]) cap_mb=$(( ${CAP_HEAP%[gG]} * 1024 ));; esac
  LAYOUT=$LAYOUT CAP_HEAP_MB=$cap_mb SERVER_CPU=$SERVER_CPU CLIENT_CPU=$CLIENT_CPU SHARDS=$SHARDS python3 - "$rd" "$mode" "$C" "$(cat "$W/ss_$name")" "$(foreign_s "$ws")" "$(foreign_cores "$ws")" "$q" \
    "$MAX_MEAN_US" "$MAX_P99_US" "$out" <<'PY' >> "$TSV"
import json, os, sys
rd, mode, C, peak_ss, foreign, fcores, q, max_mean, max_p99, out = sys.argv[1:]
C = int(C)
row = [mode, C, C]
LAYOUT = os.environ.get('LAYOUT', 'one-host')
try:   # the engine layout the audit took (run.json), for the evidence line
    eng = json.load(open(os.path.join(rd, 'run.json'))).get('engine') or {}
    engine_layout = eng.get('layout') or 'NA'
except Exception:
    engine_layout = 'NA'
try:
    d = json.load(open(os.path.join(rd, 'findings.json'))); fi = d['findings']
except Exception as e:
    tail = open(out).read().strip().splitlines()[-1:] or ['no output']
    print('\t'.join(str(x) for x in row + ['NA'] * 8 + [foreign, fcores, 'quiet' if q.startswith('quiet') else 'NOISY',
          'no', 'no findings.json: ' + tail[0][:120].replace('\t', ' '), LAYOUT]))
    sys.exit()
m = fi.get('matching') or {'records': 0, 'matched': 0}
pe = (fi.get('responseTime') or {}).get('perRequestError') or {}   # absent when findings were not judged
peak = (fi.get('connections') or {}).get('peakConcurrentConnections', 'NA')
heap = 'NA'
pr = fi.get('pressure') or {}
for k in ('heapUsedMaxBytes', 'heapUsedPeakBytes', 'heapPeakBytes'):
    if isinstance(pr.get(k), (int, float)):
        heap = '%.0f' % (pr[k] / 2**20); break
if heap == 'NA':   # telemetry.csv of the run: the largest heapUsedBytes sample
    import csv
    t = os.path.join(rd, 'telemetry.csv')
    if os.path.exists(t):
        v = [float(r['heapUsedBytes']) for r in csv.DictReader(open(t)) if r.get('heapUsedBytes') not in (None, '', 'NA')]
        heap = '%.0f' % (max(v) / 2**20) if v else 'NA'
errors = m['records'] - m['matched']
why = []
if m['records'] < C * 0.99: why.append('records %d < sessions x requests' % m['records'])
if errors: why.append('%d unmatched' % errors)
if isinstance(peak, int) and peak < 0.95 * C: why.append('peak %d conns < 95%% of %d' % (peak, C))
if 'meanMicros' not in pe: why.append('not judged (findings: %s)' % str(fi.get('verdict', 'too few records matched'))[:80])
elif pe['meanMicros'] > float(max_mean): why.append('mean %.1f us > %s' % (pe['meanMicros'], max_mean))
if 'p99Micros' in pe and pe['p99Micros'] > float(max_p99): why.append('p99 %.1f us > %s' % (pe['p99Micros'], max_p99))
if why:   # what saturated, from the audit's own evidence (which process and core, GC, pace)
    es = fi.get('errorSource') or {}; lg = fi.get('lags') or {}; rl = lg.get('receiveLag') or {}; sl = lg.get('sendLag') or {}
    pa = fi.get('pace') or {}
    ev = []
    if es.get('cause'):
        ev.append('error source %s (%s)' % (es['cause'], es.get('hint') or 'no hint'))
    if 'meanMicros' in rl:
        ev.append('receive lag mean %.1f p99 %.1f us, send lag mean %.1f us' % (rl['meanMicros'], rl.get('p99Micros', float('nan')),
                                                                                 sl.get('meanMicros', float('nan'))))
    two = LAYOUT == 'two-host'
    if mode == 'shards':
        ev.append(('%s child JVMs and the capture on the client host\'s one core (cpu%s), the servers on cpu%s'
                   % (os.environ.get('SHARDS', '3'), os.environ.get('CLIENT_CPU', '?'), os.environ.get('SERVER_CPU', '?')))
                  if two else '%s child JVMs, the server and the capture sharing both cores (the shards\' default layout)'
                  % os.environ.get('SHARDS', '3'))
    if pr.get('gcCount') is not None and mode == 'one':
        cap = os.environ.get('CAP_HEAP_MB')
        full = cap and pr.get('heapUsedMaxBytes', 0) >= 0.95 * float(cap) * 2**20
        where = ('alone on the client host\'s cpu%s, engine layout %s' % (os.environ.get('CLIENT_CPU', '?'), engine_layout)
                 if two else 'cpu%s, its event loop on cpu%s' % (os.environ.get('SERVER_CPU', '?'), os.environ.get('CLIENT_CPU', '?')))
        ev.append('generator JVM (%s): %d collections, %d ms in the collectors (JMX; under ZGC'
                  ' concurrent cycles, not pauses), heap peak %.0f MB%s, %.2f cores' % (
            where, pr['gcCount'], pr.get('gcTimeMillis', 0),
            pr.get('heapUsedMaxBytes', 0) / 2**20, ' = its cap' if full else '', pr.get('processCpuMeanCores') or 0))
    if pa.get('state') and pa['state'] != 'KEPT_UP':
        ev.append('pace %s: %s late, %s not sent' % (pa['state'], pa.get('late'), pa.get('notSent')))
    if ev:
        why.append('what saturated (the audit\'s evidence): ' + ', '.join(ev))
f1 = lambda k: '%.1f' % pe[k] if k in pe else 'NA'
print('\t'.join(str(x) for x in row + [m['records'], m['matched'], errors, f1('meanMicros'),
      f1('p99Micros'), peak, peak_ss, heap, foreign, fcores,
      'quiet' if q.startswith('quiet') else 'NOISY', 'no' if why else 'yes',
      '; '.join(why) or 'goal held (engine layout %s)' % engine_layout, LAYOUT]))
PY
  tail -n 1 "$TSV" | column -t -s $'\t'
  [ -n "${KEEP_CAPTURE:-}" ] || rm -f "$rd/capture.pcap"
}

T0=$SECONDS
per_level_s=$((run_s + 30))
HELD=
for C in $LEVELS; do
  if [ -n "$HELD" ]; then
    skip_row one "$C" "not run: $HELD held"; continue
  fi
  if [ $((SECONDS - T0 + per_level_s)) -gt "$BUDGET_S" ]; then
    echo "budget ${BUDGET_S}s: skipping C=$C (a level takes ~${per_level_s}s)" | tee -a "$LOG"
    skip_row one "$C" budget; continue
  fi
  echo "one JVM, C=$C ($((SECONDS - T0)) s elapsed)"; run_level one "$C"
  [ "$(tail -n 1 "$TSV" | cut -f15)" = yes ] && HELD=$C
done
for C in $SHARD_LEVELS; do
  if ! has_shards; then
    echo "C=$C with $SHARDS shards: skipped, needs --shards (not in ./crosscheck audit --help)" | tee -a "$LOG"
    skip_row shards "$C" "needs --shards"; continue
  fi
  if [ $((SECONDS - T0 + per_level_s)) -gt "$BUDGET_S" ]; then
    echo "budget ${BUDGET_S}s: skipping shards C=$C" | tee -a "$LOG"
    skip_row shards "$C" budget; continue
  fi
  if [ $((SERVER_FILES * SERVERS)) -lt $((C + 100 * SERVERS)) ]; then
    echo "shards C=$C: skipped, $SERVERS servers cannot hold it (fd limit $SERVER_FILES each)" | tee -a "$LOG"
    skip_row shards "$C" "server fd limit $SERVER_FILES < level (could not be raised)"; continue
  fi
  echo "$SHARDS shards, C=$C ($((SECONDS - T0)) s elapsed)"; run_level shards "$C"
done
echo; column -t -s $'\t' "$TSV"
echo "log: $LOG"
