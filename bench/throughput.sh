#!/usr/bin/env bash
# throughput.sh - requests/s per client core: crosscheck's Netty engine vs wrk -t1, 2 KB static
# replies over loopback, every request recorded (issue 15, "Throughput per client core").
#
# For each target (lighttpd serving a 2 KB file, crosscheck's embedded server's /static/2k), server
# pinned to SERVER_CPU, REPS alternating pairs, each tool pinned (the whole process) to CLIENT_CPU:
#   wrk        taskset -c CLIENT_CPU wrk -t1 -cCONNECTIONS -dDURATION_Ss URL
#   crosscheck taskset -c CLIENT_CPU ./crosscheck run --target ... --urls PATH --users CONNECTIONS
#                --session-length fixed:1000 --think none --event-loops 1 --duration DURATION_Ss
#              requests/s = completed requests (ok + http-error, summary.json) / measured window;
#              checked: requests.csv has exactly recordsTotal lines (every request recorded).
# Before each timed run: wait_quiet (bench/lib.sh); during it: CPU of foreign processes. A run with
# more than QUIET_MAX_FOREIGN_CORES of foreign CPU (average cores) is kept in the TSV with quiet=no
# and left out of the medians.
#
# Output: OUT/throughput.tsv (header: section target tool rep requests_per_second
# foreign_cpu_seconds quiet note foreign_cores; foreign_cores = foreign CPU seconds over the watched
# wall time, the figure quiet is judged by; bench/run reads it), logs beside it, and a median table
# on stdout.
# Loopback only; lighttpd runs from its own config, docroot and pid file under the work dir on its
# own port (never the system service); only the PIDs started here are stopped. Needs root to
# install lighttpd and wrk (apt-get) when they are missing. Bounded: about
# TARGETS x REPS x (2 x DURATION_S + 15 s) plus quiet waits (default ~4 min).
#   bash bench/throughput.sh
# Environment: REPS (3), DURATION_S (10), CLIENT_CPU (0), SERVER_CPU (1), OUT (BENCH_WORK),
# TARGETS ("lighttpd embedded"), CONNECTIONS (100), LIGHTTPD_PORT (18081), EMBEDDED_PORT (18082),
# QUIET_MAX_FOREIGN_CORES (0.10), CROSSCHECK_RUN_OPTS (extra options for crosscheck run),
# CC_JAVA_OPTS (the crosscheck JVM's options, given to the launcher as CROSSCHECK_JAVA_OPTS; default
# "-Xms1536m -Xmn1g -XX:-TieredCompilation").
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=bench/lib.sh
. "$here/bench/lib.sh"
REPS=${REPS:-3}
DURATION_S=${DURATION_S:-10}
TARGETS=${TARGETS:-lighttpd embedded}
CONNECTIONS=${CONNECTIONS:-100}
LIGHTTPD_PORT=${LIGHTTPD_PORT:-18081}
EMBEDDED_PORT=${EMBEDDED_PORT:-18082}
QUIET_MAX_FOREIGN_CORES=${QUIET_MAX_FOREIGN_CORES:-0.10}
OUT=${OUT:-$BENCH_WORK}
W="$BENCH_WORK/throughput"
mkdir -p "$OUT" "$W"
TSV="$OUT/throughput.tsv"
LOG="$OUT/throughput.log"
: > "$LOG"

# --- peers ----------------------------------------------------------------------------------
if ! command -v lighttpd >/dev/null || ! command -v wrk >/dev/null; then
  [ "$(id -u)" = 0 ] || { echo "throughput: lighttpd and wrk are missing and only root can install them (apt-get install -y lighttpd wrk)" >&2; exit 2; }
  export DEBIAN_FRONTEND=noninteractive
  timeout 300 apt-get install -y -q lighttpd wrk >>"$LOG" 2>&1 \
    || { timeout 300 apt-get update -q >>"$LOG" 2>&1 && timeout 300 apt-get install -y -q lighttpd wrk >>"$LOG" 2>&1; } \
    || { echo "throughput: apt-get install lighttpd wrk failed; see $LOG" >&2; exit 2; }
fi

# lighttpd: the peers' config (00_setup.sh), but its own port, docroot, pid file and log here
DOC="$W/www"
mkdir -p "$DOC"
[ -s "$DOC/2k.bin" ] || head -c 2048 /dev/urandom > "$DOC/2k.bin"
chmod a+rx "$BENCH_WORK" "$W" "$DOC"; chmod a+r "$DOC/2k.bin"   # lighttpd drops to www-data
cat > "$W/lighttpd.conf" <<EOF
server.document-root = "$DOC"
server.port          = $LIGHTTPD_PORT
server.bind          = "127.0.0.1"
server.username      = "www-data"
server.groupname     = "www-data"
server.pid-file      = "$W/lighttpd.pid"
server.errorlog      = "$W/lighttpd-error.log"
server.max-fds       = 16384
server.max-connections = 8192
server.max-keep-alive-requests = 1000
server.max-keep-alive-idle = 30
server.modules       = ( )
mimetype.assign      = ( ".html" => "text/html", ".bin" => "application/octet-stream" )
EOF
touch "$W/lighttpd-error.log"; chown www-data:www-data "$W/lighttpd-error.log" 2>/dev/null || true

SERVER_PID=""
stop_server() {
  if [ -n "$SERVER_PID" ] && kill -0 "$SERVER_PID" 2>/dev/null; then
    kill -TERM "$SERVER_PID"; wait "$SERVER_PID" 2>/dev/null || true
  fi
  SERVER_PID=""
}
trap stop_server EXIT

start_target() {  # sets URL_BASE, URL_PATH, SERVER_PID
  case "$1" in
    lighttpd)
      lighttpd -t -f "$W/lighttpd.conf" >>"$LOG" 2>&1 || { echo "throughput: bad lighttpd config $W/lighttpd.conf" >&2; exit 1; }
      taskset -c "$SERVER_CPU" lighttpd -D -f "$W/lighttpd.conf" >>"$LOG" 2>&1 &
      SERVER_PID=$!; URL_BASE="http://127.0.0.1:$LIGHTTPD_PORT"; URL_PATH=/2k.bin
      wait_port "$LIGHTTPD_PORT" ;;
    embedded)
      taskset -c "$SERVER_CPU" "$here/crosscheck" serve --port "$EMBEDDED_PORT" >>"$LOG" 2>&1 &
      SERVER_PID=$!; URL_BASE="http://127.0.0.1:$EMBEDDED_PORT"; URL_PATH=/static/2k
      wait_port "$EMBEDDED_PORT" ;;
    *) echo "throughput: unknown target '$1' in TARGETS (expected lighttpd or embedded)" >&2; exit 2 ;;
  esac
}

printf 'section\ttarget\ttool\trep\trequests_per_second\tforeign_cpu_seconds\tquiet\tnote\tforeign_cores\n' > "$TSV"
# row TARGET TOOL REP REQ_PER_S NOTE WATCH_LINE: the foreign-CPU figures and the quiet verdict from the watch
row() {
  local fc; fc=$(foreign_cores "$6")
  printf 'throughput\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$1" "$2" "$3" "$4" "$(foreign_s "$6")" "$(quiet_of "$fc")" "$5" "$fc" | tee -a "$TSV"
}
quiet_of() {  # FOREIGN_CORES -> yes/no
  python3 -c "import sys; sys.exit(0 if float('${1:-9}' or 9) <= $QUIET_MAX_FOREIGN_CORES else 1)" && echo yes || echo no
}

run_wrk() {  # target rep
  local cmd="taskset -c $CLIENT_CPU wrk -t1 -c$CONNECTIONS -d${DURATION_S}s $URL_BASE$URL_PATH" ws rps note
  echo "## $1 wrk rep $2: $cmd" >> "$LOG"; wait_quiet >> "$LOG"; watch_start
  timeout $((DURATION_S + 30)) $cmd > "$W/wrk.out" 2>&1 || true
  ws=$(watch_end); cat "$W/wrk.out" >> "$LOG"; echo "$ws" >> "$LOG"
  rps=$(awk '/^Requests\/sec/{printf "%.0f", $2}' "$W/wrk.out")
  note=$(grep -o 'Socket errors.*\|Non-2xx.*' "$W/wrk.out" | tr '\n' ' ' || true)
  row "$1" wrk "$2" "${rps:-NA}" "${note:-ok}" "$ws"
}

run_crosscheck() {  # target rep
  local out="$W/runs/$1-$2" ws
  rm -rf "$out"
  # shellcheck disable=SC2086
  local cmd="taskset -c $CLIENT_CPU $here/crosscheck run --target $URL_BASE --urls $URL_PATH --users $CONNECTIONS --session-length fixed:1000 --think none --event-loops 1 --duration ${DURATION_S}s --out $out --progress off ${CROSSCHECK_RUN_OPTS:-}"
  echo "## $1 crosscheck rep $2: $cmd" >> "$LOG"; wait_quiet >> "$LOG"; watch_start
  # C2 only: the launcher's default keeps tiered compilation (better for fidelity, half the throughput
  # on one core: bench/README.md); CC_JAVA_OPTS overrides
  # shellcheck disable=SC2086
  CROSSCHECK_JAVA_OPTS=${CC_JAVA_OPTS:-"-Xms1536m -Xmn1g -XX:-TieredCompilation"} \
    timeout $((DURATION_S + 90)) $cmd > "$W/cc.out" 2>&1 || true
  ws=$(watch_end); cat "$W/cc.out" >> "$LOG"; echo "$ws" >> "$LOG"
  local dir; dir=$(ls -d "$out"/*/ 2>/dev/null | head -1)
  local res
  res=$(python3 - "$dir" <<'PY'
import json, os, sys
d = sys.argv[1]
try:
    s = json.load(open(os.path.join(d, 'summary.json')))
except (OSError, ValueError) as e:
    print('NA\tno summary.json in %s' % d); sys.exit()
o = s['outcomeCountsAllPhases']; done = o['ok'] + o['http-error']
secs = s['measuredWindowNanos'] / 1e9
lines = sum(1 for _ in open(os.path.join(d, 'requests.csv'))) - 1
errs = sum(v for k, v in o.items() if k not in ('ok', 'http-error'))
note = 'records=%d csv=%d errors=%d' % (s['recordsTotal'], lines, errs)
if lines != s['recordsTotal']: note += ' MISMATCH(requests.csv != recordsTotal)'
print('%.0f\t%s' % (done / secs, note))
PY
)
  row "$1" crosscheck "$2" "${res%%$'\t'*}" "${res#*$'\t'}" "$ws"
}

cd "$here"
"$here/crosscheck" --help >/dev/null   # builds the CLI now if sources changed, not in a timed run
for target in $TARGETS; do
  start_target "$target"
  timeout 10 wrk -t1 -c"$CONNECTIONS" -d2s "$URL_BASE$URL_PATH" >/dev/null 2>&1 || true   # server warm-up
  for rep in $(seq 1 "$REPS"); do
    run_wrk "$target" "$rep"
    run_crosscheck "$target" "$rep"
  done
  stop_server
done

# --- medians of quiet reps --------------------------------------------------------------------
echo
echo "throughput per client core: $CONNECTIONS connections, ${DURATION_S} s, client cpu$CLIENT_CPU, server cpu$SERVER_CPU ($(nproc) cores, $(uname -r))"
python3 - "$TSV" <<'PY'
import csv, statistics, sys
rows = list(csv.DictReader(open(sys.argv[1]), delimiter='\t'))
targets = list(dict.fromkeys(r['target'] for r in rows))
print('%-10s %-11s %5s %9s %14s  %s' % ('target', 'tool', 'quiet', 'discarded', 'median_req/s', 'all reps'))
for t in targets:
    med = {}
    for tool in ('wrk', 'crosscheck'):
        rs = [r for r in rows if r['target'] == t and r['tool'] == tool]
        q = [float(r['requests_per_second']) for r in rs if r['quiet'] == 'yes' and r['requests_per_second'] != 'NA']
        med[tool] = statistics.median(q) if q else None
        print('%-10s %-11s %5d %9d %14s  %s' % (t, tool, len(q), len(rs) - len(q),
              '%.0f' % med[tool] if q else 'NA',
              ' '.join(r['requests_per_second'] + ('' if r['quiet'] == 'yes' else '(noisy)') for r in rs)))
    ratio = med['crosscheck'] / med['wrk'] if med['wrk'] and med['crosscheck'] else None
    print('%-10s ratio crosscheck/wrk = %s (goal >= 0.80)' % (t, '%.2f' % ratio if ratio else 'NA (no quiet pair)'))
PY
echo "rows: $TSV; log: $LOG"
