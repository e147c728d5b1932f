import sys,csv,collections,glob
for d in sys.argv[1:]:
    rd=glob.glob(d+'/work/runs/*cc-*')[0]
    recs=collections.defaultdict(list)
    for r in csv.DictReader(open(rd+'/requests.csv')):
        if r['outcome']=='ok': recs[r['connectionId']].append(r)
    wire=collections.defaultdict(list)
    for w in csv.DictReader(open(rd+'/wire-exchanges.csv')): wire[w['connectionId']].append(w)
    clk=[int(r['offsetNanos']) for r in csv.DictReader(open(rd + '/clock.csv'))]; off=clk[len(clk)//2]
    errs=[]; big=collections.defaultdict(list); t0=None
    rows=[]
    for c,rs in recs.items():
        rs.sort(key=lambda r:int(r['sendStartNanos'])); ws=sorted(wire[c], key=lambda w:int(w['requestIndex']))
        for r,w in zip(rs,ws):
            s=int(w['requestStartEpochNanos'])-int(r['sendStartNanos'])-off
            rv=int(r['lastByteNanos'])+off-int(w['lastResponseByteEpochNanos'])
            if abs(s)>50_000_000 or abs(rv)>200_000_000: continue
            rows.append((int(r['sendStartNanos']), s+rv, rv, int(r['lastByteNanos'])))
    t0=min(x[0] for x in rows)
    e=sorted(x[1] for x in rows); n=len(e)
    for x in rows:
        if x[2]>1_000_000: big[x[3]].append(x[2])
    stalls=[max(v) for v in big.values() if len(v)>=2]
    first=[x[1] for x in rows if x[0]-t0<2e9]; rest=[x[1] for x in rows if x[0]-t0>=2e9]
    print('%-14s pairs %d mean %.1f p99 %.1f | first 2 s mean %.1f, rest %.1f | loop stalls >1ms: %d, max %.1f ms' % (d.split('/')[-1], n, sum(e)/n/1e3, e[int(n*.99)]/1e3, sum(first)/len(first)/1e3, sum(rest)/len(rest)/1e3, len(stalls), max(stalls or [0])/1e6))
