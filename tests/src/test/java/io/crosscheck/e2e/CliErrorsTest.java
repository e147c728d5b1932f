package io.crosscheck.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.crosscheck.cli.Main;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * Ordinary mistakes get one clear line (what, where, what was expected, what to do), the
 * documented exit code, no stack trace, and start nothing: issue 11's "Stack traces for ordinary
 * mistakes", "Nothing listening", "Silent acceptance" and "Messages" cases.
 */
@ChildJvmsProveBehaviour
class CliErrorsTest {
  /** What one in-process command printed on stderr and returned. */
  private record Ran(int exitCode, String err, long millis) {
    List<String> lines() {
      return err.lines().toList();
    }

    void assertNoStackTrace() {
      assertFalse(err.contains("\tat ") || err.contains("Exception"), "no stack trace, no exception name: " + err);
    }
  }

  private static Ran cli(String... args) {
    CommandLine cl = Main.commandLine();
    StringWriter err = new StringWriter();
    cl.setErr(new PrintWriter(err, true));
    long start = System.nanoTime();
    int code = cl.execute(args);
    return new Ran(code, err.toString(), (System.nanoTime() - start) / 1_000_000);
  }

  /** A loopback port where nothing listens (bound, then closed). */
  private static int closedPort() throws IOException {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }

  private static boolean empty(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return true;
    }
    try (Stream<Path> s = Files.list(dir)) {
      return s.findAny().isEmpty();
    }
  }

  @Test
  void runAndAuditRefuseATargetWhereNothingListensBeforeAnyLoad(@TempDir Path out) throws Exception {
    int port = closedPort();
    for (String command : List.of("run", "audit")) {
      Ran r = cli(command, "--target", "http://127.0.0.1:" + port, "--duration", "2s", "--out", out.toString(),
          "--progress", "off");
      assertEquals(2, r.exitCode(), r.err());
      assertEquals(List.of("crosscheck " + command + ": nothing listens on http://127.0.0.1:" + port
          + " (connection refused); start a server there (./crosscheck serve --port " + port
          + ", or serve --rubis --port " + port + ") or point --target at one"), r.lines());
      assertTrue(r.millis() < 5_000, "refused at once, not after the run: " + r.millis() + " ms");
      assertTrue(empty(out), "no run directory was made");
      System.out.println("[nothing listens] " + command + " refused in " + r.millis() + " ms, exit " + r.exitCode());
    }
  }

  @Test
  void anOutThatIsAFileAndAnOverlongNameAreRefusedUpFront(@TempDir Path out) throws Exception {
    Ran r = cli("run", "--out", "/dev/null", "--name", "a".repeat(300), "--duration", "1s", "--progress", "off");
    assertEquals(2, r.exitCode(), r.err());
    r.assertNoStackTrace();
    assertTrue(r.err().contains("  --out: \"/dev/null\": expected a directory to create run directories in"),
        r.err());
    assertTrue(r.err().contains("  --name: \"" + "a".repeat(40) + "... (300 bytes)\": expected a file name of"
        + " 1..200 bytes without '/'"), r.err());
  }

  @Test
  void aRepeatedOptionIsOneLineAndWhereToReadMoreNotTheWholeUsage() {
    Ran r = cli("run", "--duration", "1s", "--duration", "2s");
    assertEquals(2, r.exitCode(), r.err());
    assertEquals(List.of("crosscheck run: option '--duration' (DURATION) should be specified only once",
        "See 'crosscheck run --help'"), r.lines());
  }

  /** Issue 27's declarations: a bad value names its option and what was expected, and nothing starts. */
  @Test
  void aBadDeclaredWorkloadIsRefusedBeforeAnythingStarts(@TempDir Path out) throws Exception {
    Ran think = cli("audit", "--out", out.toString(), "--server", "127.0.0.1:9", "--expect-think", "exp:abc", "--",
        "java", "-version");
    assertEquals(2, think.exitCode(), think.err());
    assertTrue(think.err().contains("crosscheck audit: nothing was started:"), think.err());
    assertTrue(think.err().contains("--expect-think: \"exp:abc\""), think.err());
    Ran arrival = cli("audit", "--out", out.toString(), "--server", "127.0.0.1:9", "--expect-arrival", "100/s",
        "--expect-mix", "tpcw:buying", "--", "java", "-version");
    assertEquals(2, arrival.exitCode(), arrival.err());
    assertTrue(arrival.err().contains("--expect-arrival: \"100/s\": expected poisson:RATE or deterministic:RATE"),
        arrival.err());
    assertTrue(arrival.err().contains("--expect-mix: \"buying\": expected browsing, shopping or ordering"),
        arrival.err());
    Ran engine = cli("audit", "--target", "http://127.0.0.1:9", "--expect-think", "exp:1s", "--duration", "1s");
    assertEquals(2, engine.exitCode(), engine.err());
    assertTrue(engine.err().contains("--expect-think: \"given\": expected a generator's command after -- (or --pid)"),
        engine.err());
    Ran compare = cli("compare", "--pcap", out.resolve("none.pcap").toString(), "--expect-arrival", "poisson:0");
    assertEquals(2, compare.exitCode(), compare.err());
    assertTrue(compare.err().contains("--expect-arrival: \"poisson:0\": expected poisson:RATE with RATE > 0"),
        compare.err());
    for (Ran r : List.of(think, arrival, engine, compare)) {
      r.assertNoStackTrace();
    }
    assertTrue(empty(out), "no run directory: " + out);
  }

  @Test
  void valuesThatWereSilentlyAcceptedAreRefused() {
    Ran stack = cli("run", "--thread-stack", "-5", "--duration", "1s");
    assertEquals(2, stack.exitCode(), stack.err());
    assertTrue(stack.err().contains("  --thread-stack: \"-5\": expected an integer >= 0"), stack.err());
    Ran scale = cli("run", "--think-scale", "2", "--duration", "1s");
    assertEquals(2, scale.exitCode(), scale.err());
    assertTrue(scale.err().contains("  --think-scale: \"2.0\": expected --rubis [PROPERTIES] as well"), scale.err());
    Ran table = cli("run", "--rubis-table", "table.txt", "--duration", "1s");
    assertEquals(2, table.exitCode(), table.err());
    assertTrue(table.err().contains("  --rubis-table: \"table.txt\": expected --rubis [PROPERTIES] as well"),
        table.err());
    org.junit.jupiter.api.Assumptions.assumeTrue(networkInterface("eth0"), "this host has an eth0");
    Ran iface = cli("audit", "--interface", "eth0", "--target", "http://127.0.0.1:9", "--duration", "1s");
    assertEquals(2, iface.exitCode(), iface.err());
    assertTrue(iface.err().contains("--interface: \"eth0\": expected lo: 127.0.0.1 is an address of this host (the"
        + " kernel's route: local 127.0.0.1 dev lo "), iface.err());
    assertTrue(iface.err().contains("), so its traffic never crosses eth0"), iface.err());
  }

  @Test
  void aRubisRunSaysWhichValuesComeFromThePropertiesAndWhichFromTheOptions(@TempDir Path dir) throws Exception {
    Path props = dir.resolve("rubis.properties");
    try (java.io.InputStream in =
        io.crosscheck.rubis.RubisWorkload.class.getResourceAsStream("/io/crosscheck/rubis/crosscheck-default.properties")) {
      Files.copy(in, props);
    }
    int port;
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
      port = s.getLocalPort();
    }
    // the notice comes with the workload, before the probe refuses the closed port: no load starts
    Evidence.Compared run = Evidence.execute(List.of("run", "--rubis", props.toString(), "--duration", "2s",
        "--target", "http://127.0.0.1:" + port, "--out", dir.resolve("runs").toString(), "--progress", "off"));
    assertEquals(2, run.exitCode(), run.err());
    assertTrue(run.out().contains("crosscheck rubis: from the properties: 100 users, ramp-up 10 s, ramp-down 5 s;"
        + " from the options: target http://127.0.0.1:" + port + ", duration 2 s; the run lasts 17 s (ramp-up +"
        + " duration + ramp-down); --users, --ramp-up, --ramp-down override the file's values"), run.out());
  }

  private static boolean networkInterface(String name) {
    try {
      return java.net.NetworkInterface.getByName(name) != null;
    } catch (IOException e) {
      return false;
    }
  }

  @Test
  void servingOnAPortInUseIsOneLineWithWhatToDo() throws Exception {
    try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
      int port = taken.getLocalPort();
      for (String[] args : List.of(new String[] {"serve", "--port", "" + port},
          new String[] {"serve", "--rubis", "--port", "" + port})) {
        Ran r = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> cli(args));
        assertEquals(1, r.exitCode(), r.err());
        assertEquals(List.of("crosscheck serve: cannot listen on 127.0.0.1:" + port
            + ": bind(..) failed with error(-98): Address already in use; pick another --port (0 = any free port)"
            + " or stop what listens there"), r.lines(), String.join(" ", args));
      }
    }
  }

  /** A pcap file: little-endian microsecond header of {@code linkType}, then {@code records}. */
  private static Path pcap(Path file, int linkType, int records, int bytesEach) throws IOException {
    ByteBuffer b = ByteBuffer.allocate(24 + records * (16 + bytesEach)).order(ByteOrder.LITTLE_ENDIAN);
    b.putInt(0xa1b2c3d4).putShort((short) 2).putShort((short) 4).putInt(0).putInt(0).putInt(65535).putInt(linkType);
    for (int i = 0; i < records; i++) {
      b.putInt(i).putInt(0).putInt(bytesEach).putInt(bytesEach).put(new byte[bytesEach]);
    }
    Files.write(file, b.array());
    return file;
  }

  /** A little-endian pcapng file: section header, one interface of {@code linkType}, {@code records} packets. */
  private static byte[] pcapngOf(int linkType, int records, int bytesEach) {
    int packetBlock = 32 + (bytesEach + 3 & ~3);
    ByteBuffer b = ByteBuffer.allocate(28 + 20 + records * packetBlock).order(ByteOrder.LITTLE_ENDIAN);
    b.putInt(0x0A0D0D0A).putInt(28).putInt(0x1A2B3C4D).putShort((short) 1).putShort((short) 0).putLong(-1).putInt(28);
    b.putInt(1).putInt(20).putShort((short) linkType).putShort((short) 0).putInt(0).putInt(20);
    for (int i = 0; i < records; i++) {
      b.putInt(6).putInt(packetBlock).putInt(0).putInt(0).putInt(i).putInt(bytesEach).putInt(bytesEach)
          .put(new byte[bytesEach + 3 & ~3]).putInt(packetBlock);
    }
    return b.array();
  }

  @Test
  void aCaptureOfALinkTypeNotDecodedIsRefusedAndEmptyRecordsAreCounted(@TempDir Path dir) throws Exception {
    Path lt147 = pcap(dir.resolve("user0.pcap"), 147, 10, 60);
    Ran r = cli("compare", "--pcap", lt147.toString(), "--out", dir.resolve("runs").toString());
    assertEquals(2, r.exitCode(), r.err());
    assertEquals(List.of("crosscheck compare: " + lt147 + ": byte 20: link type 147 is not one crosscheck decodes:"
        + " no frame of it can be read as IP, so no HTTP exchange could be found; expected 0 (BSD loopback), 1"
        + " (Ethernet), 101 (raw IP), 108 (OpenBSD loopback), 113 (Linux cooked), 228 (IPv4), 229 (IPv6) or 276"
        + " (Linux cooked v2) (capture with tcpdump -i lo or -i eth0)"), r.lines());
    // the same link type in pcapng: the same exit and sentence, at its interface's link-type field (byte 36)
    Path ng = dir.resolve("user0.pcapng");
    Files.write(ng, pcapngOf(147, 10, 60));
    Ran rn = cli("compare", "--pcap", ng.toString(), "--out", dir.resolve("runs").toString());
    assertEquals(2, rn.exitCode(), rn.err());
    assertEquals(List.of(r.lines().get(0).replace(lt147.toString(), ng.toString()).replace("byte 20:", "byte 36:")),
        rn.lines());
    // the 1 GB of zero-length records, scaled down to 1 MiB: the same code path, counted
    Path zero = pcap(dir.resolve("zero.pcap"), 1, 65_536, 0);
    // in a child JVM: the warning goes to stdout
    ChildCli.Ended ran = ChildCli.runToEnd(dir, Duration.ofSeconds(60), "compare", "--pcap", zero.toString(),
        "--out", dir.resolve("runs").toString());
    assertEquals(3, ran.exitCode(), ran.output());
    assertTrue(ran.output().contains("capture:       " + zero + ": 65,536 of 65,536 packet records hold no bytes"
        + " (captured length 0): nothing in them could be read"), ran.output());
  }

  @Test
  void aRunDirectoryWithoutItsRequestsCsvIsNamedNotSilentlyWireOnly(@TempDir Path dir) throws Exception {
    Path run = Files.createDirectories(dir.resolve("r"));
    Files.writeString(run.resolve("run.json"), "{\"formatVersion\":2,\"status\":\"completed\",\"startTimeUtc\":"
        + "\"2026-11-23T00:00:00Z\",\"startEpochNanos\":0}\n");
    Path zero = pcap(dir.resolve("c.pcap"), 1, 1, 0);
    ChildCli.Ended ran = ChildCli.runToEnd(dir, Duration.ofSeconds(60), "compare", run.toString(), "--pcap",
        zero.toString());
    assertTrue(ran.output().contains("crosscheck: " + run.resolve("requests.csv") + ": missing (run.json says the run was"
        + " completed); without the run's records the analysis is the wire's alone"), ran.output());
    assertFalse(ran.output().contains("\tat "), ran.output());
  }
}
