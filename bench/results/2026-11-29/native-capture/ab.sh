#!/bin/bash
# A/B: capture written by libpcap (NEW_TREE, the change) vs by Java (BASE_TREE, a worktree of e17933b), two hosts, 5000 sessions
# (each tree builds its ./crosscheck on first use; run with nothing else on the machine)
run() { # name dir
  local o=${AB_OUT:-/tmp/ab-native-capture}/$1
  mkdir -p $o
  (cd $2 && OUT=$o BENCH_WORK=$o/work LAYOUT=two-host LEVELS=5000 REPS=1 CC_ONLY=1 ARRIVE_S=6 SERVER_WARM_S=15 bash bench/fidelity.sh > $o.log 2>&1)
  echo "$1 rc=$? $(awk -F'\t' '$1=="crosscheck"{print "records",$5,"err",$9,"p99",$10,"send",$11,"recv",$12,"wire",$8,"unmatched",$6,"dropped",$15}' $o/fidelity.tsv) capture-cpu-ticks $(awk '$2 ~ /crosscheck-capt/ {s+=$3} END {print s}' $o/work/threads_5000_1.cpu) loop-ticks $(awk '$2 ~ /crosscheck-nett/ {s+=$3} END {print s}' $o/work/threads_5000_1.cpu)"
}
for i in 1 2 3; do
  run java-$i ${BASE_TREE:-/work/wt-base}
  run native-$i ${NEW_TREE:-.}
done
echo done
