"""The loop stalls of one audit (two or more replies stamped at one instant, each after waiting over
0.5 ms) with the JIT's and safepoints' log lines from 2 ms before the first reply to the stamp.

    python3 bench/results/2026-11-29/warm-up-open/stalls-and-jit.py JITLOG RUNDIR

JITLOG: the audit JVM's -Xlog:safepoint=info,jit+compilation=debug:file=...:timenanos output.
"""
import collections, os, re, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', '..'))   # bench/pairs.py
import pairs

log, d = sys.argv[1], sys.argv[2]
ev = [(int(m.group(1)), m.group(2).strip()) for m in (re.match(r'^\[(\d+)ns\]\s*(.*)', l) for l in open(log)) if m]
rows = [p for p in pairs.read(d) if pairs.plausible(p)]
t0, t1 = min(p[0] for p in rows), max(p[0] for p in rows)
big = collections.defaultdict(list)
for p in rows:
    if p[5] > 500_000:
        big[p[1]].append(p)
evs = [e for e in ev if t0 - 1e9 < e[0]]
print('events in run', len([e for e in evs if e[0] < t1]))
for stamp, v in sorted(big.items()):
    if len(v) < 2:
        continue
    earliest = min(p[6] for p in v)
    print('stall: %d replies waited up to %.2f ms, stamped run+%.6f (wire since run+%.6f)' % (
        len(v), max(p[5] for p in v) / 1e6, (stamp - t0) / 1e9, (earliest - t0) / 1e9))
    for t, txt in evs:
        if earliest - 2_000_000 <= t <= stamp + 200_000:
            print('      %+.3f ms  %s' % ((t - earliest) / 1e6, txt[:110]))
