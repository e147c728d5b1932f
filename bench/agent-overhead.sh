#!/usr/bin/env bash
# bench/agent-overhead.sh - what the java agent costs a generator, end to end: one thread fetching
# N pages with URL.openStream() (read to the end, closed; keep-alive) from the embedded server on
# loopback, in a JVM without the agent and in one with -javaagent (out=a temp dir, default
# telemetry), alternately, REPS times each. A bench script (prints figures), not a timed test.
#
# Per run the generator (a single-file Java program written below) prints:
#   mean and p50/p99 latency of its fetches (System.nanoTime around openStream..close), after
#   WARMUP unmeasured fetches;
#   loop CPU: utime+stime of the whole process (/proc/self/stat, all threads: the agent's writer and
#   telemetry threads included) over the measured loop, in microseconds per request;
#   total CPU: the same over the process's life at the loop's end (JVM start, agent install included).
# Output: per run one line, then the medians side by side (without | with | difference).
# Env: N (20000), WARMUP (2000), REPS (3), PAGE (/static/2k), JAVA (the JDK 17 java), OUT (work dir).
# Needs: the agent jar (built here if missing) and ./crosscheck (builds itself on first use).
set -euo pipefail
BENCH_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$BENCH_DIR/.." && pwd)"
cd "$ROOT"
N=${N:-20000}; WARMUP=${WARMUP:-2000}; REPS=${REPS:-3}; PAGE=${PAGE:-/static/2k}
JAVA=${JAVA:-/usr/lib/jvm/java-17-openjdk-amd64/bin/java}
JAVAC=$(dirname "$JAVA")/javac
W=${OUT:-$(mktemp -d /tmp/crosscheck-agent-overhead.XXXXXX)}
mkdir -p "$W"

JAR=$(ls agents/agent/target/crosscheck-agent-[0-9]*.jar 2>/dev/null | head -1 || true)
if [ -z "$JAR" ]; then
  echo "building the agent jar ..." >&2
  mvn -q -B -pl agents/agent -am package -DskipTests >&2
  JAR=$(ls agents/agent/target/crosscheck-agent-[0-9]*.jar | head -1)
fi

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
[ -n "$port" ] || { echo "agent-overhead: the server did not start:" >&2; cat "$W/serve.log" >&2; exit 1; }

mkdir -p "$W/gen"
cat > "$W/gen/OverheadGen.java" <<'JAVA'
import java.io.InputStream;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

public class OverheadGen {
  static long cpuTicks() throws Exception {
    String s = Files.readString(Path.of("/proc/self/stat"));
    String[] f = s.substring(s.lastIndexOf(')') + 2).split(" ");
    return Long.parseLong(f[11]) + Long.parseLong(f[12]);
  }

  static void fetch(URL url, byte[] buffer) throws Exception {
    try (InputStream in = url.openStream()) {
      while (in.read(buffer) >= 0) {
      }
    }
  }

  public static void main(String[] a) throws Exception {
    URL url = new URL(a[0]);
    int n = Integer.parseInt(a[1]);
    int warmup = Integer.parseInt(a[2]);
    byte[] buffer = new byte[8192];
    for (int i = 0; i < warmup; i++) {
      fetch(url, buffer);
    }
    long[] latency = new long[n];
    long cpu0 = cpuTicks();
    long t0 = System.nanoTime();
    for (int i = 0; i < n; i++) {
      long s = System.nanoTime();
      fetch(url, buffer);
      latency[i] = System.nanoTime() - s;
    }
    long wall = System.nanoTime() - t0;
    long cpu1 = cpuTicks();
    long sum = 0;
    for (long l : latency) {
      sum += l;
    }
    Arrays.sort(latency);
    // 100 ticks per second: 1 tick = 10,000 us
    System.out.printf("meanMicros=%.1f p50Micros=%.1f p99Micros=%.1f loopCpuMicrosPerRequest=%.1f"
        + " totalCpuMillis=%d wallMillis=%d%n", sum / 1e3 / n, latency[n / 2] / 1e3, latency[n * 99 / 100] / 1e3,
        (cpu1 - cpu0) * 10_000.0 / n, cpu1 * 10, wall / 1_000_000);
  }
}
JAVA
"$JAVAC" -d "$W/gen" "$W/gen/OverheadGen.java"

URL="http://127.0.0.1:$port$PAGE"
echo "agent-overhead: $N fetches of $URL (after $WARMUP warm-up), $REPS runs each, alternating; $("$JAVA" -version 2>&1 | head -1)"
: >"$W/results.tsv"
for rep in $(seq 1 "$REPS"); do
  for mode in without with; do
    opts=()
    if [ "$mode" = with ]; then
      rm -rf "$W/out-$rep"; mkdir -p "$W/out-$rep"
      opts=("-javaagent:$JAR=out=$W/out-$rep")
    fi
    line=$("$JAVA" "${opts[@]}" -cp "$W/gen" OverheadGen "$URL" "$N" "$WARMUP")
    echo "  run $rep $mode: $line"
    echo -e "$mode\t$line" >>"$W/results.tsv"
    if [ "$mode" = with ]; then
      rows=$(($(wc -l <"$W/out-$rep/requests.csv") - 1))
      [ "$rows" -eq $((N + WARMUP)) ] || echo "  (the agent recorded $rows exchanges, expected $((N + WARMUP)))"
    fi
  done
done

python3 - "$W/results.tsv" <<'PY'
import sys, statistics
runs = {}
for line in open(sys.argv[1]):
    mode, rest = line.rstrip('\n').split('\t')
    runs.setdefault(mode, []).append(dict((k, float(v)) for k, v in (kv.split('=') for kv in rest.split())))
keys = ['meanMicros', 'p50Micros', 'p99Micros', 'loopCpuMicrosPerRequest', 'totalCpuMillis']
print('medians of %d runs each | without agent | with agent | difference' % len(runs['with']))
for k in keys:
    a = statistics.median(r[k] for r in runs['without']); b = statistics.median(r[k] for r in runs['with'])
    print('%-24s | %13.1f | %10.1f | %+9.1f (%+.0f %%)' % (k, a, b, b - a, 100 * (b - a) / a if a else 0))
PY
echo "(work directory: $W)"
