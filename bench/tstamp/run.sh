#!/usr/bin/env bash
# Kernel receive timestamps experiment (issue 15): see KernelRxStamp.java and bench/FIDELITY.md.
#   bench/tstamp/run.sh OUTDIR [N] [REPS] [REPLY_BYTES] [MODES]
# Per repetition, alternating the modes (default "block:off block:on spin:off spin:on spin:peek spin:peektrunc";
# WAIT:RX, TX stamps on whenever RX is on): server on cpu1 with tcpdump, client on cpu0; one
# connection, N sequential requests of 200 B, replies of REPLY_BYTES (2048), 100 us gap, first
# 1,000 left out. Then the cost of the extra recvmsg. Every process is bounded in time
# (timeout) and the server is killed by its pid.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
out="${1:?OUTDIR}"; n="${2:-20000}"; reps="${3:-3}"; reply="${4:-2048}"
modes="${5:-block:off block:on spin:off spin:on spin:peek spin:peektrunc}"
port=${PORT:-18615}; req=200; gap=100; warm=1000
jna="$(ls ~/.m2/repository/net/java/dev/jna/jna/5.3.1/jna-5.3.1.jar)"
mkdir -p "$out"
java_run() { java -XX:+UseSerialGC -cp "$jna" "$here/KernelRxStamp.java" "$@"; }
taskset -c 1 timeout 1800 java -XX:+UseSerialGC -cp "$jna" "$here/KernelRxStamp.java" server $port $req "$reply" &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
sleep 3
for rep in $(seq 1 "$reps"); do
  for mode in $modes; do
    wait=${mode%%:*}; rx=${mode##*:}; tx=on; [ "$rx" = off ] && tx=off
    tag="$out/r$rep-$wait-$rx"
    taskset -c 1 timeout 300 tcpdump -i lo -j host --time-stamp-precision=nano -s 200 -B 65536 -w "$tag.pcap" \
      "tcp port $port" 2>"$tag.tcpdump.log" &
    td=$!
    for _ in $(seq 50); do grep -q listening "$tag.tcpdump.log" && break; sleep 0.1; done
    sleep 0.5
    load0=$(cut -d' ' -f1 /proc/loadavg)
    taskset -c 0 timeout 200 java -XX:+UseSerialGC -cp "$jna" "$here/KernelRxStamp.java" \
      client $port $req "$reply" "$n" $gap "$wait" "$rx" "$tx" "$tag.csv"
    sleep 2
    kill -INT $td; wait $td || true
    echo "== rep $rep wait=$wait rx=$rx tx=$tx loadavg=$load0 ($(tail -1 "$tag.tcpdump.log"))"
    java_run compare "$tag.csv" "$tag.pcap" $port $req "$reply" $warm | tee "$tag.txt"
  done
done
echo "== cost per call, 200,000 calls per round, client on cpu0"
taskset -c 0 timeout 300 java -XX:+UseSerialGC -cp "$jna" "$here/KernelRxStamp.java" cost $port $req "$reply" 200000 \
  | tee "$out/cost.txt"
