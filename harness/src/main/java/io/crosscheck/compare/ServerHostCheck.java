package io.crosscheck.compare;

import io.crosscheck.rundir.Findings;
import io.crosscheck.rundir.Findings.BottleneckHost;
import io.crosscheck.rundir.Findings.ClientHost;
import io.crosscheck.rundir.Findings.ClientHostThresholds;
import io.crosscheck.rundir.Findings.Interval;
import io.crosscheck.rundir.Findings.ServerHost;
import io.crosscheck.rundir.Findings.ServerHostVerdict;
import io.crosscheck.telemetry.ServerSample;
import io.crosscheck.telemetry.WeightedMean;
import java.util.ArrayList;
import java.util.List;

/**
 * The server host's side of the study's sanity check, and the study's Figure 3 axis: the server's
 * CPU over the measured phase and per interval, beside the error. Joins {@link ServerTelemetry}
 * rows to the run by the wall clock (a row counts where its {@code sampleEpochMicros} falls; the
 * offset between the two hosts' clocks is bounded by the stated uncertainty, small against 100 ms
 * rows and 1 s intervals), then says which host was the bottleneck, and only when both hosts'
 * evidence exists. Stateless.
 *
 * <p>The server host is the bottleneck when, for at least {@link ClientHostCheck#SATURATED_SHARE} of
 * the window's sampled seconds, the server's processes used at least {@link
 * ClientHostCheck#SATURATED_FRACTION} of the cores they may run on (their affinity), or — on another
 * host only — that host's CPU was that busy (on the generator's own host its CPU is the generator's
 * too, so only the server's processes count).
 */
public final class ServerHostCheck {
  private ServerHostCheck() {}

  /**
   * The findings with the server host's section, the server's columns in the intervals, and the
   * client-host check's verdict on which host was the bottleneck. Without server telemetry ({@code
   * server} null) only that verdict changes: the server side is unknown.
   *
   * @param gen the generator side (null for a wire-only analysis: the window is then the capture's span)
   * @param intervalNanos the intervals' length
   */
  public static Findings judge(Findings findings, GeneratorSide gen, Reconstruction wire, ServerTelemetry server,
      long intervalNanos) {
    ClientHost client = findings.clientHost();
    if (server == null) {
      return client == null ? findings
          : findings.toBuilder().serverHost(null).clientHost(hosts(client, null)).build();
    }
    long startEpochNanos;
    long endEpochNanos;
    if (gen != null && !gen.records().isEmpty()) {
      long[] window = FindingsBuilder.measuredWindow(gen.records(), gen.runEndNanos());
      startEpochNanos = gen.clock().toEpochNanos(window[0]);
      endEpochNanos = gen.clock().toEpochNanos(window[1]);
    } else {
      startEpochNanos = wire.hasPackets() ? wire.firstPacketEpochNanos() : 0;
      endEpochNanos = wire.hasPackets() ? wire.lastPacketEpochNanos() : 0;
    }
    ServerHost host = side(server, startEpochNanos, endEpochNanos);
    List<Interval> intervals = intervals(findings.intervals(), server.samples(), FindingsBuilder.origin(gen, wire),
        intervalNanos);
    return findings.toBuilder().serverHost(host).clientHost(client == null ? null : hosts(client, host))
        .intervals(intervals).build();
  }

  /** The server host's figures over {@code startEpochNanos..endEpochNanos} (the run's wall clock). */
  static ServerHost side(ServerTelemetry server, long startEpochNanos, long endEpochNanos) {
    double seconds = 0;
    WeightedMean cpu = new WeightedMean(); // the server's processes, cores
    WeightedMean host = new WeightedMean(); // the host's busy fraction
    WeightedMean queue = new WeightedMean(); // processes running
    List<WeightedMean> coreBusy = new ArrayList<>(); // each core's busy fraction
    double saturated = 0;
    int allowed = 0;
    int cores = 0;
    int threadsMax = -1;
    long rssMax = -1;
    ServerSample first = null;
    ServerSample last = null;
    long joined = 0;
    List<Long> intervalsMicros = new ArrayList<>();
    for (ServerSample s : server.samples()) {
      long stamp = s.sampleEpochMicros() * 1_000;
      if (stamp < startEpochNanos || stamp > endEpochNanos) {
        continue;
      }
      joined++;
      if (first == null) {
        first = s;
      }
      last = s;
      double w = s.intervalMicros() / 1e6;
      intervalsMicros.add(s.intervalMicros());
      seconds += w;
      cores = Math.max(cores, s.hostCores());
      boolean sat = false;
      cpu.add(s.serverCpuCores(), w);
      if (!Double.isNaN(s.serverCpuCores())) {
        allowed = Math.max(allowed, s.serverCpusAllowed());
        threadsMax = Math.max(threadsMax, s.serverThreads());
        rssMax = Math.max(rssMax, s.serverRssBytes());
        int may = s.serverCpusAllowed() > 0 ? s.serverCpusAllowed() : s.hostCores();
        sat = may > 0 && s.serverCpuCores() >= ClientHostThresholds.SATURATED_FRACTION * may;
      }
      host.add(s.hostCpuBusyFraction(), w);
      if (!Double.isNaN(s.hostCpuBusyFraction())) {
        sat |= !server.sameHost() && s.hostCpuBusyFraction() >= ClientHostThresholds.SATURATED_FRACTION;
      }
      if (s.procsRunning() >= 0) {
        queue.add(s.procsRunning(), w);
      }
      for (int c = 0; c < s.coreBusyFractions().size(); c++) {
        if (coreBusy.size() == c) {
          coreBusy.add(new WeightedMean());
        }
        coreBusy.get(c).add(s.coreBusyFractions().get(c), w);
      }
      if (sat) {
        saturated += w;
      }
    }
    intervalsMicros.sort(null);
    long period = intervalsMicros.isEmpty() ? 0 : intervalsMicros.get(intervalsMicros.size() / 2); // the median
    List<Findings.InterfaceTraffic> traffic = new ArrayList<>();
    if (first != null && first != last) {
      for (ServerSample.InterfaceCounters a : first.network()) {
        for (ServerSample.InterfaceCounters b : last.network()) {
          if (a.name().equals(b.name()) && a.rxBytes() >= 0 && b.rxBytes() >= 0) {
            traffic.add(new Findings.InterfaceTraffic(a.name(), b.rxBytes() - a.rxBytes(), b.rxPackets() - a.rxPackets(),
                b.rxDroppedPackets() - a.rxDroppedPackets(), b.txBytes() - a.txBytes(), b.txPackets() - a.txPackets(),
                b.txDroppedPackets() - a.txDroppedPackets()));
          }
        }
      }
    }
    boolean judged = joined >= 2 && !host.isEmpty();
    if (!judged) {
      return new ServerHost(server.source(), server.file().toString(), server.sameHost(), server.clockWords(),
          server.clockUncertaintyNanos() / 1e3, server.samples().size(), joined, startEpochNanos, endEpochNanos, false,
          null, null, null, null, null, null, null, null, null, null, null, null, traffic, null, null,
          joined >= 2 ? ServerHostVerdict.NOT_JUDGED_NO_HOST_CPU : ServerHostVerdict.NOT_JUDGED_FEW_ROWS, seconds,
          period / 1_000);
    }
    double busiest = Double.NaN;
    for (WeightedMean core : coreBusy) {
      if (!core.isEmpty()) {
        busiest = Double.isNaN(busiest) ? core.mean() : Math.max(busiest, core.mean());
      }
    }
    boolean hasServer = !cpu.isEmpty();
    Double cpuMean = hasServer ? cpu.mean() : null;
    boolean bottleneck = saturated >= ClientHostThresholds.SATURATED_SHARE * seconds;
    // the sentence and its evidence are the renderer's (report.FindingsSentences.serverHost)
    ServerHostVerdict verdict = !bottleneck ? ServerHostVerdict.NOT_BOTTLENECK
        : hasServer && !server.sameHost() ? ServerHostVerdict.BOTTLENECK_SERVER_OR_HOST
        : hasServer ? ServerHostVerdict.BOTTLENECK_SERVER_CPU : ServerHostVerdict.BOTTLENECK_HOST_CPU;
    return new ServerHost(server.source(), server.file().toString(), server.sameHost(), server.clockWords(),
        server.clockUncertaintyNanos() / 1e3, server.samples().size(), joined, startEpochNanos, endEpochNanos, true,
        bottleneck, cpuMean, hasServer ? cpu.max() : null, hasServer && allowed > 0 ? allowed : null, cores,
        host.mean() * 100, host.max() * 100, Double.isNaN(busiest) ? null : busiest * 100, saturated,
        hasServer ? threadsMax : null, hasServer ? rssMax : null,
        queue.isEmpty() ? null : queue.mean(), traffic, null, null, verdict, seconds, period / 1_000);
  }

  /** Which host was the bottleneck, with both sides' figures; {@code serverUnknown} says why the server's is unknown. */
  static ClientHost hosts(ClientHost client, ServerHost server) {
    boolean clientJudged = client.judged() && client.bottleneck() != null;
    boolean serverJudged = server != null && server.judged();
    BottleneckHost which;
    if (clientJudged && serverJudged) {
      boolean c = client.bottleneck();
      boolean s = server.bottleneck();
      which = c && s ? BottleneckHost.BOTH : c ? BottleneckHost.CLIENT : s ? BottleneckHost.SERVER
          : BottleneckHost.NEITHER;
    } else {
      which = clientJudged ? BottleneckHost.SERVER_UNKNOWN : serverJudged ? BottleneckHost.CLIENT_UNKNOWN
          : BottleneckHost.UNKNOWN;
    }
    // the sentence, with both sides' figures, is the renderer's (report.FindingsSentences.bottleneck)
    return client.withHosts(which, null);
  }

  /** The intervals with the server's mean CPU and its host's per interval, from the rows stamped in each. */
  static List<Interval> intervals(List<Interval> intervals, List<ServerSample> samples, long originEpochNanos,
      long intervalNanos) {
    int n = intervals.size();
    WeightedMean[] cpu = new WeightedMean[n]; // each row weighs 1
    WeightedMean[] host = new WeightedMean[n];
    for (int i = 0; i < n; i++) {
      cpu[i] = new WeightedMean();
      host[i] = new WeightedMean();
    }
    for (ServerSample s : samples) {
      long offset = s.sampleEpochMicros() * 1_000 - originEpochNanos;
      if (offset < 0 || offset / intervalNanos >= n) {
        continue; // outside the run's intervals: never clamped into the first or last
      }
      int i = (int) (offset / intervalNanos);
      cpu[i].add(s.serverCpuCores(), 1);
      host[i].add(s.hostCpuBusyFraction() * 100, 1);
    }
    List<Interval> out = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      out.add(intervals.get(i).withServer(cpu[i].mean(), host[i].mean()));
    }
    return out;
  }
}
