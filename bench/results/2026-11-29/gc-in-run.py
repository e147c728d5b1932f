#!/usr/bin/env python3
"""Per fidelity audit of a bench/run: the generator JVM's collections inside its run (findings.pressure,
from the JVM's GarbageCollectionNotification over the run's telemetry window), its allocation, the
matched pairs, the capture's kernel drops and the error. Usage: gc-in-run.py OUT: bench/run's OUT (its
fidelity and two-host audits), or a directory of fidelity.sh outputs (OUT/NAME/work/runs/*: the
layout column is then NAME, as in ab-warm-up-collect/)."""
import glob, json, os, sys
out = sys.argv[1]
print('layout\trun\tpairs\tkernel_dropped\tgc_pauses\tgc_pause_total_ms\tgc_pause_max_ms\tallocated_mb\tmean_err_us\tp99_err_us\timpossible')
if os.path.isdir(os.path.join(out, 'fidelity-work')):
    runs = [(layout, f) for layout, pattern in (('one-host', 'fidelity-work/runs/*/findings.json'),
                                                 ('two-host', 'two-host/work/runs/*/findings.json'))
            for f in sorted(glob.glob(os.path.join(out, pattern)))]
else:
    runs = [(f.split(os.sep)[-5], f) for f in sorted(glob.glob(os.path.join(out, '*', 'work', 'runs', '*', 'findings.json')))]
for layout, f in runs:
    d = json.load(open(f)); fi = d['findings']
    p = fi.get('pressure') or {}
    pe = (fi.get('responseTime') or {}).get('perRequestError') or {}
    g = lambda k, s=1: '%.0f' % (p[k] / s) if isinstance(p.get(k), (int, float)) else 'NA'
    e = lambda k: '%.1f' % pe[k] if k in pe else 'NA'
    print('\t'.join(str(x) for x in (layout, os.path.basename(os.path.dirname(f)), pe.get('count', 'NA'),
          (d.get('liveCapture') or {}).get('kernelDropped', 'NA'), g('gcPauses'), g('gcPauseTotalMicros', 1e3),
          g('gcPauseMaxMicros', 1e3), g('allocatedBytes', 2**20), e('meanMicros'), e('p99Micros'),
          (fi.get('lags') or {}).get('belowUncertainty', 'NA'))))
