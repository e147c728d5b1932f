#!/bin/bash
cd /work/main
for i in 1 2; do
  for v in collect nocollect; do
    extra=""; [ $v = nocollect ] && extra="-XX:+DisableExplicitGC"
    O=${OUT_BASE:-/tmp/ab-collect}/$v-$i; rm -rf $O; mkdir -p $O/work
    CROSSCHECK_JAVA_OPTS="-Xms1536m -Xmn1g $extra" OUT=$O LEVELS=5000 REPS=1 CC_ONLY=1 ARRIVE_S=6 SERVER_WARM_S=15 BENCH_WORK=$O/work bash bench/fidelity.sh > $O/stdout 2>&1
  done
done
echo done
