#!/bin/bash
# usage: gcexp.sh NAME LEVELS [extra java opts]
set -e
name=$1; levels=$2; shift 2
OUTD=/tmp/gcexp/$name; rm -rf $OUTD; mkdir -p $OUTD/work
cd /work/main
CROSSCHECK_JAVA_OPTS="-Xms1536m -Xmn1g -Xlog:gc*:file=$OUTD/gc-%p.log:uptimenanos $*" OUT=$OUTD LEVELS="$levels" REPS=1 CC_ONLY=1 ARRIVE_S=6 SERVER_WARM_S=15 BENCH_WORK=$OUTD/work bash bench/fidelity.sh > $OUTD/stdout 2>&1
