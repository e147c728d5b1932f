#!/usr/bin/env python3
"""Counts complete exchanges of wire-exchanges.csv whose reply is not of its URL's size.

The bench's workload serves each static URL with one fixed reply size (bytes on the wire, head and
body), so a complete exchange carrying another size has another request's reply: a pairing error of
the capture rebuild. Usage: pairing-check.py RUN_DIR [RUN_DIR...]
"""
import csv
import sys

SIZES = {'/static/2k': 2153, '/static/10k': 10346, '/static/64k': 65642}

for d in sys.argv[1:]:
    rows = list(csv.DictReader(open(d + '/wire-exchanges.csv')))
    complete = [r for r in rows if r['note'] == '']
    other = [r for r in complete if r['url'] not in SIZES or int(r['responseBytes']) != SIZES[r['url']]]
    print('%s: %d exchanges, %d complete, %d complete with another URL\'s reply size (%.1f %%), %d flagged pipelined'
          % (d, len(rows), len(complete), len(other), 100.0 * len(other) / max(1, len(complete)),
             sum(1 for r in rows if r['pipelined'] == 'true')))
