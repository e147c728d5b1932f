import sys,csv,collections,glob
rd=sys.argv[1]
recs=collections.defaultdict(list)
for r in csv.DictReader(open(rd+'/requests.csv')):
    if r['outcome']=='ok': recs[r['connectionId']].append(r)
wire=collections.defaultdict(list)
for w in csv.DictReader(open(rd+'/wire-exchanges.csv')): wire[w['connectionId']].append(w)
clk=[int(r['offsetNanos']) for r in csv.DictReader(open(rd + '/clock.csv'))]; off=clk[len(clk)//2]
rows=[]
for c,rs in recs.items():
    rs.sort(key=lambda r:int(r['sendStartNanos'])); ws=sorted(wire[c], key=lambda w:int(w['requestIndex']))
    for r,w in zip(rs,ws):
        s=int(w['requestStartEpochNanos'])-int(r['sendStartNanos'])-off
        rv=int(r['lastByteNanos'])+off-int(w['lastResponseByteEpochNanos'])
        rows.append((int(r['sendStartNanos']), int(r['seq']), s, rv, r['url']))
t0=min(x[0] for x in rows)
def show(name, sel):
    if sel: print('%-28s n %5d mean %.1f send %.1f recv %.1f' % (name, len(sel), sum(x[2]+x[3] for x in sel)/len(sel)/1e3, sum(x[2] for x in sel)/len(sel)/1e3, sum(x[3] for x in sel)/len(sel)/1e3))
for lo,hi in [(0,0.5),(0.5,1),(1,2),(2,4),(4,20)]:
    show('t %.1f-%.1f s' % (lo,hi), [x for x in rows if lo*1e9 <= x[0]-t0 < hi*1e9])
show('seq 0', [x for x in rows if x[1]==0]); show('seq 1-4', [x for x in rows if 1<=x[1]<=4]); show('seq >=5', [x for x in rows if x[1]>=5])
show('first 2 s, seq>=1', [x for x in rows if x[0]-t0<2e9 and x[1]>=1])
for u in sorted(set(x[4] for x in rows)): show('first 2 s '+u, [x for x in rows if x[0]-t0<2e9 and x[4]==u])
