"""The pairs of one audit's run directory, shared by the analysis scripts under bench/results/.

    sys.path.insert(0, BENCH_DIR); import pairs; ps = pairs.read(RUNDIR)

Each ok record of requests.csv is paired with its connection's wire exchanges (wire-exchanges.csv) in
order (bench/results/2026-11-28/error-tail.py's pairing, which now calls this); the generator's monotonic instants are
mapped to the capture clock through clock.csv (the latest calibration at or before the instant).
A pair: (sendStartNanos, lastByteNanos, seq, url, send lag ns, receive lag ns, wire last byte on the
generator's clock). Connections reused by several sessions can misalign the order; callers that need
clean pairs drop the implausible ones (a lag over 50 ms one way, the sum the other).
"""
import bisect
import collections
import csv


def read(d):
    clk = [(int(r['measuredAtNanos']), int(r['offsetNanos'])) for r in csv.DictReader(open(d + '/clock.csv'))]
    at = [c[0] for c in clk]

    def offset(mono):
        return clk[max(0, min(bisect.bisect(at, mono) - 1, len(clk) - 1))][1]

    recs = collections.defaultdict(list)
    for r in csv.DictReader(open(d + '/requests.csv')):
        if r['outcome'] == 'ok':
            recs[r['connectionId']].append(r)
    wire = collections.defaultdict(list)
    for w in csv.DictReader(open(d + '/wire-exchanges.csv')):
        wire[w['connectionId']].append(w)
    out = []
    for conn, rs in recs.items():
        rs.sort(key=lambda r: int(r['sendStartNanos']))
        ws = sorted(wire.get(conn, []), key=lambda w: int(w['requestIndex']))
        for r, w in zip(rs, ws):
            send, last = int(r['sendStartNanos']), int(r['lastByteNanos'])
            wire_last = int(w['lastResponseByteEpochNanos']) - offset(last)
            out.append((send, last, int(r['seq']), r['url'],
                        int(w['requestStartEpochNanos']) - offset(send) - send, last - wire_last, wire_last))
    return out


def plausible(p):
    return abs(p[4]) < 50_000_000 and abs(p[5]) < 200_000_000
