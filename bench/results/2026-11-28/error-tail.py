#!/usr/bin/env python3
"""Per audit of a bench/run OUT: the median pair's error and how much of the total the top 1 % carry.

    python3 bench/results/2026-11-28/error-tail.py OUT

Reads OUT/fidelity-work/runs/*/ (requests.csv, wire-exchanges.csv, clock.csv): pairs each
connection's ok records with its wire exchanges in order (the audits' connections are per session,
every record named), maps the generator's monotonic instants to the capture clock through clock.csv
(the offset of the latest calibration at or before the instant), and prints per audit: pairs, mean
error (send lag + receive lag), median error, the mean without the top 1 %, and the top 1 %'s share.
"""
import glob
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))   # bench/pairs.py
import pairs  # noqa: E402


def audit(d):
    # send lag + receive lag of each pair, as bench/pairs.py pairs them (this script's own pairing until 2026-11-29)
    errors = [p[4] + p[5] for p in pairs.read(d)]
    errors.sort()
    n = len(errors)
    k = n // 100
    total = sum(errors)
    return n, total / n / 1e3, errors[n // 2] / 1e3, sum(errors[:n - k]) / (n - k) / 1e3, sum(errors[n - k:]) / total


print('audit\tpairs\tmean_us\tmedian_us\tmean_without_top1pct_us\ttop1pct_share')
for d in sorted(glob.glob(os.path.join(sys.argv[1], 'fidelity-work', 'runs', '*cc-*'))):
    n, mean, median, trimmed, share = audit(d)
    print('%s\t%d\t%.1f\t%.1f\t%.1f\t%.2f' % (os.path.basename(d), n, mean, median, trimmed, share))
