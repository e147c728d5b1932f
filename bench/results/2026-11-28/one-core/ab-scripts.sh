#!/usr/bin/env bash
# MODE=fifo: event-loop threads SCHED_FIFO 1; MODE=idle: capture threads SCHED_IDLE; MODE=both
MODE=$1
while true; do
  for p in $(pgrep -f 'io.crosscheck.cli.Main audit'); do
    for t in /proc/$p/task/*; do
      c=$(cat $t/comm 2>/dev/null) || continue; tid=${t##*/}
      case "$c" in
        crosscheck-nett*) if [ $MODE = fifo -o $MODE = both ]; then chrt -p $tid 2>/dev/null | grep -q FIFO || { chrt -f -p 1 $tid && echo "$(date +%T) fifo $tid $c"; }; fi ;;&
        crosscheck-nett*) if [ $MODE = nice ]; then [ "$(cat /proc/$p/task/$tid/stat | awk '{print $19}')" = -20 ] || { renice -n -20 -p $tid >/dev/null && echo "$(date +%T) nice $tid $c"; }; fi ;;&
        crosscheck-capt*) if [ $MODE = idle -o $MODE = both ]; then chrt -p $tid 2>/dev/null | grep -q IDLE || { chrt -i -p 0 $tid && echo "$(date +%T) idle $tid $c"; }; fi ;;
      esac
    done
  done
  sleep 0.2
done
#!/usr/bin/env bash
set -u
OUT=/tmp/ab-prio; mkdir -p $OUT
for round in 1 2; do
  for v in none fifo idle both; do
    W=; if [ $v != none ]; then /tmp/prio-watch.sh $v > $OUT/$v-$round.watch 2>&1 & W=$!; fi
    LAYOUT=two-host CC_ONLY=1 REPS=1 LEVELS="100 1000" OUT=$OUT/$v-$round timeout 900 bash /work/wt-base/bench/fidelity.sh > $OUT/$v-$round.out 2>&1
    [ -n "$W" ] && kill $W
    tail -n +2 $OUT/$v-$round/fidelity.tsv | sed "s/^/$v\t$round\t/" >> $OUT/all.tsv
  done
done
echo done >> $OUT/all.tsv
#!/usr/bin/env bash
set -u
OUT=/tmp/ab-spin; mkdir -p $OUT
for round in 1 2; do
  for v in spin-none spin-fifo spin-nice block-nice spin-both; do
    m=${v#*-}
    case $v in spin-*) args="--event-loops 1 --busy-poll";; *) args="--event-loops 1";; esac
    W=; if [ $m != none ]; then /tmp/prio-watch.sh $m > $OUT/$v-$round.watch 2>&1 & W=$!; fi
    LAYOUT=two-host CC_ONLY=1 REPS=1 LEVELS="100 1000" OUT=$OUT/$v-$round CC_ARGS="$args" CROSSCHECK_JAVA_OPTS="-Xms1536m -Xmn1g -Dcrosscheck.spin=awaiting" timeout 900 bash /work/wt-spin/bench/fidelity.sh > $OUT/$v-$round.out 2>&1
    [ -n "$W" ] && kill $W
    tail -n +2 $OUT/$v-$round/fidelity.tsv | sed "s/^/$v\t$round\t/" >> $OUT/all.tsv
  done
done
echo done >> $OUT/all.tsv
