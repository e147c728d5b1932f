#!/usr/bin/env bash
# Bounded fuzz run of every Jazzer target (each @FuzzTest class under */src/test/java/io/crosscheck/fuzz/),
# called by ./run-tests after the main build. The normal build only replays the seeds; this fuzzes each
# target for its @FuzzTest(maxDuration) (6 s each; about 3 minutes in all on 2 cores, JVM starts included).
#
# Jazzer fuzzes only the first @FuzzTest of a JVM, so each target gets its own JVM, started directly
# (io.crosscheck.fuzz.FuzzLauncher on the module's test class path) rather than one Maven run each.
# Prints per target the executions libFuzzer ran and the total; exits 1 when any target found a crash
# (Jazzer writes it as crash-* into the target's Inputs directory under src/test/resources: keep it
# there as a regression seed and fix the parser), 0 otherwise. Full logs: <module>/target/fuzz/<Class>.log.
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
mvn -q -B -ntp -pl "$(IFS=,; echo "${modules[*]}")" -am test-compile dependency:build-classpath \
  -Dmdep.outputFile=target/fuzz.classpath -Dmdep.includeScope=test

total=0
failed=0
printf '%-28s %12s %8s  %s\n' target executions seconds result
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
    log="$m/target/fuzz/$cls.log"
    start=$SECONDS
    rc=0
    # run from the module directory: Jazzer writes crash-* into <module>/src/test/resources/.../<Class>Inputs/
    (cd "$m" && JAZZER_FUZZ=1 exec java -Xmx1g -cp "$cp" io.crosscheck.fuzz.FuzzLauncher "io.crosscheck.fuzz.$cls") \
      >"$log" 2>&1 || rc=$?
    # "Done N runs in S second(s)" at a normal end; after a crash the last "#N" status line
    runs="$(sed -n 's/^Done \([0-9]*\) runs in .*/\1/p' "$log" | tail -1)"
    [ -n "$runs" ] || runs="$(sed -n 's/^#\([0-9]*\)[[:space:]].*/\1/p' "$log" | tail -1)"
    runs="${runs:-0}"
    total=$((total + runs))
    if [ "$rc" -eq 0 ] && [ "$runs" -gt 0 ]; then
      result=ok
    else
      failed=$((failed + 1))
      crash="$(grep -o 'crash-[0-9a-f]*' "$log" | tail -1 || true)"
      result="FAILED (exit $rc${crash:+, $crash}; see $log)"
    fi
    printf '%-28s %12d %8d  %s\n' "$cls" "$runs" $((SECONDS - start)) "$result"
  done
done
echo "fuzz: $total executions in all, $failed target(s) failed"
[ "$failed" -eq 0 ]
