"""One audit's error by time since its first send, by the request's place in its session (seq), and
by URL in the first 2 s.

    python3 bench/results/2026-11-29/after-warm-up-100/by-time-and-seq.py RUNDIR
"""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', '..'))   # bench/pairs.py
import pairs

rows = [p for p in pairs.read(sys.argv[1]) if pairs.plausible(p)]
t0 = min(p[0] for p in rows)


def show(name, sel):
    if sel:
        print('%-28s n %5d mean %.1f send %.1f recv %.1f' % (name, len(sel), sum(p[4] + p[5] for p in sel) / len(sel) / 1e3,
              sum(p[4] for p in sel) / len(sel) / 1e3, sum(p[5] for p in sel) / len(sel) / 1e3))


for lo, hi in [(0, 0.5), (0.5, 1), (1, 2), (2, 4), (4, 20)]:
    show('t %.1f-%.1f s' % (lo, hi), [p for p in rows if lo * 1e9 <= p[0] - t0 < hi * 1e9])
show('seq 0', [p for p in rows if p[2] == 0]); show('seq 1-4', [p for p in rows if 1 <= p[2] <= 4])
show('seq >=5', [p for p in rows if p[2] >= 5])
show('first 2 s, seq>=1', [p for p in rows if p[0] - t0 < 2e9 and p[2] >= 1])
for u in sorted(set(p[3] for p in rows)):
    show('first 2 s ' + u, [p for p in rows if p[0] - t0 < 2e9 and p[3] == u])
