#!/usr/bin/env bash
# bench/workload-calibration.sh - how often the workload audit (findings.json "workload", issue 27)
# raises a false alarm on a faithful generator: crosscheck's own Netty engine, audited from the wire
# against the workload its run.json declares, SEEDS seeded runs per arrival model:
#   closed       --users 20 --think exp:20ms
#   open         --arrival open --rate 300 (poisson)
#   partly-open  --arrival partly-open --rate 40 --session-length fixed:5 --think exp:20ms
# each --ramp-up 1s --duration DURATION against the embedded server (./crosscheck serve) on loopback.
# A run passes when no check it judged says otherwise: think time faithful (or not judged), arrivals
# faithful (rate, instants and, for poisson, dispersion; or not judged), no coordinated omission. The goal (issue 27): >= 95 % of runs pass per
# model. Every check rejects at 1 % on its own, so a run of two checks passes in about 98 % of runs.
# A bench script (prints figures), not a test: the engine's own lateness on a loaded host counts.
#
# Output: one line per run (model, seed, each verdict, its p-value; plannedP: the KS p-value of the think
# times the engine planned, from its records: below 1 % the seeded draws themselves fail the test, the
# 1 % a faithful draw is rejected), then per model the passes and the verdicts' counts; the per-run
# table in OUT/calibration.tsv.
# Env: SEEDS (20), FIRST_SEED (1), DURATION (5s), OUT (work dir), MODELS ("closed open partly-open").
# Needs: jq, and ./crosscheck (builds itself on first use). Runs as root (the capture on lo).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
SEEDS=${SEEDS:-20}; FIRST_SEED=${FIRST_SEED:-1}; DURATION=${DURATION:-5s}; MODELS=${MODELS:-"closed open partly-open"}
W=${OUT:-$(mktemp -d /tmp/crosscheck-workload-calibration.XXXXXX)}
mkdir -p "$W"
command -v jq >/dev/null || { echo "workload-calibration: needs jq (apt-get install -y jq)" >&2; exit 2; }

SERVER_PID=""
cleanup() { [ -n "$SERVER_PID" ] && kill "$SERVER_PID" 2>/dev/null; wait 2>/dev/null || true; }
trap cleanup EXIT
./crosscheck serve --port 0 >"$W/serve.log" 2>&1 &
SERVER_PID=$!
port=""
for _ in $(seq 1 900); do   # the launcher may build first (~30 s)
  port=$(grep -o 'listening on http://127.0.0.1:[0-9]*' "$W/serve.log" 2>/dev/null | grep -o '[0-9]*$' || true)
  [ -n "$port" ] && break; sleep 0.1
done
[ -n "$port" ] || { echo "workload-calibration: the server did not start:" >&2; cat "$W/serve.log" >&2; exit 1; }

options() {
  case "$1" in
    closed) echo "--users 20 --think exp:20ms" ;;
    open) echo "--arrival open --rate 300" ;;
    partly-open) echo "--arrival partly-open --rate 40 --session-length fixed:5 --think exp:20ms" ;;
  esac
}

printf 'model\tseed\tthink\tthinkP\tplannedP\tlateMillis\tarrival\tarrivalRate\tinstantsP\tdispersionP\tplannedDispersionP\tloop\tomission\tpass\n' > "$W/calibration.tsv"
for model in $MODELS; do
  for seed in $(seq "$FIRST_SEED" $((FIRST_SEED + SEEDS - 1))); do
    out="$W/$model-$seed"
    # shellcheck disable=SC2046
    if ! ./crosscheck audit --target "http://127.0.0.1:$port" $(options "$model") --urls /static/2k \
        --ramp-up 1s --duration "$DURATION" --seed "$seed" --progress off --out "$out" >"$out.log" 2>&1; then
      echo "workload-calibration: $model seed $seed: the audit failed (see $out.log)" >&2
      printf '%s\t%s\t-\t-\t-\t-\t-\t-\t-\t-\t-\t-\t-\tno\n' "$model" "$seed" >> "$W/calibration.tsv"
      continue
    fi
    f=$(ls -d "$out"/*/findings.json | tail -1)
    jq -r --arg model "$model" --arg seed "$seed" '.findings.workload as $w
      | [$model, $seed, ($w.think.verdict // "-"), ($w.think.fit.pValue // "-"), ($w.think.plannedFit.pValue // "-"),
         ($w.think.lateMillis // "-"),
         ($w.arrival.verdict // "-"), ($w.arrival.ratePerSecond.estimate // "-"), ($w.arrival.instantsFit.pValue // "-"), ($w.arrival.dispersionFit.pValue // "-"),
         ($w.arrival.plannedDispersionFit.pValue // "-"),
         ($w.loop.verdict // "-"), ($w.loop.coordinatedOmission // false),
         (if ((($w.think.verdict // "FAITHFUL") | IN("FAITHFUL", "NOT_JUDGED"))
              and (($w.arrival.verdict // "FAITHFUL") | IN("FAITHFUL", "NOT_JUDGED"))
              and (($w.loop.coordinatedOmission // false) | not)) then "yes" else "no" end)] | @tsv' "$f" \
      | tee -a "$W/calibration.tsv"
  done
done

echo
echo "workload calibration: $SEEDS seeded runs per model (seeds $FIRST_SEED-$((FIRST_SEED + SEEDS - 1))), --duration $DURATION, $(nproc) cores, $(date -u +%F)"
printf '%-12s %6s %7s %-28s %-28s\n' model runs passed think arrival
awk -F'\t' 'NR > 1 {
    runs[$1]++; if ($14 == "yes") passed[$1]++
    if ($14 == "no" && (($5 != "-" && $5 < 0.01) || ($11 != "-" && $11 < 0.01))) draws[$1]++
    think[$1] = think[$1] " " $3; arrival[$1] = arrival[$1] " " $7
  }
  function tally(list,    n, a, i, c, out, k) {
    n = split(list, a, " "); delete c
    for (i = 1; i <= n; i++) if (a[i] != "") c[a[i]]++
    out = ""; for (k in c) out = out (out == "" ? "" : ", ") k " " c[k]
    return out
  }
  END { for (m in runs) printf "%-12s %6d %6.0f%% %-28s %-28s %s\n", m, runs[m], 100 * passed[m] / runs[m],
        tally(think[m]), tally(arrival[m]), draws[m] ? draws[m] " rejected where the planned draws were too" : "" }' \
  "$W/calibration.tsv"
echo "per run: $W/calibration.tsv"
