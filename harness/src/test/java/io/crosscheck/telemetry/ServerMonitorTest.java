package io.crosscheck.telemetry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The server-host sampler against real processes: a CPU-bound perl loop (its CPU in the CSV adds up
 * to what its own /proc/PID/stat says it used) and a python process with a known number of threads.
 * Every child ends by itself (alarm / sleep) if the test dies; no assertion depends on the machine
 * being idle.
 */
class ServerMonitorTest {
  private static final long TICKS_PER_SECOND = ProcCpu.clockTicksPerSecond();

  /** utime + stime of {@code pid} in ticks. */
  private static long cpuTicks(long pid) throws Exception {
    String s = Files.readString(Path.of("/proc", Long.toString(pid), "stat"), StandardCharsets.US_ASCII);
    String[] f = s.substring(s.lastIndexOf(')') + 2).split(" ");
    return Long.parseLong(f[14 - 3]) + Long.parseLong(f[15 - 3]);
  }

  @Test
  void aBusyProcessCpuAddsUpToItsOwnCountersAndStaysWithinItsCores(@TempDir Path dir) throws Exception {
    Process busy = new ProcessBuilder("perl", "-e", "alarm 60; 1 while 1").start();
    try {
      Thread.sleep(200);
      long before = cpuTicks(busy.pid());
      Path csv = dir.resolve(ServerTelemetryCsv.FILE);
      ServerMonitor m = ServerMonitor.start(csv, new ServerMonitor.Selection(List.of(busy.pid()), null),
          TimeUnit.MILLISECONDS.toNanos(100));
      Thread.sleep(2_000);
      ServerMonitor.Summary summary = m.stop();
      long after = cpuTicks(busy.pid());
      List<ServerSample> rows = ServerTelemetryCsv.read(csv);
      assertEquals(summary.rows(), rows.size(), summary.line());
      assertTrue(rows.size() >= 10, "at least 10 rows in 2 s at 100 ms, even on a loaded host: " + summary.line());
      double cpuSeconds = 0;
      long previousEpoch = 0;
      for (ServerSample r : rows) {
        assertEquals(1, r.serverProcesses(), "the process is read in every row");
        assertEquals(1, r.serverThreads(), "perl's loop has one thread");
        assertTrue(r.serverRssBytes() > 100_000, "RSS is a resident size in bytes: " + r.serverRssBytes());
        assertTrue(r.serverCpusAllowed() >= 1 && r.serverCpusAllowed() <= r.hostCores(), r.toString());
        assertTrue(r.serverCpuCores() >= 0 && r.serverCpuCores() <= r.serverCpusAllowed() + 0.25,
            "a single-threaded process uses at most its cores (+ one tick per row): " + r);
        assertTrue(r.hostCpuBusyFraction() >= 0 && r.hostCpuBusyFraction() <= 1, r.toString());
        assertEquals(r.hostCores(), r.coreBusyFractions().size());
        assertTrue(r.sampleEpochMicros() > previousEpoch, "wall-clock stamps advance");
        previousEpoch = r.sampleEpochMicros();
        cpuSeconds += r.serverCpuCores() * r.intervalMicros() / 1e6;
      }
      // the rows' CPU covers the process's CPU between the test's two reads, to the ticks at either end
      double measured = (after - before) / (double) TICKS_PER_SECOND;
      assertEquals(measured, cpuSeconds, 3.0 / TICKS_PER_SECOND + 0.02,
          "CPU seconds in the CSV vs /proc/PID/stat over the same span: " + summary.line());
      assertTrue(cpuSeconds > 0.05, "a busy loop got some CPU in 2 s: " + cpuSeconds + " s; " + summary.line());
      System.out.printf("[server monitor] busy perl: %.3f s CPU in the CSV, %.3f s by /proc/PID/stat; %s%n",
          cpuSeconds, measured, summary.line());
    } finally {
      busy.destroyForcibly();
    }
  }

  @Test
  void threadsAreCountedAndAProcessThatExitsLeavesTheRows(@TempDir Path dir) throws Exception {
    Process threaded = new ProcessBuilder("python3", "-c", "import threading, time, sys\n"
        + "for _ in range(7): threading.Thread(target=time.sleep, args=(60,), daemon=True).start()\n"
        + "print('ready', flush=True)\n"
        + "time.sleep(float(sys.argv[1]))\n", "1.5").start();
    try {
      assertEquals("ready", new String(threaded.getInputStream().readNBytes(5), StandardCharsets.US_ASCII));
      Path csv = dir.resolve(ServerTelemetryCsv.FILE);
      ServerMonitor m = ServerMonitor.start(csv, new ServerMonitor.Selection(List.of(threaded.pid()), null),
          TimeUnit.MILLISECONDS.toNanos(100));
      assertTrue(threaded.waitFor(30, TimeUnit.SECONDS));
      Thread.sleep(500);
      ServerMonitor.Summary summary = m.stop();
      List<ServerSample> rows = ServerTelemetryCsv.read(csv);
      List<ServerSample> alive = rows.stream().filter(r -> r.serverProcesses() == 1).toList();
      assertTrue(alive.size() >= 3, "rows while it ran: " + rows.size() + "; " + summary.line());
      alive.forEach(r -> assertEquals(8, r.serverThreads(), "the main thread and 7 sleepers: " + r));
      ServerSample last = rows.get(rows.size() - 1);
      assertEquals(0, last.serverProcesses(), "after its exit a row says no server process: " + last);
      assertTrue(Double.isNaN(last.serverCpuCores()));
      assertTrue(summary.problems().stream().anyMatch(p -> p.contains("found no server process")), summary.line());
      assertEquals(8, summary.serverThreadsMax());
    } finally {
      threaded.destroyForcibly();
    }
  }

  @Test
  void aZombieOrDeadProcessCountsAsExitedNotAsAServerTearingDown() {
    String head = "Name:\tpython3\nUmask:\t0022\nState:\t";
    assertTrue(ServerProc.exiting(head + "Z (zombie)\nTgid:\t42\nThreads:\t2\n"));
    assertTrue(ServerProc.exiting(head + "X (dead)\nThreads:\t1\n"));
    for (String live : List.of("S (sleeping)", "R (running)", "D (disk sleep)", "T (stopped)")) {
      assertFalse(ServerProc.exiting(head + live + "\nThreads:\t8\nVmRSS:\t13708 kB\n"), live);
    }
  }
}
