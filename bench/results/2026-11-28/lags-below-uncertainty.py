#!/usr/bin/env python3
"""Per audit of a bench/run: lags below the clock's uncertainty (findings.lags.belowUncertainty),
matched records and the smallest receive lag. Usage: lags-below-uncertainty.py OUT (bench/run's OUT)."""
import glob, json, os, sys
out = sys.argv[1]
print('layout\trun\tmatched\tbelow_uncertainty\tmin_receive_lag_us')
for layout, pattern in (('one-host', 'fidelity-work/runs/*/findings.json'), ('two-host', 'two-host/work/runs/*/findings.json')):
    for f in sorted(glob.glob(os.path.join(out, pattern))):
        fi = json.load(open(f))['findings']
        lags = fi.get('lags') or {}
        print('\t'.join(str(x) for x in (layout, os.path.basename(os.path.dirname(f)), (fi.get('matching') or {}).get('matched', 'NA'),
              lags.get('belowUncertainty', 'NA'), (lags.get('receiveLag') or {}).get('minMicros', 'NA'))))
