package io.crosscheck.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.crosscheck.record.MalformedInputException;
import io.crosscheck.rundir.Findings;
import io.crosscheck.rundir.Findings.BottleneckHost;
import io.crosscheck.rundir.Findings.ClientHost;
import io.crosscheck.rundir.Findings.ServerHost;
import io.crosscheck.telemetry.ServerSample;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The server host's side joined by the wall clock, its verdict, and which host was the bottleneck. */
class ServerHostCheckTest {
  private static final long T0_EPOCH_NANOS = 1_795_000_000_000_000_000L;

  /** Rows every 100 ms from {@code fromMillis} (after T0) for {@code count} rows. */
  private static List<ServerSample> rows(long fromMillis, int count, double serverCores, double hostBusy) {
    List<ServerSample> out = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      long epochMicros = (T0_EPOCH_NANOS + (fromMillis + 100L * (i + 1)) * 1_000_000L) / 1_000;
      out.add(new ServerSample(epochMicros, i, 100_000, hostBusy, 2, 1, 0, 0.5, 1, serverCores, 0, 20,
          50_000_000, 1, List.of(hostBusy, hostBusy), List.of(
              new ServerSample.InterfaceCounters("cc0", 1_000L * i, 10L * i, 0, 2_000L * i, 20L * i, 0))));
    }
    return out;
  }

  private static ServerTelemetry telemetry(List<ServerSample> rows, boolean sameHost) {
    return new ServerTelemetry(Path.of("mon/server-telemetry.csv"), rows, "test", sameHost,
        sameHost ? 0 : ServerTelemetry.DEFAULT_CLOCK_UNCERTAINTY_NANOS);
  }

  private static ServerHost side(List<ServerSample> rows, boolean sameHost) {
    return ServerHostCheck.side(telemetry(rows, sameHost), T0_EPOCH_NANOS, T0_EPOCH_NANOS + 3_000_000_000L);
  }

  @Test
  void aServerUsingItsOneCoreIsTheBottleneckAndIdleOneIsNot() {
    ServerHost busy = side(rows(0, 30, 0.97, 0.6), false);
    assertTrue(busy.judged());
    assertEquals(true, busy.bottleneck(), busy.toString());
    assertEquals(Findings.ServerHostVerdict.BOTTLENECK_SERVER_OR_HOST, busy.verdict());
    assertEquals(3.0, busy.sampledSeconds(), 1e-9);
    assertEquals(100L, busy.samplePeriodMillis());
    assertEquals(30, busy.samples());
    assertEquals(0.97, busy.serverCpuCoresMean(), 1e-9);
    assertEquals(1, busy.serverCpusAllowed());
    assertEquals(60.0, busy.hostCpuBusyPercentMean(), 1e-9);
    assertEquals(0.97, busy.serverCpuCoresMax(), 1e-9);
    assertEquals(60.0, busy.hostCpuBusyPercentMax(), 1e-9);
    assertEquals(60.0, busy.busiestCorePercentMean(), 1e-9);
    assertEquals(1.0, busy.procsRunningMean(), 1e-9);
    assertEquals(3.0, busy.saturatedSeconds(), 1e-9);
    assertEquals(10_000.0, busy.clockUncertaintyMicros());
    assertTrue(busy.clock().contains("±10.0 ms"), busy.clock());
    assertEquals(List.of(new Findings.InterfaceTraffic("cc0", 29_000, 290, 0, 58_000, 580, 0)), busy.network());
    ServerHost idle = side(rows(0, 30, 0.2, 0.3), false);
    assertEquals(false, idle.bottleneck(), idle.toString());
    assertEquals(Findings.ServerHostVerdict.NOT_BOTTLENECK, idle.verdict());
    // not the bottleneck: server CPU mean 0.20 of 1 cores
    assertEquals(0.20, idle.serverCpuCoresMean(), 1e-9);
    assertEquals(1, idle.serverCpusAllowed());
  }

  @Test
  void aBusyHostCountsOnAnotherHostOnlyAndRowsOutsideTheWindowAreLeftOut() {
    List<ServerSample> rows = new ArrayList<>(rows(-5_000, 10, 0.2, 0.99)); // before the window
    rows.addAll(rows(0, 30, 0.2, 0.95));
    assertEquals(true, side(rows, false).bottleneck(), "another host that busy is the bottleneck");
    ServerHost same = side(rows, true);
    assertEquals(false, same.bottleneck(), "on the generator's own host its CPU is the generator's too: " + same);
    assertEquals(Findings.ServerHostVerdict.NOT_BOTTLENECK, same.verdict());
    assertEquals(30, same.samples(), "only the rows stamped in the window join");
    ServerHost none = side(rows(10_000, 30, 0.2, 0.3), false);
    assertFalse(none.judged());
    assertNull(none.bottleneck());
    // not judged: none of the file's 30 server-telemetry rows falls in the window
    assertEquals(0, none.samples(), none.toString());
    assertEquals(Findings.ServerHostVerdict.NOT_JUDGED_FEW_ROWS, none.verdict());
    assertEquals(30, none.samplesInFile());
  }

  @Test
  void intervalsGetTheServerCpuOfTheRowsStampedInThem() {
    Findings.Interval empty = new Findings.Interval(0, 0, 0, Double.NaN, Double.NaN, Double.NaN, 0, Double.NaN, 0, -1,
        -1, Double.NaN, 0, 0);
    List<ServerSample> rows = new ArrayList<>(rows(0, 9, 0.5, 0.25)); // 0.1..0.9 s: interval 0
    rows.addAll(rows(900, 10, 1.0, 0.75)); // 1.0..1.9 s: interval 1
    rows.addAll(rows(5_000, 5, 2.0, 1.0)); // after the intervals: dropped, never clamped into the last
    List<Findings.Interval> out = ServerHostCheck.intervals(List.of(empty, empty), rows, T0_EPOCH_NANOS, 1_000_000_000L);
    assertEquals(0.5, out.get(0).serverCpuCores(), 1e-9);
    assertEquals(25.0, out.get(0).serverHostCpuBusyPercent(), 1e-9);
    assertEquals(1.0, out.get(1).serverCpuCores(), 1e-9);
    assertEquals(75.0, out.get(1).serverHostCpuBusyPercent(), 1e-9);
  }

  @Test
  void whichHostIsJudgedOnlyWithBothSidesEvidence() {
    ClientHost busyClient = judged(true, 1.9, 2.0, 3.0, io.crosscheck.rundir.Findings.ClientHostVerdict.BOTTLENECK_CPU);
    ClientHost calmClient = judged(false, 0.3, 0.5, 0.0,
        io.crosscheck.rundir.Findings.ClientHostVerdict.NOT_BOTTLENECK);
    ServerHost busyServer = side(rows(0, 30, 0.97, 0.6), false);
    ServerHost calmServer = side(rows(0, 30, 0.2, 0.3), false);
    assertEquals(BottleneckHost.CLIENT, ServerHostCheck.hosts(busyClient, calmServer).bottleneckHost());
    assertEquals(BottleneckHost.SERVER, ServerHostCheck.hosts(calmClient, busyServer).bottleneckHost());
    assertEquals(BottleneckHost.BOTH, ServerHostCheck.hosts(busyClient, busyServer).bottleneckHost());
    ClientHost neither = ServerHostCheck.hosts(calmClient, calmServer);
    assertEquals(BottleneckHost.NEITHER, neither.bottleneckHost());
    // neither: generator CPU mean 0.30 of 2 cores vs server CPU mean 0.20 of 1 cores, its host 30.0 %
    assertEquals(0.30, neither.generatorCpuCoresMean(), 1e-9);
    assertEquals(2, neither.cpuCoresAvailable());
    assertEquals(0.20, calmServer.serverCpuCoresMean(), 1e-9);
    assertEquals(1, calmServer.serverCpusAllowed());
    assertEquals(30.0, calmServer.hostCpuBusyPercentMean(), 1e-9);
    assertNull(neither.hosts(), "the sentence is the renderer's, not findings.json's");
    ServerHost sameHost = side(rows(0, 30, 0.2, 0.95), true);
    ClientHost shared = ServerHostCheck.hosts(calmClient, sameHost);
    assertEquals(BottleneckHost.NEITHER, shared.bottleneckHost(), "on one host only the server's own CPU counts");
    // both ran on one host, whose CPU was 95.0 % busy: the generator and the server took turns on its cores
    assertTrue(sameHost.sameHost());
    assertEquals(95.0, sameHost.hostCpuBusyPercentMean(), 1e-9);
    ClientHost unknown = ServerHostCheck.hosts(busyClient, null);
    // the client host was the bottleneck (generator CPU mean 1.90 of 2 cores); the server side is unknown
    assertEquals(BottleneckHost.SERVER_UNKNOWN, unknown.bottleneckHost());
    assertEquals(true, unknown.bottleneck());
    assertEquals(1.90, unknown.generatorCpuCoresMean(), 1e-9);
    ServerHost notJudged = side(rows(10_000, 3, 0.2, 0.3), false);
    assertEquals(BottleneckHost.SERVER_UNKNOWN, ServerHostCheck.hosts(calmClient, notJudged).bottleneckHost());
  }

  @Test
  void samplesOfAnotherTimeAreRefusedNamingTheFileAndBothSpans() throws Exception {
    ServerTelemetry t = telemetry(rows(-3_600_000, 20, 0.5, 0.5), false); // an hour before the run
    MalformedInputException e = assertThrows(MalformedInputException.class,
        () -> t.requireOverlap(T0_EPOCH_NANOS, T0_EPOCH_NANOS + 3_000_000_000L, "the run R"));
    assertTrue(e.getMessage().startsWith("mon/server-telemetry.csv: its 20 rows span 2026-11-18T"), e.getMessage());
    assertTrue(e.getMessage().contains("the run R ran 2026-11-18T"), e.getMessage());
    assertTrue(e.getMessage().contains("no overlap, even with the assumed clock uncertainty of ±10.0 ms"), e.getMessage());
    telemetry(rows(-1_000, 20, 0.5, 0.5), false).requireOverlap(T0_EPOCH_NANOS, T0_EPOCH_NANOS + 3_000_000_000L, "R");
    MalformedInputException none = assertThrows(MalformedInputException.class,
        () -> telemetry(List.of(), false).requireOverlap(0, 1, "R"));
    assertTrue(none.getMessage().contains("no rows"), none.getMessage());
  }

  private static ClientHost judged(boolean bottleneck, double cpuMean, double cpuMax, double saturatedSeconds,
      io.crosscheck.rundir.Findings.ClientHostVerdict verdict) {
    return new ClientHost(true, bottleneck, null, 2, cpuMean, cpuMax, saturatedSeconds, null, null, null, bottleneck,
        null, null, verdict, null, null, 100.0, 3.0, 30, 31, 3.0, io.crosscheck.rundir.Findings.CoresSource.TELEMETRY,
        0, null, null, Findings.ClientHostThresholds.CURRENT);
  }
}
