#!/usr/bin/env bash
# alternating A/B: epoll on Netty 4.1 (base), epoll on 4.2 (n42), io_uring on 4.2 (n42)
set -u
OUT=/tmp/ab-uring; mkdir -p $OUT
for round in 1 2 3; do
  for v in base n42-epoll n42-uring; do
    case $v in
      base) root=/work/wt-base; opts="-Xms1536m -Xmn1g -XX:-TieredCompilation";;
      n42-epoll) root=/work/wt-n42; opts="-Xms1536m -Xmn1g -XX:-TieredCompilation";;
      n42-uring) root=/work/wt-n42; opts="-Xms1536m -Xmn1g -XX:-TieredCompilation -Dcrosscheck.transport=io_uring";;
    esac
    REPS=1 TARGETS=lighttpd OUT=$OUT/$v-$round CC_JAVA_OPTS="$opts" timeout 400 bash $root/bench/throughput.sh > $OUT/$v-$round.out 2>&1
    tail -n +2 $OUT/$v-$round/throughput.tsv | sed "s/^/$v\t$round\t/" >> $OUT/all.tsv
  done
done
echo done >> $OUT/all.tsv
#!/usr/bin/env bash
set -u
OUT=/tmp/ab-uring-fid; mkdir -p $OUT
for round in 1 2; do
  for v in base-spin base-block n42-uring; do
    case $v in
      base-spin) root=/work/wt-base; args="--event-loops 1 --busy-poll"; jopts="";;
      base-block) root=/work/wt-base; args="--event-loops 1"; jopts="";;
      n42-uring) root=/work/wt-n42; args="--event-loops 1"; jopts="-Dcrosscheck.transport=io_uring";;
    esac
    CC_ONLY=1 REPS=1 LEVELS="100 1000" OUT=$OUT/$v-$round CC_ARGS="$args" CROSSCHECK_JAVA_OPTS="-Xms1536m -Xmn1g $jopts" timeout 900 bash $root/bench/fidelity.sh > $OUT/$v-$round.out 2>&1
    tail -n +2 $OUT/$v-$round/fidelity.tsv | sed "s/^/$v\t$round\t/" >> $OUT/all.tsv
  done
done
echo done >> $OUT/all.tsv
