# bench/lib.sh - helpers sourced by the bench scripts (loopback only; only PIDs we start are stopped).
# wait_quiet, the foreign-CPU accounting and the capture stop delay are adapted from the peer
# scripts in /work/shared/peers (lib.sh, cpuwatch.py): same thresholds, same pitfalls.

BENCH_WORK=${BENCH_WORK:-$(mktemp -d /tmp/crosscheck-bench.XXXXXX)}
mkdir -p "$BENCH_WORK" || { echo "bench: cannot create BENCH_WORK=$BENCH_WORK" >&2; exit 1; }
SERVER_CPU=${SERVER_CPU:-1}   # embedded server and capture pinned here
CLIENT_CPU=${CLIENT_CPU:-0}   # load generator pinned here

# cpuwatch: CPU used by processes OUTSIDE our process group (the machine is shared), after
# peers/cpuwatch.py.  cpuwatch snap FILE [PID...] | cpuwatch diff FILE ->
#   "foreign_cpu_s=X over Y s (foreign_cores=F steal_s=Z) top: ... | cpu0_busy=B cpu1_busy=B pidP_cores=C"
# After the "|", what a bench needs to say what saturated when a goal is missed: each core's busy
# share over the window (1 - idle - iowait of its /proc/stat jiffies: the time it had left) and the
# CPU of each PID given to snap (whole process, cores over the window; NA if it exited). Softirq
# work for a process's packets counts to the core, not always to the process.
cat > "$BENCH_WORK/cpuwatch.py" <<'PY'
import os, sys, json, time
HZ = os.sysconf('SC_CLK_TCK')
def ticks(p):
    try: s = open('/proc/%s/stat' % p).read()
    except OSError: return None
    f = s[s.rfind(')') + 2:].split(); return int(f[11]) + int(f[12])
def cpus():
    out = {}
    for l in open('/proc/stat'):
        f = l.split()
        if f[0].startswith('cpu') and f[0] != 'cpu':
            v = [int(x) for x in f[1:9]]; out[f[0]] = (sum(v) - v[3] - v[4], sum(v))   # busy, total
    return out
def snap(pids):
    d = {}
    for p in os.listdir('/proc'):
        if not p.isdigit(): continue
        try: s = open('/proc/%s/stat' % p).read()
        except OSError: continue
        r = s.rfind(')'); comm = s[s.find('(') + 1:r]; f = s[r + 2:].split()
        d[p] = (comm, int(f[2]), int(f[11]) + int(f[12]))
    steal = sum(int(l.split()[8]) for l in open('/proc/stat') if l.startswith('cpu '))
    return {'t': time.time(), 'procs': d, 'steal': steal, 'cpus': cpus(), 'pids': {p: ticks(p) for p in pids}}
cmd, path = sys.argv[1], sys.argv[2]
mine = {os.getpgid(0)}
if cmd == 'snap':
    json.dump(snap(sys.argv[3:]), open(path, 'w'))
else:
    a = json.load(open(path)); b = snap(a.get('pids', {})); foreign = {}
    for p, (comm, pgid, t) in b['procs'].items():
        if pgid in mine: continue
        t0 = a['procs'].get(p, (comm, pgid, 0))[2]
        if t - t0 > 0: foreign[comm] = foreign.get(comm, 0) + (t - t0)
    top = sorted(foreign.items(), key=lambda x: -x[1])[:3]
    tot = sum(foreign.values()) / HZ; dt = b['t'] - a['t']
    cores = []
    for c, (u0, t0) in sorted(a.get('cpus', {}).items(), key=lambda kv: int(kv[0][3:])):
        u1, t1 = b['cpus'].get(c, (u0, t0))
        cores.append('%s_busy=%s' % (c, '%.2f' % ((u1 - u0) / (t1 - t0)) if t1 > t0 else 'NA'))
    for p, t0 in a.get('pids', {}).items():
        t1 = b['pids'].get(p)
        cores.append('pid%s_cores=%s' % (p, '%.2f' % ((t1 - t0) / HZ / dt) if None not in (t0, t1) and dt > 0 else 'NA'))
    print('foreign_cpu_s=%.2f over %.1f s (foreign_cores=%.2f steal_s=%.2f) top: %s | %s' % (
        tot, dt, tot / dt if dt > 0 else 0, (b['steal'] - a['steal']) / HZ,
        ', '.join('%s=%.2f' % (c, v / HZ) for c, v in top), ' '.join(cores)))
PY
watch_start() { python3 "$BENCH_WORK/cpuwatch.py" snap "$BENCH_WORK/cw.json" "$@"; }   # [PID...]: their CPU too
watch_end()   { python3 "$BENCH_WORK/cpuwatch.py" diff "$BENCH_WORK/cw.json"; }
# watch_fig NAME WATCH_END_OUTPUT: one figure after the "|" (cpu1_busy, pid123_cores), NA when absent
watch_fig()   { local v; v=$(sed -n "s/.*| .*\b$1=\([0-9.]*\|NA\).*/\1/p" <<<"$2"); echo "${v:-NA}"; }
foreign_s()   { sed -n 's/.*foreign_cpu_s=\([0-9.]*\).*/\1/p' <<<"$1"; }
foreign_cores() { sed -n 's/.*foreign_cores=\([0-9.]*\).*/\1/p' <<<"$1"; }

# wait_quiet: wait (bounded, QUIET_MAX s) until foreign processes used < 10% of one core over a
# 1.5 s window (peers' rule). Prints what it saw; never kills anything.
wait_quiet() {
  local max=${QUIET_MAX:-30} t0=$SECONDS line f
  while :; do
    python3 "$BENCH_WORK/cpuwatch.py" snap "$BENCH_WORK/cwq.json"; sleep 1.5
    line=$(python3 "$BENCH_WORK/cpuwatch.py" diff "$BENCH_WORK/cwq.json"); f=$(foreign_s "$line")
    if python3 -c "import sys; sys.exit(0 if $f < 0.15 else 1)"; then
      echo "quiet after $((SECONDS-t0)) s"; return 0; fi
    if [ $((SECONDS-t0)) -ge "$max" ]; then echo "NOT quiet after ${max} s: $line"; return 0; fi
  done
}

wait_port() {        # wait up to 60 s for 127.0.0.1:$1 to accept (the launcher may build first)
  for _ in $(seq 1 600); do
    (exec 3<>/dev/tcp/127.0.0.1/"$1") 2>/dev/null && return 0
    sleep 0.1
  done
  echo "port $1 not up" >&2; return 1
}

# start_tcpdump FILE FILTER [PREFIX...]: nanosecond stamps, snaplen 512 and a 64 MiB buffer
# (crosscheck's live-capture settings) on TCPDUMP_IFACE (lo), pinned to TCPDUMP_CPU (SERVER_CPU),
# run under PREFIX (e.g. ip netns exec NS); sets TCPDUMP_PID.
start_tcpdump() {
  local f=$1 flt=$2; shift 2
  "$@" taskset -c "${TCPDUMP_CPU:-$SERVER_CPU}" tcpdump -i "${TCPDUMP_IFACE:-lo}" -n -s 512 -B 65536 \
    --time-stamp-precision=nano -w "$f" "$flt" 2>"$f.log" &
  TCPDUMP_PID=$!
  for _ in $(seq 1 50); do grep -q listening "$f.log" 2>/dev/null && break; sleep 0.1; done
}
stop_tcpdump() {
  if [ -n "${TCPDUMP_PID:-}" ] && kill -0 "$TCPDUMP_PID" 2>/dev/null; then
    # > 1 s first: TPACKET_V3 block timeout, else the last block's packets are lost on SIGINT (peers)
    sleep 1.5; kill -TERM "$TCPDUMP_PID"   # TERM: background jobs start with SIGINT ignored; wait "$TCPDUMP_PID" 2>/dev/null || true
  fi
  TCPDUMP_PID=
}

# pin_threads PID COMM CPU N: move the threads of PID whose /proc comm is COMM (15 chars kept) to
# CPU once at least N of them exist; polls up to 20 s; prints how many were moved.
pin_threads() {
  local pid=$1 comm=$2 cpu=$3 want=$4 n=0 t
  for _ in $(seq 1 400); do
    kill -0 "$pid" 2>/dev/null || { echo "$n"; return 1; }
    for t in /proc/"$pid"/task/*; do
      if [ "$(cat "$t/comm" 2>/dev/null)" = "$comm" ]; then
        taskset -p -c "$cpu" "${t##*/}" >/dev/null 2>&1 && n=$((n + 1))
      fi
    done
    [ "$n" -ge "$want" ] && { echo "$n"; return 0; }
    n=0; sleep 0.05
  done
  echo "$n"
}

# pin_capture_threads PID CPU: move a crosscheck JVM's two capture threads (crosscheck-capture-*)
# to CPU, so the client core runs only the engine.
pin_capture_threads() { pin_threads "$1" crosscheck-capt "$2" 2; }

# proc_cpu_s PID: utime+stime in seconds of a live process (all its threads).
proc_cpu_s() {
  python3 - "$1" <<'PY'
import os, sys
s = open('/proc/%s/stat' % sys.argv[1]).read(); f = s[s.rfind(')') + 2:].split()
print('%.2f' % ((int(f[11]) + int(f[12])) / os.sysconf('SC_CLK_TCK')))
PY
}

# thread_cpu_watch PID FILE (run in the background): every 0.2 s, the utime+stime of each thread of
# PID into FILE (tid comm ticks), until PID exits or FILE.stop exists. Threads that exit (the
# engine's event loops end before the run's summary) keep their last figure, which the process's
# /proc/PID/task no longer lists.
thread_cpu_watch() {
  python3 - "$1" "$2" <<'PY'
import os, sys, time
pid, out = sys.argv[1], sys.argv[2]; seen = {}
while os.path.exists('/proc/' + pid) and not os.path.exists(out + '.stop'):
    try: tids = os.listdir('/proc/%s/task' % pid)
    except OSError: break
    for t in tids:
        try: s = open('/proc/%s/task/%s/stat' % (pid, t)).read()
        except OSError: continue
        f = s[s.rfind(')') + 2:].split()
        seen[t] = (s[s.find('(') + 1:s.rfind(')')], int(f[11]) + int(f[12]))
    with open(out + '.tmp', 'w') as w:
        w.writelines('%s %s %d\n' % (t, c.replace(' ', '_'), v) for t, (c, v) in seen.items())
    os.replace(out + '.tmp', out)
    time.sleep(0.2)
PY
}

# cpu_s_excl_capture FILE: seconds of CPU of every thread in a thread_cpu_watch FILE except
# crosscheck's capture threads.
cpu_s_excl_capture() {
  python3 - "$1" <<'PY'
import os, sys
tot = sum(int(v) for _, c, v in (l.split() for l in open(sys.argv[1])) if c != 'crosscheck-capt')
print('%.2f' % (tot / os.sysconf('SC_CLK_TCK')))
PY
}
