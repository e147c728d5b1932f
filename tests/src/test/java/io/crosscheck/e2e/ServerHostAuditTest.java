package io.crosscheck.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import io.crosscheck.telemetry.ServerSample;
import io.crosscheck.telemetry.ServerTelemetryCsv;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 25, deliverable 3: the server host's pressure beside the generator's. A real server in a
 * process of its own ({@code crosscheck serve} in a child JVM on 127.0.0.1): {@code audit
 * --server-pid} samples it itself, {@code crosscheck monitor} (another child, as on a remote server
 * host) records the same window, and {@code compare --server-telemetry} joins that by the wall clock;
 * both give the server's CPU beside the error, and they agree. Bad server telemetry exits 2 naming
 * the file. A SIGKILLed monitor keeps its rows; {@code monitor --netns} samples a namespace's
 * processes and its own interfaces (the two-host testbed).
 */
class ServerHostAuditTest {
  private static final Duration START = Duration.ofSeconds(120);

  @Test
  void anAuditWithServerPidAndACompareOfAMonitorCsvBothSetServerCpuBesideTheError(@TempDir Path dir)
      throws Exception {
    try (ChildCli server = ChildCli.startAsGiven(dir.resolve("serve.out"), null, List.of("serve", "--port", "0"))) {
      int port = server.listeningPort(START);
      long pid = server.process.pid();
      Path mon = dir.resolve("mon");
      try (ChildCli monitor = ChildCli.startAsGiven(dir.resolve("monitor.out"), null,
          List.of("monitor", "--out", mon.toString(), "--pid", Long.toString(pid)))) {
        Path monCsv = mon.resolve(ServerTelemetryCsv.FILE);
        awaitLines(monCsv, 3, monitor);
        Path out = dir.resolve("runs");
        Evidence.Compared audit = Evidence.execute(List.of("audit", "--target", "http://127.0.0.1:" + port,
            "--server-pid", Long.toString(pid), "--users", "4", "--think", "exp:20ms", "--duration", "3s",
            "--jit-warm-up", "0", "--layout", "shared", "--urls", "/static/2k", "--out", out.toString(),
            "--progress", "off"));
        assertEquals(0, audit.exitCode(), audit.toString());
        awaitLines(monCsv, ChildCli.lineEnds(monCsv) + 2, monitor); // the monitor outlives the run
        assertEquals(143, monitor.terminate(), "SIGTERM ends the monitor (the JVM's exit status for it)");
        assertTrue(monitor.output().contains("crosscheck monitor: ") && monitor.output().contains(" rows over "),
            "a one-line summary after SIGTERM: " + monitor.output());
        Path run;
        try (Stream<Path> dirs = Files.list(out)) {
          run = dirs.filter(Files::isDirectory).findFirst().orElseThrow();
        }
        JsonNode f = Evidence.findings(run);
        assertTrue(f.path("coverage").path("recordsMatchedPercent").asDouble() >= 99.9, f.path("coverage").toString());
        JsonNode own = f.get("serverHost");
        assertTrue(own.get("judged").asBoolean(), own.toString());
        assertTrue(own.get("sameHost").asBoolean(), own.toString());
        assertEquals(0.0, own.get("clockUncertaintyMicros").asDouble());
        assertTrue(own.get("samples").asLong() >= 10, "3 s at 100 ms, even on a loaded host: " + own);
        double ownCpu = own.get("serverCpuCoresMean").asDouble();
        assertTrue(ownCpu > 0 && ownCpu <= own.get("hostCores").asInt(), own.toString());
        assertTrue(own.get("serverThreadsMax").asInt() > 5, "a JVM server has threads: " + own);
        assertTrue(own.get("source").asText().contains("process " + pid), own.toString());
        assertTrue(Set.of("NOT_BOTTLENECK", "BOTTLENECK_SERVER_CPU").contains(own.get("verdict").asText()),
            own.toString());
        assertEquals(own.get("bottleneck").asBoolean(), !own.get("verdict").asText().equals("NOT_BOTTLENECK"));
        assertTrue(own.get("sampledSeconds").asDouble() >= 1.0 && own.get("samplePeriodMillis").asLong() >= 50,
            own.toString());
        assertFalse(own.has("statement") || own.has("evidence"), "the sentences are the renderer's: " + own);
        long withServerCpu = 0;
        for (JsonNode i : f.get("intervals")) {
          if (i.path("serverCpuCores").isNumber()) {
            withServerCpu++;
          }
        }
        assertTrue(withServerCpu >= 2, "server CPU per interval beside the error: " + f.get("intervals"));
        String which = f.get("clientHost").get("bottleneckHost").asText();
        assertTrue(Set.of("client", "server", "both", "neither").contains(which), f.get("clientHost").toString());
        assertTrue(audit.out().contains("server host:") && audit.out().contains("bottleneck:")
            && audit.out().contains("srvCores"), audit.out());
        JsonNode urls = f.get("urls");
        assertTrue(urls.get("pairs").asLong() > 0 && urls.get("pairs").asLong() <= urls.get("records").asLong()
            && urls.get("urlGroups").asInt() == urls.get("groups").size() && !urls.has("statement"), urls.toString());
        assertEquals("JUDGED", f.get("coverage").get("state").asText(), f.get("coverage").toString());
        assertEquals(0, f.get("coverage").get("sentAfterCapture").asLong(), f.get("coverage").toString());
        String html = Files.readString(run.resolve("report.html"), StandardCharsets.UTF_8);
        assertTrue(html.contains("\"serverHost\"") && html.contains("serverCpuCores")
            && html.contains("\"serverHostEvidence\""), "the report carries them and their sentences");

        // the other host's view: the monitor's CSV joined by the wall clock
        Evidence.Compared joined = Evidence.compare(run.toString(), "--server-telemetry", monCsv.toString());
        assertEquals(0, joined.exitCode(), joined.toString());
        JsonNode remote = Evidence.findings(run).get("serverHost");
        assertTrue(remote.get("judged").asBoolean(), remote.toString());
        assertEquals(false, remote.get("sameHost").asBoolean());
        assertEquals(10_000.0, remote.get("clockUncertaintyMicros").asDouble());
        assertTrue(remote.get("clock").asText().contains("±10.0 ms"), remote.toString());
        assertTrue(Set.of("NOT_BOTTLENECK", "BOTTLENECK_SERVER_OR_HOST").contains(remote.get("verdict").asText()),
            remote.toString());
        double remoteCpu = remote.get("serverCpuCoresMean").asDouble();
        assertEquals(ownCpu, remoteCpu, 0.1 + 0.3 * ownCpu,
            "two samplers of the same process over the same window agree: " + own + " vs " + remote);
        System.out.printf(Locale.ROOT, "[server host] audit --server-pid: %s | monitor CSV joined: %s | %s%n",
            own.get("verdict").asText(), remote.get("verdict").asText(), f.get("clientHost").get("bottleneckHost").asText());

        badInputs(dir, run, monCsv);
      }
    }
  }

  /** Missing, foreign, malformed and out-of-window server telemetry: exit 2, the file (and line) named. */
  private static void badInputs(Path dir, Path run, Path monCsv) throws Exception {
    Path missing = dir.resolve("absent.csv");
    assertExit2(Evidence.compare(run.toString(), "--server-telemetry", missing.toString()), missing + ": no such file");
    Path telemetry = run.resolve("telemetry.csv");
    assertExit2(Evidence.compare(run.toString(), "--server-telemetry", telemetry.toString()),
        telemetry + ":1: header \"sampleNanos,");
    List<String> lines = Files.readAllLines(monCsv, StandardCharsets.UTF_8);
    List<String> broken = new ArrayList<>(lines);
    broken.set(2, broken.get(2).replaceFirst(",", ",x"));
    Path malformed = Files.write(dir.resolve("malformed.csv"), broken, StandardCharsets.UTF_8);
    assertExit2(Evidence.compare(run.toString(), "--server-telemetry", malformed.toString()),
        malformed + ":3: field 2 (sampleNanos)");
    // the same rows an hour earlier: recorded at another time than the run
    List<String> shifted = new ArrayList<>(List.of(lines.get(0)));
    for (String l : lines.subList(1, lines.size())) {
      int comma = l.indexOf(',');
      shifted.add((Long.parseLong(l.substring(0, comma)) - 3_600_000_000L) + l.substring(comma));
    }
    Path early = Files.write(dir.resolve("early.csv"), shifted, StandardCharsets.UTF_8);
    assertExit2(Evidence.compare(run.toString(), "--server-telemetry", early.toString()),
        early + ": its " + (lines.size() - 1) + " rows span ");
    Evidence.Compared bad = Evidence.compare(run.toString(), "--server-telemetry", early.toString());
    assertTrue(bad.err().contains("no overlap, even with the assumed clock uncertainty of ±10.0 ms"), bad.toString());
  }

  private static void assertExit2(Evidence.Compared c, String expected) {
    assertEquals(2, c.exitCode(), c.toString());
    assertTrue(c.err().contains(expected), "expected \"" + expected + "\" in: " + c);
  }

  @Test
  void aServerThatIsNotThereStopsTheAuditBeforeAnythingStarts(@TempDir Path dir) throws Exception {
    Path out = dir.resolve("runs");
    Evidence.Compared nsMissing = Evidence.execute(List.of("audit", "--target", "http://127.0.0.1:9", "--server-netns",
        "cc-no-such-ns", "--duration", "1s", "--out", out.toString(), "--progress", "off"));
    assertExit2(nsMissing, "--server-netns: \"cc-no-such-ns\": expected a network namespace of this host");
    Process gone = new ProcessBuilder("true").start();
    gone.waitFor();
    Evidence.Compared pidGone = Evidence.execute(List.of("audit", "--target", "http://127.0.0.1:9", "--server-pid",
        Long.toString(gone.pid()), "--duration", "1s", "--out", out.toString(), "--progress", "off"));
    assertExit2(pidGone, "--server-pid: \"" + gone.pid() + "\": expected a running process of this host");
    assertTrue(!Files.exists(out) || Files.list(out).findAny().isEmpty(), "no run directory was made");
  }

  @Test
  void aKilledMonitorKeepsEveryCompleteRow(@TempDir Path dir) throws Exception {
    Path mon = dir.resolve("mon");
    Path csv = mon.resolve(ServerTelemetryCsv.FILE);
    try (ChildCli monitor = ChildCli.startAsGiven(dir.resolve("monitor.out"), null,
        List.of("monitor", "--out", mon.toString(), "--period", "20ms"))) {
      awaitLines(csv, 20, monitor);
      monitor.kill(); // SIGKILL: no hook, no summary
      long complete = ChildCli.lineEnds(csv) - 1;
      List<ServerSample> rows = ServerTelemetryCsv.read(csv);
      assertEquals(complete, rows.size(), "every complete line is a row; a torn last one is dropped");
      assertTrue(rows.size() >= 19, rows.size() + " rows");
      assertTrue(rows.stream().allMatch(r -> r.serverProcesses() == -1), "a host-only monitor: no server column");
      // host CPU in every row but one whose interval saw no tick of /proc/stat's 10 ms clock: a sample the
      // fixed-rate sampler took right after a late one on a busy host (CI: twice at a load average of 15-29)
      List<ServerSample> noHostCpu = rows.stream().filter(r -> Double.isNaN(r.hostCpuBusyFraction())).toList();
      assertTrue(noHostCpu.stream().allMatch(r -> r.intervalMicros() < 15_000),
          "host CPU unknown only over an interval shorter than the 20 ms period: " + noHostCpu);
      assertTrue(noHostCpu.size() * 4 <= rows.size(), "host CPU in most rows: " + noHostCpu.size() + " of " + rows.size());
      assertTrue(!monitor.output().contains(" rows over "), "no summary after SIGKILL: " + monitor.output());
    }
  }

  @Test
  void monitorNetnsSamplesTheNamespacesProcessesAndItsOwnInterfaces(@TempDir Path dir) throws Exception {
    try (TwoHosts hosts = TwoHosts.open()) {
      List<String> serve = new ArrayList<>(hosts.onServer(0));
      serve.addAll(List.of("perl", "-MIO::Socket::INET", "-e", "alarm 120; my $s = IO::Socket::INET->new(LocalAddr => '"
          + TwoHosts.SERVER_ADDRESS + "', LocalPort => 8098, Listen => 1, ReuseAddr => 1) or die $!; $| = 1;"
          + " print \"up\\n\"; my $c = $s->accept; my $n = 0; while (my $r = sysread($c, my $b, 65536)) { $n += $r }"
          + " print \"got $n\\n\"; sleep 60;"));
      Process server = new ProcessBuilder(serve).redirectErrorStream(true).start();
      try {
        assertEquals("up\n", new String(server.getInputStream().readNBytes(3), StandardCharsets.US_ASCII));
        Path mon = dir.resolve("mon");
        Path csv = mon.resolve(ServerTelemetryCsv.FILE);
        try (ChildCli monitor = ChildCli.startAsGiven(dir.resolve("monitor.out"), null,
            List.of("monitor", "--out", mon.toString(), "--netns", hosts.serverNamespace()))) {
          awaitLines(csv, 3, monitor);
          Process send = new ProcessBuilder(withAll(hosts.onClient(), "perl", "-MIO::Socket::INET", "-e",
              "my $c = IO::Socket::INET->new(PeerAddr => '" + TwoHosts.SERVER_ADDRESS + "', PeerPort => 8098,"
                  + " Timeout => 5) or die $!; print $c ('x' x 1048576); close $c;")).redirectErrorStream(true).start();
          assertTrue(send.waitFor(60, java.util.concurrent.TimeUnit.SECONDS) && send.exitValue() == 0);
          String got = new String(server.getInputStream().readNBytes(12), StandardCharsets.US_ASCII);
          assertEquals("got 1048576\n", got);
          awaitLines(csv, ChildCli.lineEnds(csv) + 3, monitor);
          assertEquals(143, monitor.terminate(), monitor.output());
        }
        String header = Files.readAllLines(csv, StandardCharsets.UTF_8).get(0);
        Set<String> interfaces = Stream.of(header.split(",")).filter(c -> c.endsWith(":rxBytes"))
            .map(c -> c.substring(0, c.indexOf(':'))).collect(Collectors.toSet());
        assertEquals(Set.of("lo", TwoHosts.INTERFACE), interfaces, "the namespace's interfaces, not the host's");
        List<ServerSample> rows = ServerTelemetryCsv.read(csv);
        assertTrue(rows.stream().allMatch(r -> r.serverProcesses() == 1 && r.serverThreads() == 1),
            "the namespace's one process (the perl server) in every row: " + rows.stream()
                .map(r -> r.serverProcesses() + "/" + r.serverThreads()).toList());
        long received = cc0(rows.get(rows.size() - 1)).rxBytes() - cc0(rows.get(0)).rxBytes();
        assertTrue(received >= 1_048_576, "the 1 MiB sent crossed the namespace's link: " + received + " bytes");
        System.out.printf(Locale.ROOT, "[server host] monitor --netns %s: %d rows, %s received %,d bytes%n",
            hosts.serverNamespace(), rows.size(), TwoHosts.INTERFACE, received);
      } finally {
        server.destroyForcibly();
      }
    }
  }

  private static ServerSample.InterfaceCounters cc0(ServerSample s) {
    return s.network().stream().filter(n -> n.name().equals(TwoHosts.INTERFACE)).findFirst().orElseThrow();
  }

  private static List<String> withAll(List<String> wrapper, String... command) {
    List<String> all = new ArrayList<>(wrapper);
    all.addAll(List.of(command));
    return all;
  }

  /** Waits until {@code csv} holds at least {@code lines} line ends (the header is one). */
  private static void awaitLines(Path csv, long lines, ChildCli child) throws Exception {
    long until = System.nanoTime() + START.toNanos();
    while (System.nanoTime() < until && child.process.isAlive()) {
      if (Files.exists(csv) && ChildCli.lineEnds(csv) >= lines) {
        return;
      }
      Thread.sleep(20);
    }
    fail(csv + " did not reach " + lines + " lines (alive " + child.process.isAlive() + "): " + child.output());
  }
}
