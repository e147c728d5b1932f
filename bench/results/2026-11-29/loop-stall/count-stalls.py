# Counts stalled audits in run directories: a telemetry.csv sample gap over 500 ms (the telemetry
# thread, at normal priority, did not run). Usage: python3 count-stalls.py DIR... (each a fidelity.sh
# BENCH_WORK or OUT; run directories are found under */runs/).
import csv, sys, glob, os
for d in sys.argv[1:]:
    for run in sorted(glob.glob(d + '/**/runs/*cc-*', recursive=True)):
        t = os.path.join(run, 'telemetry.csv')
        if not os.path.exists(t): continue
        rows = list(csv.DictReader(open(t)))
        gaps = [(int(b['sampleNanos']) - int(a['sampleNanos'])) / 1e6 for a, b in zip(rows, rows[1:])]
        big = [g for g in gaps if g > 500]
        print('%-70s telemetry gaps > 500 ms: %s' % (run[-60:], ['%.0f' % g for g in big] or '-'))
