#!/usr/bin/env bash
# bench/fidelity.sh - measurement fidelity of the Netty engine next to httperf, same workload, same
# capture settings, same embedded server. A bench script (prints figures), not a timed test.
#
# Workload per level L (concurrent sessions) in LEVELS (default 100 500 1000), the peers' session:
#   20 GETs (/static/10k, /static/2k, /static/2k, /static/64k) x5, think 0.2 s after each request,
#   written ONCE as an httperf wsesslog file used by both tools; NS = round(L/3.8 * ARRIVE_S)
#   sessions with exponential inter-arrival gaps of mean 3.8/L s (~ARRIVE_S s of arrivals).
#   crosscheck: audit --wsesslog FILE --think fixed:200ms --arrival partly-open --interarrival file:GAPS
#     (GAPS = NS exponential gaps drawn with seed=rep, then one 1000 s gap so that exactly NS sessions
#     arrive and none is cut by the run's deadline; exp:MEAN would go on arriving until the deadline)
#   httperf:    --wsesslog=NS,0.2,FILE --period=eMEAN (its own exponential draws, NS sessions)
# Pinning (peers' layout): generator on cpu CLIENT_CPU (0); server, tcpdump and crosscheck's capture
#   threads on SERVER_CPU (1). Cross-vCPU wakeups add ~60-100 us to every exchange's wire time here.
# Errors:
#   crosscheck: findings.json of the audit (per request: reported - wire, mean and p99; send/receive lag)
#   httperf:    (Reply time response + transfer) - wire mean, wire mean from crosscheck's own TCP/HTTP
#               reconstruction of the tcpdump capture (`crosscheck compare` on a run directory holding
#               the crosscheck run's run.json and a header-only requests.csv -> wire-exchanges.csv).
#               httperf gives no per-request times: only its mean error exists.
# LAYOUT=two-host (default one-host): the server on its own "host", the generator on another, as on
#   a real testbed: scripts/two-hosts.sh builds network namespaces NAME-s (server, 127.0.9.2) and
#   NAME-c (client, 127.0.9.1) joined by a veth cc0 (removed at the end, Ctrl-C and errors included).
#   The server runs in NAME-s pinned to SERVER_CPU; each generator (the whole crosscheck JVM, or
#   httperf) in NAME-c pinned to CLIENT_CPU, and the capture on the generator's side of the link
#   (crosscheck's own on cc0, chosen by the route; tcpdump -i cc0 in NAME-c, also on CLIENT_CPU):
#   the client host does all the client's work on its one core, nothing of it on the server's.
#   CC_ARGS defaults to "" there: the audit's own layout, which on a process of one core is
#   one-core (its loop at real-time priority, busy-polling only while a reply is awaited, so the
#   capture threads that share its core run between exchanges; issue 28). "--event-loops 1" gives
#   the layout measured before 2026-11-28 (a loop sleeping in epoll_wait at normal priority).
#   Rows carry the layout in the TSV's last column.
# Each run waits (bounded, QUIET_MAX s) for a quiet machine and records foreign CPU.
# Before the first run the server is warmed up by SERVER_WARM_S (20) s of unmeasured load.
# crosscheck runs with CC_ARGS (default "--event-loops 1 --busy-poll": one spinning loop, as httperf
#   spins) and CC_LAYOUT loop-alone (default: the JVM on SERVER_CPU, its event-loop thread moved to
#   CLIENT_CPU, so the generator core runs only the loop, as it runs only httperf) or pinned (the
#   whole JVM on CLIENT_CPU, capture threads moved to SERVER_CPU: the 2026-11-22 layout).
#   CC_ONLY=1 skips httperf (A/B runs of crosscheck settings). KEEP_CAPTURE=1 keeps each audit's
#   capture.pcap in its run directory (to compare it again: ~0.1-0.5 GB per audit).
# Env: LEVELS, REPS (3), PORT (18480), ARRIVE_S (10), QUIET_MAX (30), BUDGET_S (900: no new rep
#   starts after it), HTTPERF (binary; default httperf-prec, built by the peers' 03a script if absent,
#   else Debian's httperf), HTTPERF_RECV_BUFFER (262144: httperf's default 16 KB receive buffer
#   zero-window-stalls every 64 KB reply on lo, making the two tools' workloads incomparable),
#   CC_SNAPLEN (512: the audit's --snaplen, as the peers' tcpdump),
#   OUT (directory for results; default a fresh /tmp directory), CROSSCHECK_JAVA_OPTS (passed to the
#   audit JVM by the launcher, e.g. "-Xmn3g -Xms4g -XX:+AlwaysPreTouch -Xlog:gc:file=gc.log": see FIDELITY.md).
# "quiet" in the table = the bounded pre-run wait found a quiet 1.5 s window; foreign_cpu_s is what
#   other processes used DURING the run (the figure to judge a run by).
# Output: OUT/fidelity.tsv (one row per tool run; foreign_cores = foreign_cpu_s / the run's wall time;
#   server_cores = the server JVM's CPU over the run in cores, server_core_busy and client_core_busy =
#   SERVER_CPU's and CLIENT_CPU's busy share over it, from bench/lib.sh's cpuwatch: the evidence
#   bench/results.py names when a level misses), OUT/fidelity.log, a per-level median table on stdout.
set -euo pipefail
BENCH_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$BENCH_DIR/.." && pwd)"
# shellcheck source=bench/lib.sh
. "$BENCH_DIR/lib.sh"
LEVELS=${LEVELS:-"100 500 1000"}; REPS=${REPS:-3}; PORT=${PORT:-18480}; ARRIVE_S=${ARRIVE_S:-10}
BUDGET_S=${BUDGET_S:-900}; HTTPERF_RECV_BUFFER=${HTTPERF_RECV_BUFFER:-262144}
LAYOUT=${LAYOUT:-one-host}
# the audit's capture keeps what the peers' tcpdump keeps (lib.sh start_tcpdump): 512 bytes of each
# packet, enough for this workload's heads; the audit's default (4096) copies 8x the bytes, which on
# the generator's one core of the two-host layout lost 121,003-403,986 packets at 5,000 sessions and
# none with 512 (bench/results/2026-11-29/snaplen/)
CC_SNAPLEN=${CC_SNAPLEN:-512}
case "$LAYOUT" in
  one-host) CC_ARGS=${CC_ARGS-"--event-loops 1 --busy-poll"}; CC_LAYOUT=${CC_LAYOUT:-loop-alone}
    HOST=127.0.0.1; IN_CLIENT=(); IN_SERVER=(); CAP_IFACE=lo; CAP_CPU=$SERVER_CPU ;;
  two-host) CC_ARGS=${CC_ARGS-""}; CC_LAYOUT=pinned
    NETNS_NAME=${NETNS_NAME:-ccbench-$$}; HOST=127.0.9.2
    IN_CLIENT=(ip netns exec "$NETNS_NAME-c"); IN_SERVER=(ip netns exec "$NETNS_NAME-s")
    CAP_IFACE=cc0; CAP_CPU=$CLIENT_CPU ;;
  *) echo "fidelity.sh: LAYOUT must be one-host or two-host" >&2; exit 2 ;;
esac
case "$CC_LAYOUT" in pinned|loop-alone) ;; *) echo "fidelity.sh: CC_LAYOUT must be pinned or loop-alone" >&2; exit 2;; esac
OUT=${OUT:-$BENCH_WORK}; mkdir -p "$OUT"
TSV="$OUT/fidelity.tsv"; LOG="$OUT/fidelity.log"; W="$BENCH_WORK"
CC="$ROOT/crosscheck"

SERVER_PID=; AUDIT_PID=; HTTPERF_PID=; TCPDUMP_PID=
cleanup() {
  stop_tcpdump
  for p in $AUDIT_PID $HTTPERF_PID; do kill "$p" 2>/dev/null || true; done
  if [ -n "$SERVER_PID" ] && kill -0 "$SERVER_PID" 2>/dev/null; then
    # TERM, not INT: a background job of a non-interactive shell starts with SIGINT ignored
    kill -TERM "$SERVER_PID"; wait "$SERVER_PID" 2>/dev/null || true
  fi
  if [ "$LAYOUT" = two-host ]; then bash "$ROOT/scripts/two-hosts.sh" down "$NETNS_NAME"; fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

log() { echo "$*" >> "$LOG"; }
[ "$(id -u)" = 0 ] || { echo "fidelity.sh: needs root (live capture, tcpdump)" >&2; exit 2; }

# ---- httperf ----
if [ -z "${HTTPERF:-}" ]; then
  if ! command -v httperf-prec >/dev/null && [ -f /work/shared/peers/03a_build_httperf_prec.sh ]; then
    bash /work/shared/peers/03a_build_httperf_prec.sh >> "$LOG" 2>&1 || true
  fi
  if command -v httperf-prec >/dev/null; then HTTPERF=httperf-prec
  else
    command -v httperf >/dev/null || DEBIAN_FRONTEND=noninteractive apt-get install -y -q httperf >> "$LOG" 2>&1
    HTTPERF=httperf; echo "note: stock httperf prints means to 0.1 ms: its error is +-50 us coarse" | tee -a "$LOG"
  fi
fi
command -v tcpdump >/dev/null || DEBIAN_FRONTEND=noninteractive apt-get install -y -q tcpdump >> "$LOG" 2>&1

# ---- the workload file (both tools) and the server ----
SESS="$W/session.wsesslog"
: > "$SESS"
for _ in 1 2 3 4 5; do printf '/static/10k\n/static/2k\n/static/2k\n/static/64k\n' >> "$SESS"; done
"$CC" --version >> "$LOG" 2>&1   # builds on first use, outside any measurement
if [ "$LAYOUT" = two-host ]; then
  bash "$ROOT/scripts/two-hosts.sh" up "$NETNS_NAME"
  echo "two hosts: server namespace $NETNS_NAME-s ($HOST, cpu$SERVER_CPU), client $NETNS_NAME-c (cpu$CLIENT_CPU), link cc0" | tee -a "$LOG"
  "${IN_SERVER[@]}" taskset -c "$SERVER_CPU" "$CC" serve --bind "$HOST" --port "$PORT" > "$W/serve.log" 2>&1 &
  SERVER_PID=$!
  for _ in $(seq 1 600); do   # from the client host, across the link
    "${IN_CLIENT[@]}" bash -c "exec 3<>/dev/tcp/$HOST/$PORT" 2>/dev/null && break; sleep 0.1
  done
else
  taskset -c "$SERVER_CPU" "$CC" serve --port "$PORT" > "$W/serve.log" 2>&1 &
  SERVER_PID=$!
  wait_port "$PORT"
fi
# warm the server's JIT before the first measured run, so whichever tool goes first does not meet
# a cold server (its slow first seconds load the server core, where the softirqs of every reply run)
echo "warming the server up (${SERVER_WARM_S:-20} s, not measured)..."
"${IN_CLIENT[@]}" taskset -c "$CLIENT_CPU" "$CC" run --target "http://$HOST:$PORT" --users 50 --sessions-per-user 0 \
  --session-length fixed:20 --think fixed:5ms --urls /static/10k,/static/2k,/static/64k \
  --duration "${SERVER_WARM_S:-20}s" --jit-warm-up 0 --telemetry-period 0 --progress off \
  --out "$W/server-warm-up" >> "$LOG" 2>&1 || log "server warm-up run failed (see above)"

{ echo "# $(date -u +%FT%TZ) $(nproc) vCPU, $(uname -r), $($HTTPERF --version 2>&1 | grep -v warning | head -1 || true)"
  echo "# crosscheck $(git -C "$ROOT" rev-parse --short HEAD), levels=$LEVELS reps=$REPS port=$PORT layout=$LAYOUT"; } | tee -a "$LOG"
printf 'tool\tlevel\trep\tsessions\trequests\terrors\treported_mean_us\twire_mean_us\tmean_err_us\tp99_err_us\tsend_lag_us\trecv_lag_us\tclient_cpu_s\tpeak_conns\tdropped\tforeign_cpu_s\tquiet\tforeign_cores\tlayout\timpossible_lags\tserver_cores\tserver_core_busy\tclient_core_busy\n' > "$TSV"

# server_cores server_core_busy client_core_busy of a watch_end line: the server process's CPU (its
# whole JVM) and the two cores' busy shares over the run, the evidence of what saturated when a level
# misses its goal (bench/results.py says it)
cores_cols() { echo "$(watch_fig "pid${SERVER_PID}_cores" "$1") $(watch_fig "cpu${SERVER_CPU}_busy" "$1") $(watch_fig "cpu${CLIENT_CPU}_busy" "$1")"; }

# ---- one crosscheck audit ----
run_crosscheck() {   # L REP NS PERIOD_S
  local L=$1 rep=$2 ns=$3 per=$4 gaps="$W/gaps_$1_$2.txt" dur out="$W/cc_$1_$2.out" q ws cpu=NA rd
  python3 -c "
import random; r = random.Random($rep); gs = [r.expovariate(1 / $per) for _ in range($ns)]
print('\n'.join('%.9f' % g for g in gs)); print(1000)" > "$gaps"
  dur=$(python3 -c "import math; print(math.ceil(sum(float(x) for x in open('$gaps').read().split()[:-1])) + 10)")
  q=$(wait_quiet); log "## crosscheck L=$L rep=$rep: $q"
  watch_start "$SERVER_PID"
  local jvm_cpu=$CLIENT_CPU
  [ "$CC_LAYOUT" = loop-alone ] && jvm_cpu=$SERVER_CPU
  # shellcheck disable=SC2086
  "${IN_CLIENT[@]}" taskset -c "$jvm_cpu" "$CC" audit --target "http://$HOST:$PORT" --wsesslog "$SESS" --think fixed:200ms \
    --arrival partly-open --interarrival "file:$gaps" --duration "${dur}s" --seed "$rep" \
    --out "$W/runs" --name "cc-$L-$rep" --progress off --snaplen "$CC_SNAPLEN" $CC_ARGS > "$out" 2>&1 &
  AUDIT_PID=$!
  if [ "$LAYOUT" = two-host ]; then
    log "the whole audit JVM (engine and capture) on cpu$CLIENT_CPU, in $NETNS_NAME-c"
  elif [ "$CC_LAYOUT" = loop-alone ]; then
    log "event-loop threads moved to cpu$CLIENT_CPU: $(pin_threads "$AUDIT_PID" crosscheck-nett "$CLIENT_CPU" 1)"
  else
    log "capture threads moved to cpu$SERVER_CPU: $(pin_capture_threads "$AUDIT_PID" "$SERVER_CPU")"
  fi
  # client CPU: the JVM (engine, JIT, GC; not the capture threads) when the engine has finished,
  # before the offline comparison starts; per thread, so that exited event loops still count
  local tc="$W/threads_$1_$2.cpu"; rm -f "$tc" "$tc.stop"
  thread_cpu_watch "$AUDIT_PID" "$tc" & local watcher=$!
  for _ in $(seq 1 $(( (dur + 60) * 10 ))); do
    kill -0 "$AUDIT_PID" 2>/dev/null || break
    if grep -q '^crosscheck: completed' "$out"; then
      sleep 0.3; touch "$tc.stop"; wait "$watcher" || true
      cpu=$(cpu_s_excl_capture "$tc" || echo NA); break
    fi
    sleep 0.1
  done
  touch "$tc.stop"; wait "$watcher" 2>/dev/null || true
  ws=$(watch_end)
  wait "$AUDIT_PID" || log "audit exit $?"
  AUDIT_PID=
  cat "$out" >> "$LOG"; log "$ws"
  rd=$(sed -n 's/^crosscheck: run directory //p' "$out")
  LAST_RUN_DIR=$rd
  python3 - "$rd/findings.json" "$L" "$rep" "$ns" "$cpu" "$(foreign_s "$ws")" "$q" "$(foreign_cores "$ws")" "$LAYOUT" \
    "$(cores_cols "$ws")" <<'PY' >> "$TSV"
import json, sys
f, L, rep, ns, cpu, foreign, q, fcores, layout, cores = sys.argv[1:]
cores = cores.split()
try:
    d = json.load(open(f)); fi = d['findings']
except (OSError, ValueError, KeyError) as e:   # the audit died before its findings: a row that says so
    print('\t'.join(str(x) for x in ['crosscheck', L, rep, ns, 'NA', 'NA', 'NA', 'NA', 'NA', 'NA', 'NA', 'NA', cpu,
          'NA', 'NA', foreign, 'quiet' if q.startswith('quiet') else 'NOISY', fcores, layout, 'NA'] + cores)); sys.exit()
def g(*path):   # a figure, or NA when findings were not judged (e.g. too few records matched)
    v = fi
    for k in path:
        v = v.get(k) if isinstance(v, dict) else None
    return 'NA' if v is None else ('%.1f' % v if isinstance(v, float) else v)
m = fi.get('matching') or {}
lc = d.get('liveCapture') or {}
errs = m['records'] - m['matched'] if 'records' in m and 'matched' in m else 'NA'
print('\t'.join(str(x) for x in ['crosscheck', L, rep, ns, m.get('records', 'NA'), errs,
      g('responseTime', 'reportedMeanMicros'), g('responseTime', 'wireMeanMicros'),
      g('responseTime', 'perRequestError', 'meanMicros'), g('responseTime', 'perRequestError', 'p99Micros'),
      g('lags', 'sendLag', 'meanMicros'), g('lags', 'receiveLag', 'meanMicros'), cpu,
      g('connections', 'peakConcurrentConnections'), lc.get('kernelDropped', 'NA'), foreign,
      'quiet' if q.startswith('quiet') else 'NOISY', fcores, layout,
      g('lags', 'belowUncertainty')] + cores))   # lags below the clock's uncertainty: a stamp the wire contradicts
PY
}

# ---- one httperf run, captured by tcpdump ----
run_httperf() {      # L REP NS PERIOD_S RUN_DIR_FOR_RUN_JSON
  local L=$1 rep=$2 ns=$3 per=$4 rd=$5 p="$W/h_$1_$2.pcap" out="$W/h_$1_$2.out" q ws hd="$W/hrun_$1_$2"
  q=$(wait_quiet); log "## httperf L=$L rep=$rep: $q"
  TCPDUMP_IFACE=$CAP_IFACE TCPDUMP_CPU=$CAP_CPU start_tcpdump "$p" "tcp and host $HOST and port $PORT" "${IN_CLIENT[@]}"
  watch_start "$SERVER_PID"
  "${IN_CLIENT[@]}" taskset -c "$CLIENT_CPU" "$HTTPERF" --server "$HOST" --port "$PORT" --wsesslog="$ns,0.2,$SESS" \
    --period="e$per" --timeout 10 --recv-buffer="$HTTPERF_RECV_BUFFER" > "$out" 2>&1 &
  HTTPERF_PID=$!
  wait "$HTTPERF_PID" || log "httperf exit $?"
  HTTPERF_PID=
  ws=$(watch_end)
  stop_tcpdump
  cat "$out" "$p.log" >> "$LOG"; log "$ws"
  # the wire side: crosscheck's reconstruction of the tcpdump capture
  mkdir -p "$hd"; cp "$rd/run.json" "$hd/"; head -1 "$rd/requests.csv" > "$hd/requests.csv"
  "$CC" compare "$hd" --pcap "$p" --capture-clock local >> "$LOG" 2>&1 || log "compare failed on $p"
  python3 - "$out" "$hd" "$p.log" "$L" "$rep" "$ns" "$(foreign_s "$ws")" "$q" "$(foreign_cores "$ws")" "$LAYOUT" \
    "$(cores_cols "$ws")" <<'PY' >> "$TSV"
import csv, json, re, sys
out, hd, plog, L, rep, ns, foreign, q, fcores, layout, cores = sys.argv[1:]
h = open(out).read()
resp, xfer = map(float, re.search(r'Reply time \[ms\]: response (\S+) transfer (\S+)', h).groups())
replies = int(re.search(r'replies (\d+)', h).group(1)); errors = int(re.search(r'Errors: total (\d+)', h).group(1))
cpu = re.search(r'CPU time \[s\]: user (\S+) system (\S+)', h)
conc = re.search(r'<=(\d+) concurrent', h)
rows = [r for r in csv.DictReader(open(hd + '/wire-exchanges.csv'))
        if r['status'] and r['lastResponseByteEpochNanos'] and r['requestStartEpochNanos']]
wire = sum(int(r['lastResponseByteEpochNanos']) - int(r['requestStartEpochNanos']) for r in rows) / len(rows) / 1e3
rep_us = (resp + xfer) * 1000
dropped = re.search(r'(\d+) packets dropped by kernel', open(plog).read())
print('\t'.join(str(x) for x in ['httperf', L, rep, ns, '%d/%d' % (replies, len(rows)), errors,
      '%.1f' % rep_us, '%.1f' % wire, '%.1f' % (rep_us - wire), 'NA', 'NA', 'NA',
      '%.2f' % (float(cpu.group(1)) + float(cpu.group(2))) if cpu else 'NA', conc.group(1) if conc else 'NA',
      dropped.group(1) if dropped else 'NA', foreign, 'quiet' if q.startswith('quiet') else 'NOISY', fcores, layout, 'NA']
      + cores.split()))
PY
  rm -f "$p"
}

T0=$SECONDS
for rep in $(seq 1 "$REPS"); do
  for L in $LEVELS; do
    if [ $((SECONDS - T0)) -ge "$BUDGET_S" ]; then echo "budget ${BUDGET_S}s spent: stopping before L=$L rep=$rep" | tee -a "$LOG"; break 2; fi
    PER=$(python3 -c "print('%.6f' % (3.8 / $L))")
    NS=$(python3 -c "print(int(round($L / 3.8 * $ARRIVE_S)))")
    echo "L=$L rep=$rep: $NS sessions, mean gap ${PER}s ($((SECONDS - T0)) s elapsed)"
    # alternate which tool goes first, so a drift in machine noise does not favour one tool
    # (httperf's compare borrows the run.json, i.e. the server port, of the latest crosscheck run)
    if [ $((rep % 2)) = 1 ] || [ -z "${LAST_RUN_DIR:-}" ]; then
      run_crosscheck "$L" "$rep" "$NS" "$PER"
      [ -n "${CC_ONLY:-}" ] || run_httperf "$L" "$rep" "$NS" "$PER" "$LAST_RUN_DIR"
    else
      [ -n "${CC_ONLY:-}" ] || run_httperf "$L" "$rep" "$NS" "$PER" "$LAST_RUN_DIR"
      run_crosscheck "$L" "$rep" "$NS" "$PER"
    fi
    tail -n 2 "$TSV" | column -t -s $'\t'
    [ -n "${KEEP_CAPTURE:-}" ] || rm -f "$LAST_RUN_DIR/capture.pcap"   # ~tens of MB per run
  done
done

echo; echo "== all runs ($TSV) =="; column -t -s $'\t' "$TSV"
echo; echo "== medians per level (quiet and noisy runs together; see the quiet column above) =="
python3 - "$TSV" <<'PY'
import csv, statistics as st, sys
rows = list(csv.DictReader(open(sys.argv[1]), delimiter='\t'))
def med(rs, k):
    v = [float(r[k]) for r in rs if r[k] not in ('NA', '')]
    return '%.1f' % st.median(v) if v else 'NA'
print('%-6s %-5s %-9s %-10s %-10s %-9s %-9s %-9s %-11s %-11s %-9s %-10s %-9s %-7s' % ('L', 'runs', 'requests',
      'cc_mean', 'cc_p99', 'cc_send', 'cc_recv', 'cc_wire', 'httperf_err', 'httperf_wire', 'cc_cpu_s',
      'httperf_cpu', 'foreign_s', 'quiet'))
for L in sorted({int(r['level']) for r in rows}):
    c = [r for r in rows if int(r['level']) == L and r['tool'] == 'crosscheck']
    h = [r for r in rows if int(r['level']) == L and r['tool'] == 'httperf']
    print('%-6s %-5s %-9s %-10s %-10s %-9s %-9s %-9s %-11s %-11s %-9s %-10s %-9s %-7s' % (L, len(c),
          med(c, 'requests'), med(c, 'mean_err_us'), med(c, 'p99_err_us'), med(c, 'send_lag_us'),
          med(c, 'recv_lag_us'), med(c, 'wire_mean_us'), med(h, 'mean_err_us'), med(h, 'wire_mean_us'),
          med(c, 'client_cpu_s'), med(h, 'client_cpu_s'), med(c + h, 'foreign_cpu_s'),
          '%d/%d' % (sum(r['quiet'] == 'quiet' for r in c + h), len(c + h))))
print('errors in µs: mean = mean(reported) - mean(wire) over matched requests (crosscheck: per request);'
      ' p99 = 99th percentile of the per-request error; send/recv = send lag / receive lag means.')
PY
echo "log: $LOG"
