#!/bin/bash
# one-host fidelity at 100 sessions, 0ad8b5e (before the read-stamp guard) vs 17b8270, alternating
for pair in 1 2; do
  for wt in old new; do
    OUT=/tmp/ab-$wt-$pair CC_ONLY=1 LEVELS=100 REPS=1 SERVER_WARM_S=10 QUIET_MAX=10 bash /work/wt-$wt/bench/fidelity.sh > /tmp/ab-$wt-$pair.log 2>&1
    echo "$wt $pair $(tail -n +2 /tmp/ab-$wt-$pair/fidelity.tsv | cut -f1-3,9-12,17,18)"
  done
done
