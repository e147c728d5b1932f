#!/usr/bin/env bash
# bench/matrix.sh - the acceptance matrix of issue 12: JDK 17 and Temurin 25 x {default, -Xint,
# -Xmx64m} x 3 user levels, legacy-urlconnection (--timing nanos) on the embedded RUBiS server
# (started in-process by 'crosscheck matrix' on 127.0.0.1, an ephemeral port), RUBiS bidding mix
# with think times x0.02, 2 s ramp-up + 8 s measured per cell; every cell a fresh child JVM under
# the live capture. Prints the matrix's own output (progress, the full cell table) and the wall time.
#
# Loopback only; bounded: each cell is a 10 s run, and the whole matrix is stopped after BUDGET_S
# (default 900 s = 15 min; the matrix directory then resumes where it stopped). Needs root
# (CAP_NET_RAW) for the capture.
#
# Environment: OUT (matrix directory, default /tmp/crosscheck-matrix-DATE; an existing one resumes),
#   USERS (10,20,40), DURATION (8s), RAMP_UP (2s), THINK_SCALE (0.02), BUDGET_S (900),
#   JDK17, JDK25 (Java homes).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$here"

JDK17=${JDK17:-/usr/lib/jvm/java-17-openjdk-amd64}
JDK25=${JDK25:-/usr/lib/jvm/temurin-25-jdk-amd64}
USERS=${USERS:-10,20,40}; DURATION=${DURATION:-8s}; RAMP_UP=${RAMP_UP:-2s}
THINK_SCALE=${THINK_SCALE:-0.02}; BUDGET_S=${BUDGET_S:-900}
OUT=${OUT:-${TMPDIR:-/tmp}/crosscheck-matrix-$(date -u +%Y%m%d-%H%M%S)}

./crosscheck --version >/dev/null 2>&1 || true   # build once, outside the timed part
echo "matrix: $(date -u +%FT%TZ) $(nproc) vCPU, host load $(cut -d' ' -f1-3 /proc/loadavg), out=$OUT"
cmd=(./crosscheck matrix --rubis --think-scale "$THINK_SCALE" --engine legacy-urlconnection --timing nanos
     --ramp-up "$RAMP_UP" --duration "$DURATION" --ramp-down 0s
     --jvm "$JDK17" --jvm "$JDK25" --jvm-opts default --jvm-opts -Xint --jvm-opts -Xmx64m
     --users "$USERS" --out "$OUT")
echo "matrix: ${cmd[*]}"
T0=$SECONDS
rc=0
# timeout sends SIGTERM, which the matrix treats like Ctrl-C: the cell under way ends as interrupted
timeout --kill-after=60 "$BUDGET_S" "${cmd[@]}" 2>&1 | grep --line-buffered -v '^crosscheck rubis: ' || rc=${PIPESTATUS[0]}
echo "matrix: exit $rc, wall time $((SECONDS - T0)) s; matrix.json and every cell's run directory in $OUT"
exit "$rc"
