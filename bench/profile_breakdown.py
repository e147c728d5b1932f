#!/usr/bin/env python3
"""Breaks an async-profiler collapsed-stack profile of a crosscheck run into the per-request costs
bench/PERFORMANCE.md quotes: encode, write, read, parse, record, CSV, histogram, GC, JIT, the
writer thread's share.

    profile_breakdown.py PROFILE.collapsed REQUESTS INTERVAL_MICROS [--json OUT]

PROFILE was taken with `threads` (each stack's first frame is its thread), one sample per
INTERVAL_MICROS of CPU (event=cpu or itimer); REQUESTS is the run's records (summary.json
recordsTotal). A stack's category is the deepest frame that matches one (a kernel send under
the reply handler's next request is "write", not "parse"). The threads of the JIT warm-up (its
own server and clients) are counted apart: they run before the measured window.
"""
import collections
import json
import re
import sys

# (category, pattern on a frame); the deepest matching frame of a stack decides
CATEGORIES = [
    ('session logic', r'io/crosscheck/engine/netty/(SessionInstance|ArrivalPump|EngineRun)\.'),
    ('netty pipeline', r'io/netty/channel/(AbstractChannelHandlerContext|DefaultChannelPipeline|ChannelOutboundBuffer)'),
    ('epoll wait', r'epollWait|epollBusyWait|epoll_wait|ep_poll|EpollEventLoop\.(run|epollWait)$'),
    ('ready-set dispatch', r'EpollEventLoop\.processReady'),
    ('parse', r'HttpObjectDecoder|HttpClientCodec\$Decoder|ByteToMessageDecoder|HttpHeaders|DefaultHttpResponse|ReplyParser'),
    ('response handling', r'ClientConnection\$Responses|ClientConnection\.finish|HttpUtil\.isKeepAlive'),
    ('meter (stamps, sizes)', r'ClientConnection\$Meter|ReadStampAllocator'),
    ('encode', r'HttpObjectEncoder|HttpRequestEncoder|DefaultFullHttpRequest|DefaultHttpRequest|'
               r'DefaultHttpHeaders|HttpMethod\.valueOf|Unpooled|ClientConnection\.send'),
    ('timers', r'ScheduledFutureTask|AbstractScheduledEventExecutor|DefaultPriorityQueue|'
               r'EventLoop\.schedule|\.schedule$|cancel'),
    ('record hand-off', r'InFlightExchange\.(end|toRecord|record)|RequestRecord\.<init>|'
                        r'RecordingSink\.(accept|enqueue)|ConcurrentLinkedQueue\.offer|LongAdder'),
    ('clock reads', r'nanoTime|clock_gettime|\[vdso\]|read_tsc'),
    ('read (socket)', r'doReadBytes|Native\.read|readAddress|__libc_read|__GI___read|recvfrom|'
                      r'epollInReady|EpollRecvByteAllocatorHandle'),
    ('write (socket)', r'doWrite|Native\.(sendTo|writev|write)|writeAddress|__GI___send|__libc_send|'
                       r'__libc_write|writev|flush0|forceFlush'),
    ('GC barrier / alloc', r'OptoRuntime::new|MemAllocator|TLAB|_new_instance|_new_array'),
    # writer thread
    ('CSV format', r'RequestCsv\.|RequestCsvWriter\.append|StringBuilder|AbstractStringBuilder'),
    ('CSV write (file)', r'RequestCsvWriter\.(flush|writeBatch)|FileOutputStream|StreamEncoder|OutputStreamWriter'),
    ('histogram, summary', r'HdrHistogram|LatencyHlogWriter|LatencyHistograms|SummaryAccumulator|StateSummary|UrlStats'),
    ('queue poll', r'ConcurrentLinkedQueue\.poll|RecordingSink\.drain'),
    ('idle park', r'parkNanos|LockSupport\.park|futex'),
]
COMPILED = [(c, re.compile(p)) for c, p in CATEGORIES]


def thread_kind(name, frames):
    if any('CompileBroker' in f for f in frames[1:9]):
        return 'JIT compiler'
    n = re.sub(r'\s*tid=\d+\]$', ']', name)
    if n.startswith('[crosscheck-netty'):
        return 'event loop'
    if n.startswith('[crosscheck-recorder'):
        return 'writer thread'
    if 'CompilerThre' in n or n.startswith('[C1 ') or n.startswith('[C2 '):
        return 'JIT compiler'
    if n.startswith('[crosscheck-warmup') or n.startswith('[crosscheck-server'):
        return 'JIT warm-up (before the window)'
    if re.match(r'\[(GC |G1 |VM Thread|\])', n):
        return 'GC and VM'
    if n.startswith('[main'):
        return 'main (start, schedule, summary)'
    return 'other'


def main():
    path, requests, interval_us = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
    out_json = sys.argv[5] if len(sys.argv) > 5 and sys.argv[4] == '--json' else None
    by_thread = collections.Counter()
    by_cat = {'event loop': collections.Counter(), 'writer thread': collections.Counter()}
    kernel = collections.Counter()
    total = 0
    for line in open(path):
        stack, n = line.rstrip('\n').rsplit(' ', 1)
        n = int(n)
        frames = stack.split(';')
        kind = thread_kind(frames[0], frames)
        by_thread[kind] += n
        total += n
        if kind in by_cat:
            cat = 'other'
            for f in frames[1:]:
                for c, rx in COMPILED:
                    if rx.search(f):
                        cat = c
                        break
            by_cat[kind][cat] += n
            if frames[-1].endswith('_[k]'):
                kernel[kind] += n
    per_req = lambda n: n * interval_us / requests if requests else float('nan')
    window_total = total - by_thread['JIT warm-up (before the window)']
    print('profile: %s; %d samples of %.0f us CPU (%.2f s), %d requests' % (
        path, total, interval_us, total * interval_us / 1e6, requests))
    print()
    print('| thread | CPU s | share of the process | us per request |')
    print('|---|---:|---:|---:|')
    for k, n in by_thread.most_common():
        print('| %s | %.2f | %.1f %% | %.2f |' % (k, n * interval_us / 1e6, 100.0 * n / total, per_req(n)))
    print('| all but the warm-up | %.2f | | %.2f |' % (window_total * interval_us / 1e6, per_req(window_total)))
    result = {'requests': requests, 'intervalMicros': interval_us, 'samples': total,
              'threads': {k: per_req(n) for k, n in by_thread.items()}, 'categories': {}}
    for kind, cats in by_cat.items():
        t = sum(cats.values())
        if not t:
            continue
        print()
        print('%s: %.2f us per request in all: %.2f in user space (JVM and Netty), %.2f in the kernel (%.0f %%)' % (
            kind, per_req(t), per_req(t - kernel[kind]), per_req(kernel[kind]), 100.0 * kernel[kind] / t))
        print()
        print('| category | us per request | share |')
        print('|---|---:|---:|')
        for c, n in cats.most_common():
            print('| %s | %.2f | %.1f %% |' % (c, per_req(n), 100.0 * n / t))
        result['categories'][kind] = {c: per_req(n) for c, n in cats.items()}
        result.setdefault('userMicrosPerRequest', {})[kind] = per_req(t - kernel[kind])
        result.setdefault('kernelMicrosPerRequest', {})[kind] = per_req(kernel[kind])
    if out_json:
        with open(out_json, 'w') as f:
            json.dump(result, f, indent=1, sort_keys=True)


if __name__ == '__main__':
    main()
