#!/usr/bin/env bash
# Bounded fuzz run of every Jazzer target (each @FuzzTest class under */src/test/java/io/crosscheck/fuzz/),
# called by ./run-tests beside its build (once the build has made the fuzz targets' class paths). The normal build only replays the seeds; this fuzzes each
# target for its @FuzzTest(maxDuration) (6 s each), FUZZ_JOBS targets at a time (default: one per core;
# libFuzzer runs on one thread, so each target has a core to itself as when they ran one after another,
# and the executions per target stay what they were: about 1.5 minutes in all on 2 cores, JVM starts included).
#
# Jazzer fuzzes only the first @FuzzTest of a JVM, so each target gets its own JVM, started directly
# (io.crosscheck.fuzz.FuzzLauncher on the module's test class path) rather than one Maven run each.
# Prints per target the executions libFuzzer ran and the total; exits 1 when any target found a crash
# (Jazzer writes it as crash-* into the target's Inputs directory under src/test/resources: keep it
# there as a regression seed and fix the parser), 0 otherwise. Full logs: <module>/target/fuzz/<Class>.log.
# The test classes and class paths come from a Maven run first; ./run-tests, whose build has just made
# them (target/fuzz.classpath is written by every build's process-test-classes), skips it with FUZZ_BUILT=1.
#
#   scripts/fuzz-bounded.sh [CLASS_SUBSTRING...]   (e.g. scripts/fuzz-bounded.sh WsessLog RunJson)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$here"

modules=()
for m in harness rubis-compat; do
  compgen -G "$m/src/test/java/io/crosscheck/fuzz/*FuzzTest.java" >/dev/null && modules+=("$m")
done
# test classes and one test class path per module (reactor siblings as their target/classes)
if [ "${FUZZ_BUILT:-0}" != 1 ]; then
  mvn -q -B -ntp -pl "$(IFS=,; echo "${modules[*]}")" -am test-compile dependency:build-classpath \
    -Dmdep.outputFile=target/fuzz.classpath -Dmdep.includeScope=test
fi
jobs_max="${FUZZ_JOBS:-$(nproc)}"

# One target: its JVM, then "RC RUNS SECONDS" into <module>/target/fuzz/<Class>.result
fuzz_one() { # MODULE CLASS CLASSPATH
  local m="$1" cls="$2" cp="$3" log="$1/target/fuzz/$2.log" start=$SECONDS rc=0 runs
  # run from the module directory: Jazzer writes crash-* into <module>/src/test/resources/.../<Class>Inputs/
  (cd "$m" && JAZZER_FUZZ=1 exec java -Xmx1g -cp "$cp" io.crosscheck.fuzz.FuzzLauncher "io.crosscheck.fuzz.$cls") \
    >"$log" 2>&1 || rc=$?
  # "Done N runs in S second(s)" at a normal end; after a crash the last "#N" status line
  runs="$(sed -n 's/^Done \([0-9]*\) runs in .*/\1/p' "$log" | tail -1)"
  [ -n "$runs" ] || runs="$(sed -n 's/^#\([0-9]*\)[[:space:]].*/\1/p' "$log" | tail -1)"
  echo "$rc ${runs:-0} $((SECONDS - start))" >"$m/target/fuzz/$cls.result"
}

targets=()
for m in "${modules[@]}"; do
  mkdir -p "$m/target/fuzz"
  # FuzzLauncher lives in the harness's test classes
  cp="$here/$m/target/test-classes:$here/$m/target/classes:$here/harness/target/test-classes:$(cat "$m/target/fuzz.classpath")"
  for src in "$m"/src/test/java/io/crosscheck/fuzz/*FuzzTest.java; do
    cls="$(basename "$src" .java)"
    if (($#)); then
      match=0
      for want in "$@"; do [[ "$cls" == *"$want"* ]] && match=1; done
      ((match)) || continue
    fi
    rm -f "$m/target/fuzz/$cls.result"
    while (($(jobs -rp | wc -l) >= jobs_max)); do wait -n || true; done
    fuzz_one "$m" "$cls" "$cp" &
    targets+=("$m $cls")
  done
done
wait

total=0
failed=0
printf '%-28s %12s %8s  %s\n' target executions seconds result
for t in "${targets[@]}"; do
  read -r m cls <<<"$t"
  log="$m/target/fuzz/$cls.log"
  rc=1 runs=0 seconds=0
  [ -f "$m/target/fuzz/$cls.result" ] && read -r rc runs seconds <"$m/target/fuzz/$cls.result"
  total=$((total + runs))
  if [ "$rc" -eq 0 ] && [ "$runs" -gt 0 ]; then
    result=ok
  else
    failed=$((failed + 1))
    crash="$(grep -o 'crash-[0-9a-f]*' "$log" | tail -1 || true)"
    result="FAILED (exit $rc${crash:+, $crash}; see $log)"
  fi
  printf '%-28s %12d %8d  %s\n' "$cls" "$runs" "$seconds" "$result"
done
echo "fuzz: $total executions in all, ${#targets[@]} targets, $jobs_max at a time, $failed target(s) failed"
[ "$failed" -eq 0 ]
