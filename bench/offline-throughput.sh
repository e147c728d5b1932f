#!/usr/bin/env bash
# offline-throughput.sh - how fast does crosscheck turn a capture into findings, next to tcpdump and tshark?
#
# 1. Makes (once; reused on later runs, --regen to redo) a >= 1M-packet capture of REAL loopback
#    traffic: the embedded server (crosscheck serve) driven by crosscheck run, 50 users x 800
#    sessions x 10 keep-alive requests for /static/2k (400,000 requests), captured by tcpdump
#    (-s 512, nanosecond stamps, like crosscheck's own live capture) into BENCH_DIR/capture.pcap,
#    next to the run directory it belongs to.
# 2. Times on that file, page cache warm, median of 3 where cheap:
#      read         CaptureReader, no-op handler           (java OfflineThroughput, in-JVM timing:
#                                                           3 warm-up passes, median of 5; the JIT
#                                                           settles only after 3-4 passes)
#      reconstruct  CaptureReader -> WireReconstructor      (same)
#      compare      crosscheck compare RUN_DIR --pcap F     (whole CLI: JVM start, requests.csv, matching, findings)
#      tcpdump      tcpdump -r F -w /dev/null               (libpcap read floor)
#      tshark       tshark -r F -d tcp.port==1024-65535,http -Y http.response -T fields -e http.time
#                   (once; on the first 100k packets only when the full file would take > TSHARK_FULL_LIMIT_S)
# 3. Prints a table (packets/s) and the goals: reconstruction >= 1.5 M packets/s, >= 100x tshark.
#
# Loopback only; needs root (tcpdump). Bounded: ~4-6 min on 2 vCPUs (generation <= 240 s, tshark
# <= TSHARK_FULL_LIMIT_S). Idempotent: the capture is regenerated only with --regen or when missing;
# compare rewrites the same files in the run directory each time.
#   bash bench/offline-throughput.sh [--regen]
# Environment: BENCH_DIR (default /tmp/crosscheck-bench), TSHARK_FULL_LIMIT_S (default 150),
#   SESSIONS_PER_USER (800) and MIN_PACKETS (1000000): smaller only to test the script (bench/run QUICK=1).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
W="${BENCH_DIR:-/tmp/crosscheck-bench}"
TSHARK_FULL_LIMIT_S="${TSHARK_FULL_LIMIT_S:-150}"
SESSIONS_PER_USER="${SESSIONS_PER_USER:-800}"   # 50 users x this x 10 requests; 800 -> ~1.12 M packets
MIN_PACKETS="${MIN_PACKETS:-1000000}"           # bench/run's QUICK mode lowers both (a smaller capture)
REGEN=0; [ "${1:-}" = "--regen" ] && REGEN=1
F="$W/capture.pcap"
mkdir -p "$W"
for tool in tcpdump tshark editcap capinfos; do
  command -v "$tool" >/dev/null || { echo "offline-throughput: $tool is not installed (apt-get install -y tcpdump tshark)" >&2; exit 2; }
done

# --- build ----------------------------------------------------------------------------------
cd "$here"
./crosscheck --help >/dev/null   # builds the CLI if sources changed (must not race with another launch)
jar=jmh/target/benchmarks.jar
if [ ! -f "$jar" ] || [ -n "$(find harness/src/main jmh/src/main -newer "$jar" -type f -print -quit)" ]; then
  echo "building $jar ..." >&2
  mvn -q -B -pl jmh -am package -DskipTests >"$W/build.log" 2>&1 || { tail -30 "$W/build.log" >&2; exit 1; }
fi

# --- the capture --------------------------------------------------------------------------
SERVER_PID=""; TCPDUMP_PID=""
cleanup() {
  [ -n "$TCPDUMP_PID" ] && kill "$TCPDUMP_PID" 2>/dev/null || true
  [ -n "$SERVER_PID" ] && kill "$SERVER_PID" 2>/dev/null || true
  wait 2>/dev/null || true
}
trap cleanup EXIT

packets_in() { capinfos -c -M "$1" | awk -F': *' '/Number of packets/ {print $2}'; }

if [ "$REGEN" = 1 ] || [ ! -s "$F" ] || [ ! -f "$W/run-dir" ] || [ ! -d "$(cat "$W/run-dir")" ]; then
  echo "generating the capture (real loopback traffic; ~1-3 min) ..." >&2
  rm -rf "$W/runs" "$F" "$W/run-dir"
  ./crosscheck serve --port 0 >"$W/serve.log" 2>&1 &
  SERVER_PID=$!
  port=""
  for _ in $(seq 1 100); do
    port=$(grep -o 'listening on http://127.0.0.1:[0-9]*' "$W/serve.log" 2>/dev/null | grep -o '[0-9]*$' || true)
    [ -n "$port" ] && break; sleep 0.1
  done
  [ -n "$port" ] || { echo "offline-throughput: the server did not start:" >&2; cat "$W/serve.log" >&2; exit 1; }
  tcpdump -i lo -n -s 512 -B 65536 --time-stamp-precision=nano -w "$F" "tcp port $port" 2>"$W/tcpdump.log" &
  TCPDUMP_PID=$!
  for _ in $(seq 1 50); do grep -q listening "$W/tcpdump.log" 2>/dev/null && break; sleep 0.1; done
  sleep 0.5
  ./crosscheck run --target "http://127.0.0.1:$port" --users 50 --sessions-per-user "$SESSIONS_PER_USER" --session-length fixed:10 \
      --duration 240s --out "$W/runs" --progress off >"$W/run.log" 2>&1
  sleep 2   # tcpdump stopped right after the last packets loses its last buffered block
  # TERM, not INT: a background job of a non-interactive shell ignores SIGINT, and so does its JVM
  kill -TERM "$TCPDUMP_PID"; wait "$TCPDUMP_PID" || true; TCPDUMP_PID=""
  kill -TERM "$SERVER_PID"; wait "$SERVER_PID" || true; SERVER_PID=""
  ls -d "$W"/runs/*/ | head -1 > "$W/run-dir"
  cat "$W/tcpdump.log" >&2
fi
RUN_DIR="$(cat "$W/run-dir")"
NP=$(packets_in "$F")
REQUESTS=$(($(wc -l < "$RUN_DIR/requests.csv") - 1))
if [ "$NP" -lt "$MIN_PACKETS" ]; then
  echo "offline-throughput: only $NP packets in $F (want >= $MIN_PACKETS); rerun with --regen on a quieter machine" >&2
  exit 1
fi
cat "$F" "$RUN_DIR/requests.csv" >/dev/null   # page cache warm

# --- measurements -------------------------------------------------------------------------
declare -A RATE NOTE
median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
wall() { # cmd... -> wall seconds of one run (stdout of the command discarded)
  local s e; s=$(date +%s.%N); "$@" >/dev/null 2>"$W/last.err"; e=$(date +%s.%N)
  echo "$e - $s" | bc -l
}
rate() { echo "$1 / $2" | bc -l | xargs printf '%.0f'; }
s2() { printf '%.2f' "$1"; }

echo "measuring on $F ($NP packets, $REQUESTS requests) ..." >&2
# passes 1-3 of a fresh JVM run 20-30 % slower while C2 recompiles the call tree: they warm up
java -cp "$jar" io.crosscheck.jmh.OfflineThroughput "$F" 5 3 > "$W/ours.txt"
RATE[read]=$(awk '$1=="read" {print $3}' "$W/ours.txt")
RATE[reconstruct]=$(awk '$1=="reconstruct" {print $3}' "$W/ours.txt")
NOTE[read]="median of 5 in one JVM after 3 warm-up passes (range $(awk '$1=="read" {printf "%.2f-%.2f M", $4/1e6, $5/1e6}' "$W/ours.txt"))"
NOTE[reconstruct]="same ($(awk '$1=="reconstruct" {printf "%.2f-%.2f M", $4/1e6, $5/1e6}' "$W/ours.txt")); $(grep '^# reconstruct saw' "$W/ours.txt" | cut -c20-)"

secs=$(for _ in 1 2 3; do wall ./crosscheck compare "$RUN_DIR" --pcap "$F"; done | median)
RATE[compare]=$(rate "$NP" "$secs")
matched=$(python3 -c "import json,sys; m=json.load(open(sys.argv[1]))['findings']['matching']; print('%d of %d records matched' % (m['matched'], m['records']))" "$RUN_DIR/findings.json")
NOTE[compare]="median of 3, $(s2 "$secs") s wall each incl. JVM start and $REQUESTS records; $matched"

secs=$(for _ in 1 2 3; do wall tcpdump -r "$F" -w /dev/null; done | median)
RATE[tcpdump]=$(rate "$NP" "$secs"); NOTE[tcpdump]="median of 3, $(s2 "$secs") s"

tshark_cmd=(tshark -r "$F" -d tcp.port==1024-65535,http -Y http.response -T fields -e http.time)
s=$(date +%s.%N)
if timeout "$TSHARK_FULL_LIMIT_S" "${tshark_cmd[@]}" > "$W/tshark.out" 2>/dev/null; then
  secs=$(echo "$(date +%s.%N) - $s" | bc -l)
  RATE[tshark]=$(rate "$NP" "$secs"); NOTE[tshark]="one run on the whole file, $(s2 "$secs") s, $(wc -l < "$W/tshark.out") http.time values"
else
  editcap -r "$F" "$W/first100k.pcap" 1-100000
  secs=$(for _ in 1 2 3; do wall tshark -r "$W/first100k.pcap" -d tcp.port==1024-65535,http -Y http.response -T fields -e http.time; done | median)
  RATE[tshark]=$(rate 100000 "$secs")
  NOTE[tshark]="whole file > ${TSHARK_FULL_LIMIT_S}s: first 100,000 packets only (editcap -r), median of 3, $(s2 "$secs") s"
fi

# --- table ----------------------------------------------------------------------------------
echo
echo "offline throughput, $(date -u +%F), $(nproc) vCPU, $(java -version 2>&1 | head -1)"
echo "capture: $F, $NP packets ($(du -h "$F" | cut -f1)), real loopback traffic, snaplen 512"
printf '%-12s %16s  %s\n' "stage" "packets/s" "note"
for k in read reconstruct compare tcpdump tshark; do
  printf '%-12s %'"'"'16d  %s\n' "$k" "${RATE[$k]}" "${NOTE[$k]}"
done
echo
awk -v r="${RATE[reconstruct]}" -v t="${RATE[tshark]}" -v c="${RATE[compare]}" 'BEGIN {
  printf "goal: reconstruction >= 1.5 M packets/s: %.2f M/s -> %s\n", r/1e6, (r >= 1.5e6 ? "met" : "NOT met");
  printf "goal: >= 100x tshark: reconstruction %.0fx, full compare %.0fx -> %s\n", r/t, c/t, (r/t >= 100 ? "met (reconstruction)" : "NOT met") }'
