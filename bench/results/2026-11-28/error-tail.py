#!/usr/bin/env python3
"""Per audit of a bench/run OUT: the median pair's error and how much of the total the top 1 % carry.

    python3 bench/results/2026-11-28/error-tail.py OUT

Reads OUT/fidelity-work/runs/*/ (requests.csv, wire-exchanges.csv, clock.csv): pairs each
connection's ok records with its wire exchanges in order (the audits' connections are per session,
every record named), maps the generator's monotonic instants to the capture clock through clock.csv
(the offset of the latest calibration at or before the instant), and prints per audit: pairs, mean
error (send lag + receive lag), median error, the mean without the top 1 %, and the top 1 %'s share.
"""
import bisect
import collections
import csv
import glob
import os
import sys


def audit(d):
    clk = [(int(r['measuredAtNanos']), int(r['offsetNanos'])) for r in csv.DictReader(open(d + '/clock.csv'))]
    at = [c[0] for c in clk]

    def epoch(mono):
        i = max(0, min(bisect.bisect(at, mono) - 1, len(clk) - 1))
        return mono + clk[i][1]

    recs = collections.defaultdict(list)
    for r in csv.DictReader(open(d + '/requests.csv')):
        if r['outcome'] == 'ok':
            recs[r['connectionId']].append(r)
    wire = collections.defaultdict(list)
    for w in csv.DictReader(open(d + '/wire-exchanges.csv')):
        wire[w['connectionId']].append(w)
    errors = []
    for conn, rs in recs.items():
        rs.sort(key=lambda r: int(r['sendStartNanos']))
        ws = sorted(wire.get(conn, []), key=lambda w: int(w['requestIndex']))
        for r, w in zip(rs, ws):
            send = int(w['requestStartEpochNanos']) - epoch(int(r['sendStartNanos']))
            receive = epoch(int(r['lastByteNanos'])) - int(w['lastResponseByteEpochNanos'])
            errors.append(send + receive)
    errors.sort()
    n = len(errors)
    k = n // 100
    total = sum(errors)
    return n, total / n / 1e3, errors[n // 2] / 1e3, sum(errors[:n - k]) / (n - k) / 1e3, sum(errors[n - k:]) / total


print('audit\tpairs\tmean_us\tmedian_us\tmean_without_top1pct_us\ttop1pct_share')
for d in sorted(glob.glob(os.path.join(sys.argv[1], 'fidelity-work', 'runs', '*cc-*'))):
    n, mean, median, trimmed, share = audit(d)
    print('%s\t%d\t%.1f\t%.1f\t%.1f\t%.2f' % (os.path.basename(d), n, mean, median, trimmed, share))
