// crosscheck report page: draws the document of ReportData (id crosscheck-data).
// Every label and cell is set with textContent, never as markup: URLs, error texts and state names
// from a server, a target or a workload file are shown as text.
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('crosscheck-data').textContent);
  var main = document.getElementById('cc-main');
  var checks = [];
  var chartCount = 0;
  var PALETTE = ['#1f77b4', '#d62728', '#2ca02c', '#ff7f0e', '#9467bd', '#8c564b', '#e377c2', '#17becf',
    '#7f7f7f', '#bcbd22'];
  var WIDTH = 1250;

  Chart.defaults.animation = false;
  Chart.defaults.responsive = false;
  Chart.defaults.font.size = 11;

  // ---- building blocks ----------------------------------------------------------------------
  // the connection policy is the Netty engine's; the legacy engines' connections are the JDK's or
  // HttpClient's own (run.json still carries the option's default, which would read as a claim)
  function policyOf(engine) {
    return engine && engine.policy && !/^legacy-/.test(engine.name || '') ? engine.policy : null;
  }

  function el(parent, tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) { e.className = cls; }
    if (text !== undefined && text !== null) { e.textContent = String(text); }
    if (parent) { parent.appendChild(e); }
    return e;
  }
  function evidence(parent, text) { return el(parent, 'p', 'evidence', 'Evidence: ' + text); }
  function missing(parent, text) { return el(parent, 'p', 'missing', text); }
  function isNum(x) { return typeof x === 'number' && isFinite(x); }
  function fmt(x, digits) {
    if (!isNum(x)) { return '\u2013'; }
    return x.toFixed(digits === undefined ? 1 : digits);
  }
  function ms(micros) { return isNum(micros) ? micros / 1000 : null; }
  function table(parent, headers, rows, textColumns) {
    var t = el(parent, 'table');
    var tr = el(el(t, 'thead'), 'tr');
    headers.forEach(function (h, i) { el(tr, 'th', textColumns && textColumns.indexOf(i) >= 0 ? 'text' : null, h); });
    var body = el(t, 'tbody');
    rows.forEach(function (row) {
      var r = el(body, 'tr');
      row.forEach(function (cell, i) {
        var td = el(r, 'td', textColumns && textColumns.indexOf(i) >= 0 ? 'text' : null);
        if (cell && typeof cell === 'object' && cell.href) {
          var a = el(td, 'a', null, cell.text);
          a.setAttribute('href', cell.href);
        } else {
          td.textContent = cell === null || cell === undefined ? '\u2013' : String(cell);
        }
      });
    });
    return t;
  }
  function axis(title, extra) {
    var a = { title: { display: true, text: title } };
    for (var k in extra || {}) { a[k] = extra[k]; }
    return a;
  }
  function points(xs, ys) {
    var out = [];
    for (var i = 0; i < xs.length; i++) {
      if (isNum(xs[i]) && isNum(ys[i])) { out.push({ x: xs[i], y: ys[i] }); }
    }
    return out;
  }
  function line(label, pts, i, more) {
    var d = { label: label, data: pts, borderColor: PALETTE[i % PALETTE.length],
      backgroundColor: PALETTE[i % PALETTE.length], borderWidth: 1.5, pointRadius: pts.length > 60 ? 0 : 2 };
    for (var k in more || {}) { d[k] = more[k]; }
    return d;
  }
  // a chart, or a sentence when none of its datasets has a point
  function chart(parent, title, config, evidenceText, height) {
    var hasPoints = config.data.datasets.some(function (d) { return d.data.length > 0; });
    el(parent, 'h3', null, title);
    if (!hasPoints) {
      missing(parent, 'No chart: nothing to draw (' + evidenceText + ').');
      return null;
    }
    evidence(parent, evidenceText);
    var canvas = el(parent, 'canvas');
    canvas.width = WIDTH;
    canvas.height = height || 260;
    var id = 'chart-' + (++chartCount);
    canvas.id = id;
    config.options = config.options || {};
    config.options.plugins = config.options.plugins || {};
    config.options.plugins.title = { display: true, text: title };
    var c = new Chart(canvas.getContext('2d'), config);
    checks.push({ id: id, title: title, chart: c, canvas: canvas });
    return c;
  }

  // ---- one run ------------------------------------------------------------------------------
  function runTitle(r) {
    var e = r.run.engine || {};
    var a = (r.run.workload && r.run.workload.arrival) || {};
    if (r.run.status === 'wire-only') { return r.label + ' \u2014 wire-only analysis of a capture'; }
    return r.label + ' \u2014 ' + (e.name || 'external generator') + (policyOf(e) ? ' (' + policyOf(e) + ')' : '')
      + (a.users ? ', ' + a.users + ' users' : '') + (a.model ? ', ' + a.model : '');
  }

  function renderRun(parent, r, runIndex) {
    var f = r.findings;
    var box = el(parent, 'section', 'run');
    el(box, 'h2', null, runTitle(r));
    // coverage first: every figure below rests on it
    el(box, 'p', 'statement first', 'Coverage: ' + r.sentences.coverage);
    if (r.evidence && r.evidence.statusNote) { el(box, 'p', 'statement', 'Run: ' + r.evidence.statusNote); }
    // the client host before any error figure
    if (f.clientHost) {
      el(box, 'p', 'statement first', 'Client host: ' + r.sentences.clientHost);
      if (r.sentences.clientHostEvidence) { evidence(box, r.sentences.clientHostEvidence); }
    } else {
      missing(box, 'Client host: not in this run\u2019s findings: re-run `crosscheck compare RUN_DIR`.');
    }
    // the server host beside it (server telemetry joined by the wall clock), and which host was the bottleneck
    if (f.serverHost) {
      el(box, 'p', 'statement first', 'Server host: ' + r.sentences.serverHost);
      evidence(box, r.sentences.serverHostEvidence);
    }
    if (r.sentences.bottleneck) {
      el(box, 'p', 'statement first', 'Bottleneck: ' + r.sentences.bottleneck);
    }
    responseTime(box, f, r);
    latencyColumns(box, f);
    cdf(box, [r], runIndex);
    percentiles(box, f);
    intervals(box, r);
    connections(box, r);
    urls(box, f, r);
    reportedIntervals(box, f, r);
    if (f.pace) { el(box, 'h3', null, 'Pace'); el(box, 'p', 'statement', r.sentences.pace); }
    stall(box, f);
    workloadSent(box, f, r);
    workload(box, r);
  }

  // what the generator sent, from the wire, against what it declared (findings.workload)
  function workloadSent(box, f, r) {
    el(box, 'h3', null, 'Workload sent vs declared');
    var w = f.workload;
    if (!w || !r.sentences.workload) {
      missing(box, 'Not judged: below the matching floor, or findings written before the workload audit.');
      return;
    }
    evidence(box, 'the wire (capture clock); a user is a ' + String(w.userKind || 'SESSION').toLowerCase()
      + (w.declaredBy ? '; declared by ' + w.declaredBy.join(', ') : '; nothing declared'));
    var verdicts = [];
    if (w.think) { verdicts.push(['think time', w.think.verdict]); }
    if (w.loop) { verdicts.push(['open or closed', w.loop.coordinatedOmission ? 'COORDINATED OMISSION' : w.loop.verdict]); }
    if (w.arrival) { verdicts.push(['arrivals', w.arrival.verdict]); }
    if (w.mix) { verdicts.push(['page mix', w.mix.verdict]); }
    if (w.thinkTable) {
      w.thinkTable.phases.forEach(function (p) { verdicts.push(['think table, ' + p.phase + ' x' + p.factor, p.verdict]); });
    }
    if (verdicts.length > 0) { table(box, ['check', 'verdict'], verdicts, [0, 1]); }
    table(box, ['', ''], r.sentences.workload.map(function (row) { return [row[0].trim(), row[1]]; }), [0, 1]);
  }

  // the load's longest stall (findings.stall, from run.json): in flight, none completing
  function stall(box, f) {
    var s = f.stall;
    if (!s) { return; }
    var sec = function (nanos) { return (nanos / 1e9).toFixed(1) + ' s'; };
    el(box, 'h3', null, 'Stall');
    el(box, 'p', 'statement', 'No exchange completed for ' + sec(s.durationNanos) + ' from ' + sec(s.startOffsetNanos)
      + ' after the start: ' + s.inFlight + ' in flight' + (s.connections >= 0 ? ' on ' + s.connections + ' connections' : '')
      + (s.oldestInFlightNanos >= 0 ? ', the oldest for ' + sec(s.oldestInFlightNanos) : '') + '; '
      + (s.lastCompletionOffsetNanos >= 0 ? s.completedBefore + ' completed before it, the last at '
        + sec(s.lastCompletionOffsetNanos) : 'nothing had completed before it')
      + ' (' + s.stalls + ' stall' + (s.stalls === 1 ? '' : 's') + ' of ' + sec(s.warningNanos) + ' or more)'
      + (s.stoppedByTimeout ? '; --stall-timeout ' + sec(s.timeoutNanos) + ' stopped the load (status stalled).' : '.'));
  }

  function responseTime(box, f, r) {
    el(box, 'h3', null, 'Response time: reported vs wire (the study\u2019s absolute error)');
    var rt = f.responseTime;
    if (!rt) {
      missing(box, 'Not judged: ' + r.sentences.coverage);
      return;
    }
    evidence(box, rt.pairs + ' matched pairs with a complete reply on both sides, measured phase; reported:'
      + ' the generator\u2019s send start to last byte (its monotonic clock); wire: the request\u2019s first byte'
      + ' to the last response byte (the capture\u2019s clock); ' + r.sentences.clockMapping);
    table(box, ['pairs', 'reported mean (ms)', 'wire mean (ms)', 'absolute error (ms)', 'ratio',
      'per-request error p50 (ms)', 'p99 (ms)', 'max (ms)'],
      [[rt.pairs, fmt(ms(rt.reportedMeanMicros), 3), fmt(ms(rt.wireMeanMicros), 3),
        fmt(ms(rt.absoluteErrorMicros), 3), fmt(rt.ratio, 3), fmt(ms(rt.perRequestError.p50Micros), 3),
        fmt(ms(rt.perRequestError.p99Micros), 3), fmt(ms(rt.perRequestError.maxMicros), 3)]]);
  }

  function latencyColumns(box, f) {
    var l = f.latency;
    if (!l) { return; }
    el(box, 'h3', null, 'Latency columns');
    evidence(box, 'the same matched pairs for the first three rows; the last row is every complete exchange'
      + ' in the capture, matched or not');
    var rows = [['from intended start', l.fromIntendedStart], ['from send start (reported)', l.fromSendStart],
      ['on the wire', l.wire], ['on the wire, every exchange', l.wireAllExchanges]]
      .filter(function (x) { return x[1]; })
      .map(function (x) {
        var s = x[1];
        return [x[0], s.count, fmt(ms(s.meanMicros), 3), fmt(ms(s.p50Micros), 3), fmt(ms(s.p90Micros), 3),
          fmt(ms(s.p99Micros), 3), fmt(ms(s.maxMicros), 3)];
      });
    table(box, ['column', 'count', 'mean (ms)', 'p50 (ms)', 'p90 (ms)', 'p99 (ms)', 'max (ms)'], rows, [0]);
  }

  // reported vs wire CDF of one run, or overlaid for several
  function cdf(box, runs, runIndex) {
    var datasets = [];
    var pairs = [];
    runs.forEach(function (r, i) {
      var c = r.findings.cdf;
      if (!c) { return; }
      var prefix = runs.length > 1 ? r.label + ': ' : '';
      var color = runs.length > 1 ? 2 * i : 0;
      datasets.push(line(prefix + 'reported (generator)', c.reportedMicros.map(function (p) {
        return { x: p[1] / 1000, y: p[0] };
      }), color, { borderDash: [6, 3] }));
      datasets.push(line(prefix + 'wire (capture)', c.wireMicros.map(function (p) {
        return { x: p[1] / 1000, y: p[0] };
      }), runs.length > 1 ? color : 1));
      pairs.push((runs.length > 1 ? r.label + ': ' : '') + (r.findings.responseTime ? r.findings.responseTime.pairs
        : 0) + ' pairs');
    });
    var title = 'Response-time CDF: reported vs wire' + (runs.length > 1 ? ' (all runs)' : '');
    if (datasets.length === 0) {
      el(box, 'h3', null, title);
      missing(box, 'No CDF: the findings have none (' + (runs.length === 1 ? runs[0].sentences.coverage
        : 'no run has one') + ').');
      return;
    }
    // the axis ends a little past the slowest line's 99th percentile: the tail is the percentile plot's
    var p99 = 0;
    var last = 0;
    datasets.forEach(function (d) {
      d.data.forEach(function (pt) {
        if (pt.y <= 0.99) { p99 = Math.max(p99, pt.x); }
        last = Math.max(last, pt.x);
      });
    });
    var cut = p99 > 0 && last > 1.5 * p99 ? 1.5 * p99 : null;
    chart(box, title, { type: 'line', data: { datasets: datasets }, options: { scales: {
      x: axis('response time (ms)', { type: 'linear', min: 0, max: cut === null ? undefined : cut }),
      y: axis('fraction of requests \u2264 x', { min: 0, max: 1 }) } } },
    pairs.join('; ') + ', measured phase; quantiles of matched complete pairs (findings.cdf)'
      + (cut === null ? '' : '; x axis cut at ' + fmt(cut, 2) + ' ms (1.5 \u00d7 the largest 99th percentile;'
        + ' the slowest request took ' + fmt(last, 2) + ' ms)'), 300);
  }

  function percentiles(box, f) {
    var title = 'Percentiles of the three latency columns (log 1/(1\u2212p) axis)';
    var p = f.percentiles;
    if (!p) {
      el(box, 'h3', null, title);
      missing(box, 'Percentile plot: not in this run\u2019s findings: re-run `crosscheck compare RUN_DIR`.');
      return;
    }
    var xs = p.percentiles.map(function (q) { return q < 100 ? 1 / (1 - q / 100) : null; });
    var cols = [['from intended start', p.fromIntendedStartMicros], ['from send start (reported)', p.fromSendStartMicros],
      ['on the wire', p.wireMicros]];
    var datasets = cols.filter(function (c) { return c[1]; }).map(function (c, i) {
      return line(c[0], points(xs, c[1].map(ms)), i);
    });
    var labels = { 1: '0%', 2: '50%', 10: '90%', 100: '99%', 1000: '99.9%', 10000: '99.99%', 100000: '99.999%' };
    chart(box, title, { type: 'line', data: { datasets: datasets }, options: { scales: {
      x: axis('percentile (axis: 1/(1\u2212p), log)', { type: 'logarithmic', min: 1,
        ticks: { callback: function (v) { return labels[v] || ''; }, autoSkip: false } }),
      y: axis('latency (ms)', { type: 'linear', min: 0 }) } } },
    p.count + ' matched pairs, ' + p.window + '; HdrHistogram values at ' + p.percentiles.length
      + ' percentiles (100% is the max, not drawn on this axis: '
      + fmt(ms(p.wireMicros[p.wireMicros.length - 1]), 3) + ' ms on the wire)', 300);
  }

  function intervals(box, r) {
    var f = r.findings;
    var iv = f.intervals || [];
    el(box, 'h3', null, 'Over time: error, rate and connections, beside the generator\u2019s pressure');
    if (iv.length === 0) {
      missing(box, 'No intervals in the findings: the run left no matched pairs over time.');
      return;
    }
    var xs = iv.map(function (i) { return i.startSeconds; });
    var xMin = xs[0];
    var xMax = xs[xs.length - 1] + 1;
    var x = axis('seconds from the run\u2019s start (1-second intervals, by the wire\u2019s request start)',
      { type: 'linear', min: xMin, max: xMax });
    function col(name, scale) {
      return iv.map(function (i) {
        var v = i[name];
        return isNum(v) && v >= 0 ? (scale ? v * scale : v) : null;
      });
    }
    var base = iv.length + ' intervals; ' + iv.reduce(function (a, i) { return a + i.requests; }, 0)
      + ' matched complete pairs';
    chart(box, 'Mean per-request error (reported \u2212 wire) per interval', { type: 'line', data: { datasets: [
      line('mean error (ms)', points(xs, col('meanErrorMicros', 0.001)), 1),
      line('reported mean (ms)', points(xs, col('reportedMeanMicros', 0.001)), 0, { borderDash: [6, 3] }),
      line('wire mean (ms)', points(xs, col('wireMeanMicros', 0.001)), 2)] },
    options: { scales: { x: x, y: axis('milliseconds') } } }, base, 220);
    chart(box, 'Rate and open connections per interval', { type: 'line', data: { datasets: [
      line('requests per second', points(xs, col('requestsPerSecond')), 0, { yAxisID: 'y' }),
      line('open connections (max in the interval)', points(xs, col('openConnectionsMax')), 3, { yAxisID: 'y1', stepped: true })] },
    options: { scales: { x: x, y: axis('requests per second', { min: 0 }),
      y1: axis('open connections', { position: 'right', min: 0, grid: { drawOnChartArea: false } }) } } },
    base + '; connections from the capture', 220);
    serverCpu(box, f, iv, xs, x, col);
    var telemetry = iv.some(function (i) { return i.generatorThreadsMax >= 0; });
    if (!telemetry) {
      missing(box, 'Generator CPU, heap, threads and GC: the run recorded no telemetry of the generator\u2019s JVM.');
      return;
    }
    var cores = r.run.hostCores;
    var cpu = [line('generator CPU (cores, user + system, mean)', points(xs, col('generatorCpuCores')), 4)];
    if (cores > 0) {
      cpu.push(line('cores available (' + cores + ')', points([xMin, xMax], [cores, cores]), 7, { borderDash: [2, 2] }));
    }
    var tel = iv.length + ' intervals of the generator JVM\u2019s telemetry (sampled in the generator, '
      + 'aligned on the run\u2019s start)';
    chart(box, 'Generator CPU', { type: 'line', data: { datasets: cpu },
      options: { scales: { x: x, y: axis('CPU (cores)', { min: 0 }) } } }, tel, 200);
    chart(box, 'Generator heap and threads', { type: 'line', data: { datasets: [
      line('heap used, max in the interval (MiB)', points(xs, col('generatorHeapUsedMaxBytes', 1 / 1048576)), 5, { yAxisID: 'y' }),
      line('live threads, max in the interval', points(xs, col('generatorThreadsMax')), 6, { yAxisID: 'y1', stepped: true })] },
    options: { scales: { x: x, y: axis('heap (MiB)', { min: 0 }),
      y1: axis('threads', { position: 'right', min: 0, grid: { drawOnChartArea: false } }) } } }, tel, 200);
    chart(box, 'Generator GC pauses', { type: 'line', data: { datasets: [
      line('GC pauses in the interval', points(xs, col('generatorGcPauses')), 8, { yAxisID: 'y', stepped: true }),
      line('longest GC pause (ms)', points(xs, col('generatorGcPauseMaxMicros', 0.001)), 1, { yAxisID: 'y1' })] },
    options: { scales: { x: x, y: axis('pauses', { min: 0 }),
      y1: axis('longest pause (ms)', { position: 'right', min: 0, grid: { drawOnChartArea: false } }) } } },
    tel + '; GC pause total ' + (r.run.telemetry ? fmt(r.run.telemetry.gcPauseTotalMicros / 1000, 1) + ' ms in '
      + r.run.telemetry.gcPauses + ' pauses (' + r.run.telemetry.gcPauseSource + ')' : 'unknown'), 200);
  }

  // the server's CPU over time and the error against it (the study's Figure 3 axis); only with server telemetry
  function serverCpu(box, f, iv, xs, x, col) {
    var s = f.serverHost;
    if (!s) {
      missing(box, 'Server CPU: no server telemetry in this run (audit --server-pid or --server-netns on this machine;'
        + ' crosscheck monitor on the server host, then compare RUN --server-telemetry FILE).');
      return;
    }
    var ev = (s.samples || 0) + ' server-telemetry rows joined by the wall clock (' + s.clock + ')';
    chart(box, 'Server CPU per interval', { type: 'line', data: { datasets: [
      line('server processes CPU (cores, mean)', points(xs, col('serverCpuCores')), 4, { yAxisID: 'y' }),
      line('server host CPU utilisation (% of all cores)', points(xs, col('serverHostCpuBusyPercent')), 1, { yAxisID: 'y1' })] },
    options: { scales: { x: x, y: axis('CPU (cores)', { min: 0 }),
      y1: axis('host CPU (%)', { position: 'right', min: 0, max: 100, grid: { drawOnChartArea: false } }) } } }, ev, 200);
    var pts = iv.filter(function (i) {
      return isNum(i.serverHostCpuBusyPercent) && isNum(i.meanErrorMicros) && i.requests > 0;
    }).map(function (i) { return { x: i.serverHostCpuBusyPercent, y: i.meanErrorMicros / 1000 }; });
    chart(box, 'Mean error vs server host CPU utilisation, per interval (the study\u2019s Figure 3 axis)',
      { type: 'scatter', data: { datasets: [line('intervals', pts, 1, { showLine: false, pointRadius: 3 })] },
        options: { scales: { x: axis('server host CPU utilisation (%)', { type: 'linear', min: 0, max: 100 }),
          y: axis('mean error, reported \u2212 wire (ms)') } } },
      pts.length + ' intervals with matched pairs and server telemetry; ' + ev, 220);
  }

  function connections(box, r) {
    var c = r.findings.connections;
    el(box, 'h3', null, 'Connections');
    if (!c) { missing(box, 'No connection findings.'); return; }
    el(box, 'p', 'statement', 'Verdict: ' + r.sentences.connectionsVerdict);
    evidence(box, r.sentences.connectionsEvidence);
    table(box, ['sessions', 'connections opened', 'with requests', 'peak open', 'most requests on one',
      'used by several sessions', 'opened per second'],
      [[c.sessions, c.connectionsOpened, c.connectionsWithRequests, c.peakConcurrentConnections,
        c.maxRequestsOnOneConnection, c.connectionsUsedBySeveralSessions, fmt(c.connectionsOpenedPerSecond, 2)]]);
    var over = r.connectionsOverTime;
    if (over && over.seconds.length > 0) {
      chart(box, 'Concurrent connections over time', { type: 'line', data: { datasets: [
        line('open connections', points(over.seconds, over.open), 3, { stepped: true, pointRadius: 0 })] },
      options: { scales: { x: axis('seconds from the run\u2019s start', { type: 'linear' }),
        y: axis('open connections', { min: 0 }) } } }, over.statement, 220);
    } else {
      el(box, 'h3', null, 'Concurrent connections over time');
      missing(box, 'No chart: ' + (over ? over.statement : r.connectionsOverTimeMissing) + '.');
    }
    var labels = Object.keys(c.requestsPerConnection || {});
    var counts = labels.map(function (k) { return c.requestsPerConnection[k]; });
    if (labels.length === 0 || counts.every(function (n) { return n === 0; })) {
      el(box, 'h3', null, 'Requests per connection');
      missing(box, 'No chart: no connection carried a request in the capture.');
      return;
    }
    chart(box, 'Requests per connection', { type: 'bar', data: { labels: labels, datasets: [{
      label: 'connections', data: counts, backgroundColor: PALETTE[0] }] },
    options: { scales: { x: axis('requests on one connection'), y: axis('connections', { min: 0 }) } } },
    c.connectionsWithRequests + ' connections with requests in the capture; busiest: '
      + c.maxRequestsOnOneConnection + ' requests (' + fmt(c.busiestConnectionPercent, 1) + ' % of the exchanges)', 220);
  }

  function urls(box, f, r) {
    el(box, 'h3', null, 'Per URL');
    var u = f.urls;
    if (!u) {
      missing(box, 'Per-URL table: not in this run\u2019s findings: re-run `crosscheck compare RUN_DIR`.');
      return;
    }
    evidence(box, r.sentences.urls);
    table(box, ['URL group', 'count', 'errors', 'matched', 'reported mean (ms)', 'wire mean (ms)',
      'reported p50 (ms)', 'reported p99 (ms)', 'wire p50 (ms)', 'wire p99 (ms)', 'absolute error (ms)'],
    (u.groups || []).map(function (g) {
      return [g.urlGroup, g.count, g.errors, g.matched, fmt(ms(g.reportedMeanMicros), 3), fmt(ms(g.wireMeanMicros), 3),
        fmt(ms(g.reportedP50Micros), 3), fmt(ms(g.reportedP99Micros), 3), fmt(ms(g.wireP50Micros), 3),
        fmt(ms(g.wireP99Micros), 3), fmt(ms(g.absoluteErrorMicros), 3)];
    }), [0]);
  }

  function reportedIntervals(box, f, r) {
    var ri = f.reportedIntervals;
    if (!ri) { return; } // only agent runs have one
    el(box, 'h3', null, 'Reported intervals (what the generator itself reported) vs the wire');
    evidence(box, r.sentences.reportedIntervals);
    var groups = (ri.groups || []).slice();
    if (ri.overall) { groups.push(ri.overall); }
    table(box, ['URL group', 'intervals', 'exchanges each', 'reported (ms)', 'wire page (ms)', 'wire span (ms)',
      'wire sum (ms)', 'gap (ms)', 'error vs span (ms)', 'p50 (ms)', 'p99 (ms)', 'below span'],
    groups.map(function (g) {
      return [g.urlGroup, g.count, fmt(g.meanExchanges, 2), fmt(ms(g.meanReportedMicros), 3),
        fmt(ms(g.meanWirePageMicros), 3), fmt(ms(g.meanWireSpanMicros), 3), fmt(ms(g.meanWireSumMicros), 3),
        fmt(ms(g.meanGapMicros), 3), fmt(ms(g.meanErrorMicros), 3), fmt(ms(g.p50ErrorMicros), 3),
        fmt(ms(g.p99ErrorMicros), 3), g.reportedBelowSpan];
    }), [0]);
  }

  function workload(box, r) {
    el(box, 'h3', null, 'Run and workload');
    var run = r.run;
    var rows = [['status', run.status], ['start (UTC)', run.startTimeUtc], ['end (UTC)', run.endTimeUtc],
      ['seed', run.seed], ['JVM', run.jvm && run.jvm.version ? run.jvm.vendor + ' ' + run.jvm.version + ' ('
        + run.jvm.vmName + '), ' + run.jvm.of : null],
      ['JVM options', run.jvm && run.jvm.options ? run.jvm.options.join(' ') : null],
      ['command', run.command ? run.command.join(' ') : null],
      ['capture', r.evidence ? r.evidence.capturePath : null]];
    var src = run.workload && run.workload.source;
    if (src && src.paths) { rows.push(['URLs', src.paths.join('  ')]); }
    if (src && src.source) { rows.push(['source', src.source]); }
    table(box, ['', ''], rows, [0, 1]);
  }

  // ---- several runs side by side --------------------------------------------------------------
  function renderSummary(parent, runs) {
    el(parent, 'h2', null, 'Side by side');
    evidence(parent, 'each row is one run\u2019s findings; figures over its matched complete pairs in the measured'
      + ' phase, with the share of its records they rest on');
    table(parent, ['run', 'engine', 'users', 'matched %', 'client host', 'reported mean (ms)', 'wire mean (ms)',
      'absolute error (ms)', 'ratio', 'connections', 'sessions', 'sharing verdict'],
    runs.map(function (r) {
      var f = r.findings;
      var rt = f.responseTime;
      var a = (r.run.workload && r.run.workload.arrival) || {};
      return [r.label, r.run.engine ? r.run.engine.name + (policyOf(r.run.engine) ? ' ' + policyOf(r.run.engine) : '')
        : 'external', a.users,
        fmt(f.coverage.recordsMatchedPercent, 1),
        f.clientHost ? (f.clientHost.judged ? (f.clientHost.bottleneck ? 'bottleneck' : 'not the bottleneck')
          : 'not judged') : 'not in findings',
        rt ? fmt(ms(rt.reportedMeanMicros), 3) : 'not judged', rt ? fmt(ms(rt.wireMeanMicros), 3) : null,
        rt ? fmt(ms(rt.absoluteErrorMicros), 3) : null, rt ? fmt(rt.ratio, 3) : null,
        f.connections ? f.connections.connectionsWithRequests : null, f.connections ? f.connections.sessions : null,
        f.connections ? r.sentences.connectionsVerdict : null];
    }), [0, 1, 11]);
    cdf(parent, runs, -1);
  }

  // ---- a matrix -----------------------------------------------------------------------------
  function renderMatrix(parent, doc) {
    var m = doc.matrix;
    el(parent, 'h1', null, m.study ? 'crosscheck study ' + m.study.kind : 'crosscheck matrix');
    var bound = m.bound && isNum(m.bound.maxAbsErrorMicros) ? fmt(ms(m.bound.maxAbsErrorMicros), 3) + ' ms' : 'none';
    el(parent, 'p', 'statement first', m.cells.length + ' cells; ' + m.cells.filter(function (c) {
      return c.status === 'completed'; }).length + ' completed' + (m.study ? '.' : '; absolute-error bound: ' + bound + '.'));
    var w = m.workload || {};
    table(parent, ['workload', ''], Object.keys(w).map(function (k) {
      var v = w[k];
      return [k, v !== null && typeof v === 'object' ? JSON.stringify(v) : v];
    }), [0, 1]);
    if (m.study) {
      renderStudy(parent, m.study); // a study's cells are not a JVM x users grid: its own figures instead
    } else {
      renderJvmGrid(parent, m);
    }
    el(parent, 'h2', null, 'Every cell');
    evidence(parent, 'one row per cell; a dash where the cell has no evidence for the figure; sharing: a connection'
      + ' carried matched requests of several sessions, with the cell\u2019s connection verdict in words');
    table(parent, ['cell', 'JVM', 'options', 'users', 'status', 'matched %', 'reported (ms)', 'wire (ms)',
      'abs. error (ms)', 'ratio', 'CPU mean', 'CPU max', 'heap max (MiB)', 'threads max', 'GC pauses',
      'connections', 'sessions', 'sharing', 'client host', 'search step', 'reason', 'report'],
    m.cells.map(function (c) {
      var link = doc.cellReports[c.id];
      var safe = typeof link === 'string' && !/^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(link) && link.indexOf('//') !== 0;
      return [c.id, c.jvmLabel, c.optsLabel, c.users, c.status, fmt(c.matchedPercent, 1), fmt(ms(c.reportedMeanMicros), 3),
        fmt(ms(c.wireMeanMicros), 3), fmt(ms(c.absoluteErrorMicros), 3), fmt(c.ratio, 3),
        fmt(c.generatorCpuCoresMean, 2), fmt(c.generatorCpuCoresMax, 2),
        isNum(c.heapUsedMaxBytes) ? fmt(c.heapUsedMaxBytes / 1048576, 1) : null, c.threadsMax, c.gcPauses,
        c.connectionsWithRequests, c.sessions,
        sharingText(c, doc),
        c.clientHostBottleneck === true ? 'bottleneck' : c.clientHostBottleneck === false ? 'not the bottleneck' : null,
        c.searchStep, c.reason, safe ? { href: link, text: 'report' } : null];
    }), [0, 1, 2, 17, 20]);
  }

  // ---- a JVM x option set x users matrix: error vs users and CPU, the scalability search ------------
  function renderJvmGrid(parent, m) {
    var lines = {};
    var order = [];
    m.cells.forEach(function (c) {
      var key = c.jvmLabel + ' \u00b7 ' + c.optsLabel;
      if (!lines[key]) { lines[key] = []; order.push(key); }
      lines[key].push(c);
    });
    function series(xName, scale) {
      return order.map(function (key, i) {
        var cells = lines[key].filter(function (c) { return isNum(c[xName]) && isNum(c.absoluteErrorMicros); })
          .sort(function (a, b) { return a[xName] - b[xName]; });
        return line(key, cells.map(function (c) { return { x: c[xName] * (scale || 1), y: c.absoluteErrorMicros / 1000 }; }),
          i, { pointRadius: 4 });
      });
    }
    var judged = m.cells.filter(function (c) { return isNum(c.absoluteErrorMicros); }).length;
    var ev = judged + ' of ' + m.cells.length + ' cells with an absolute error (reported mean \u2212 wire mean over'
      + ' each cell\u2019s matched pairs); cells without evidence are not drawn';
    var yErr = axis('absolute error (ms)');
    chart(parent, 'Absolute error vs users, per JVM and tuning', { type: 'line', data: { datasets: series('users') },
      options: { scales: { x: axis('users', { type: 'linear' }), y: yErr } } }, ev, 320);
    var cpu = series('generatorCpuCoresMean').map(function (d) { d.showLine = false; return d; });
    chart(parent, 'Absolute error vs generator CPU, per JVM and tuning', { type: 'scatter', data: { datasets: cpu },
      options: { scales: { x: axis('generator CPU (cores, mean over the run)', { type: 'linear', min: 0 }), y: yErr } } },
    ev + '; CPU from each cell\u2019s generator telemetry', 320);
    el(parent, 'h2', null, 'Scalability search');
    if (!m.search || m.search.length === 0) {
      missing(parent, 'No search in this matrix (run with --search).');
    } else {
      table(parent, ['JVM', 'options', 'bound', 'largest users that held', 'failed at users', 'why'],
        m.search.map(function (s) {
          // matrix.json's bound is {maxAbsErrorMicros} (MatrixJson.Bound); String() of it printed [object Object]
          var b = s.bound && isNum(s.bound.maxAbsErrorMicros) ? s.bound.maxAbsErrorMicros : null;
          return [s.jvmLabel, s.optsLabel, b === null ? null : fmt(ms(b), 3) + ' ms',
            s.largestUsersHeld, s.failedAtUsers, s.reason];
        }), [0, 1, 5]);
    }
  }

  // ---- a study's section of matrix.json (crosscheck study flash-crowd | wan) --------------------
  function renderStudy(parent, st) {
    el(parent, 'h2', null, 'Study: ' + st.kind);
    el(parent, 'p', 'statement first', 'Conclusion: ' + st.conclusion);
    evidence(parent, st.evidence);
    if (st.kind === 'flash-crowd') {
      table(parent, ['server', 'policy', 'schedule', 'status', 'matched pairs', 'median (ms)', 'mean (ms)', 'p95 (ms)',
        'peak open connections', 'peak workers'], st.rows.map(function (r) {
        return [r.server, r.policy, r.schedule, r.status, r.pairs, fmt(ms(r.wireMedianMicros), 2),
          fmt(ms(r.wireMeanMicros), 2), fmt(ms(r.wireP95Micros), 2), r.peakOpenConnections, r.peakWorkers];
      }), [0, 1, 2, 3]);
      table(parent, ['server', 'policy', 'bursty / non-bursty mean', 'non-bursty mean (ms)', 'bursty mean (ms)',
        'pairs (non-bursty, bursty)'], st.ratios.map(function (r) {
        return [r.server, r.policy, fmt(r.burstyOverNonBurstyMean, 2) + '\u00d7', fmt(ms(r.nonBurstyMeanMicros), 2),
          fmt(ms(r.burstyMeanMicros), 2), r.nonBurstyPairs + ', ' + r.burstyPairs];
      }), [0, 1]);
      var servers = [];
      st.rows.forEach(function (r) { if (servers.indexOf(r.server) < 0) { servers.push(r.server); } });
      servers.forEach(function (server) {
        var sets = [];
        st.rows.filter(function (r) { return r.server === server && r.schedule === 'bursty'; }).forEach(function (r, i) {
          var s = st.series[r.cell];
          if (!s || s.length === 0) { return; }
          var t0 = s[0][0];
          sets.push(line(r.policy + ': open connections', s.filter(function (p) { return p[1] >= 0; })
            .map(function (p) { return { x: p[0] - t0, y: p[1] }; }), i));
          sets.push(line(r.policy + ': server workers', s.filter(function (p) { return p[2] >= 0; })
            .map(function (p) { return { x: p[0] - t0, y: p[2] }; }), i, { borderDash: [5, 4] }));
        });
        chart(parent, server + ', bursty schedule: open connections vs worker processes per second',
          { type: 'line', data: { datasets: sets }, options: { scales: { x: axis('seconds since the cell\u2019s first',
            { type: 'linear' }), y: axis('count', { min: 0 }) } } },
          'open connections from each cell\u2019s capture (connection.csv), workers counted from /proc each second', 320);
      });
    } else if (st.kind === 'wan') {
      table(parent, ['level', 'status', 'matched pairs', 'transactions/s', 'median (ms)', 'mean (ms)', 'p95 (ms)',
        'RTT per class: configured / measured (handshakes)'], st.rows.map(function (r) {
        return [r.level, r.status, r.pairs, fmt(r.transactionsPerSecond, 1), fmt(ms(r.medianMicros), 2),
          fmt(ms(r.meanMicros), 2), fmt(ms(r.p95Micros), 2), (r.classes || []).map(function (c) {
            return c.address + ' ' + fmt(ms(c.configuredRttMicros), 1) + ' / ' + fmt(ms(c.medianRttMicros), 1)
              + ' ms (' + c.handshakes + ')';
          }).join('; ')];
      }), [0, 1, 7]);
    }
  }

  // a cell's sharing judgement with the verdict it rests on (its kind and counts, worded by the report)
  function sharingText(c, doc) {
    var yn = c.sharing === true ? 'yes' : c.sharing === false ? 'no' : null;
    var words = doc.cellSharing ? doc.cellSharing[c.id] : null;
    return typeof words === 'string' ? (yn ? yn + ': ' : '') + words : yn;
  }

  // ---- checks the headless test reads ----------------------------------------------------------
  function recordChecks() {
    var list = document.getElementById('cc-checks');
    var drawn = 0;
    checks.forEach(function (c) {
      var pts = 0;
      c.chart.data.datasets.forEach(function (d, i) {
        if (c.chart.isDatasetVisible(i)) { pts += c.chart.getDatasetMeta(i).data.length; }
      });
      var img = c.canvas.getContext('2d').getImageData(0, 0, c.canvas.width, c.canvas.height).data;
      var pixels = 0;
      for (var i = 3; i < img.length; i += 4) { if (img[i] !== 0) { pixels++; } }
      var ok = pts > 0 && pixels > 0;
      if (ok) { drawn++; }
      var li = el(list, 'li', null, c.title + ': ' + pts + ' points, ' + pixels + ' pixels drawn');
      li.setAttribute('data-chart', c.id);
      li.setAttribute('data-drawn', String(ok));
      li.setAttribute('data-points', String(pts));
      li.setAttribute('data-pixels', String(pixels));
    });
    var s = document.getElementById('cc-status');
    s.setAttribute('data-charts', String(checks.length));
    s.setAttribute('data-charts-drawn', String(drawn));
  }

  try {
    if (data.kind === 'matrix') {
      renderMatrix(main, data);
    } else {
      el(main, 'h1', null, data.runs.length === 1 ? 'crosscheck report' : 'crosscheck report: '
        + data.runs.length + ' runs side by side');
      if (data.runs.length > 1) { renderSummary(main, data.runs); }
      data.runs.forEach(function (r, i) { renderRun(main, r, i); });
    }
    recordChecks();
  } catch (e) {
    window.ccRecordError('report script: ' + (e && e.stack ? e.stack : e));
  }
  document.getElementById('cc-status').setAttribute('data-done', 'true');
})();
