import re,sys,csv,collections
pid,d=sys.argv[1],sys.argv[2]
ev=[]
for l in open('/tmp/jit-%s.log'%pid):
    m=re.match(r'^\[(\d+)ns\]\s*(.*)',l)
    if m: ev.append((int(m.group(1)), m.group(2).strip()))
recs=collections.defaultdict(list)
for r in csv.DictReader(open(d+'/requests.csv')):
    if r['outcome']=='ok': recs[r['connectionId']].append(r)
wire=collections.defaultdict(list)
for w in csv.DictReader(open(d+'/wire-exchanges.csv')): wire[w['connectionId']].append(w)
clk=[(int(r['measuredAtNanos']), int(r['offsetNanos'])) for r in csv.DictReader(open(d + '/clock.csv'))]
off=clk[len(clk)//2][1]
big=collections.defaultdict(list); allr=[]
for c,rs in recs.items():
    rs.sort(key=lambda r:int(r['sendStartNanos'])); ws=sorted(wire[c], key=lambda w:int(w['requestIndex']))
    for r,w in zip(rs,ws):
        rv=int(r['lastByteNanos'])+off-int(w['lastResponseByteEpochNanos'])
        allr.append(int(r['sendStartNanos']))
        if 500_000<rv<100_000_000: big[int(r['lastByteNanos'])].append((rv, int(w['lastResponseByteEpochNanos'])-off))
t0=min(allr)
evs=[e for e in ev if t0-1e9<e[0]]
print('events in run', len([e for e in evs if e[0]<max(allr)]))
for stamp,v in sorted(big.items()):
    if len(v)<2: continue
    earliest=min(x[1] for x in v)
    print('stall: %d replies waited up to %.2f ms, stamped run+%.6f (wire since run+%.6f)' % (len(v), max(x[0] for x in v)/1e6, (stamp-t0)/1e9, (earliest-t0)/1e9))
    for t,txt in evs:
        if earliest-2_000_000 <= t <= stamp+200_000: print('      %+.3f ms  %s' % ((t-earliest)/1e6, txt[:110]))
