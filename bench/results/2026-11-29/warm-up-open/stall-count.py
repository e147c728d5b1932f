"""Per bench/fidelity.sh OUT (its BENCH_WORK under OUT/work): mean and p99 error, the first 2 s against
the rest, and the loop stalls (two or more replies stamped at one instant after waiting over 1 ms).

    python3 bench/results/2026-11-29/warm-up-open/stall-count.py OUT...
"""
import collections, glob, os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', '..'))   # bench/pairs.py
import pairs

for d in sys.argv[1:]:
    rows = [p for p in pairs.read(glob.glob(d + '/work/runs/*cc-*')[0]) if pairs.plausible(p)]
    t0 = min(p[0] for p in rows)
    e = sorted(p[4] + p[5] for p in rows); n = len(e)
    big = collections.defaultdict(list)
    for p in rows:
        if p[5] > 1_000_000:
            big[p[1]].append(p[5])
    stalls = [max(v) for v in big.values() if len(v) >= 2]
    first = [p[4] + p[5] for p in rows if p[0] - t0 < 2e9]; rest = [p[4] + p[5] for p in rows if p[0] - t0 >= 2e9]
    print('%-14s pairs %d mean %.1f p99 %.1f | first 2 s mean %.1f, rest %.1f | loop stalls >1ms: %d, max %.1f ms' % (
        d.split('/')[-1], n, sum(e) / n / 1e3, e[int(n * .99)] / 1e3, sum(first) / len(first) / 1e3,
        sum(rest) / len(rest) / 1e3, len(stalls), max(stalls or [0]) / 1e6))
