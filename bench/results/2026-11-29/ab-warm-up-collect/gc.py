#!/usr/bin/env python3
"""The A/B's per-run evidence: gc.py BASE (ab.sh's output base) -> one line per run: capture drops,
collections inside the run (count, total and longest pause, from the audit's findings.pressure),
allocation, mean and p99 error, matched records, and the warm-up's own line."""
import glob, json, os, sys
base = sys.argv[1]
for name in ('collect-1', 'nocollect-1', 'collect-2', 'nocollect-2'):
    for f in glob.glob(os.path.join(base, name, 'work/runs/*/findings.json')):
        d = json.load(open(f)); fi = d['findings']; p = fi.get('pressure') or {}
        pe = (fi.get('responseTime') or {}).get('perRequestError') or {}
        print('\t'.join(str(x) for x in (name, (d.get('liveCapture') or {}).get('kernelDropped'), p.get('gcPauses'),
              p.get('gcPauseTotalMicros', 0) // 1000, p.get('gcPauseMaxMicros', 0) // 1000, p.get('allocatedBytes', 0) // 2**20,
              '%.1f' % pe['meanMicros'] if 'meanMicros' in pe else 'NA', '%.1f' % pe['p99Micros'] if 'p99Micros' in pe else 'NA',
              fi['matching']['matched'])))
