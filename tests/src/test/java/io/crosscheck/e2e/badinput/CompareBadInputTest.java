package io.crosscheck.e2e.badinput;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.crosscheck.capture.CaptureReader;
import io.crosscheck.capture.LinkLayer;
import io.crosscheck.capture.LinkTypes;
import io.crosscheck.capture.PcapWriter;
import io.crosscheck.cli.Main;
import io.crosscheck.server.EmbeddedServer;
import io.crosscheck.server.ServerConfig;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code crosscheck compare RUN_DIR --pcap FILE} on damaged inputs, each derived from one real
 * audit (20 users x 5 requests against the embedded server, real capture on loopback): a cut
 * capture, garbage, a tshark pcapng with an unknown block spliced in, a capture without SYNs, a
 * capture cut by a 60-byte snap length, a missing run.json and a malformed requests.csv row.
 * Every call returns within {@link #CALL_BOUND}, with an exit code and a message a user can act
 * on, never a stack trace.
 */
class CompareBadInputTest {
  private static final Duration CALL_BOUND = Duration.ofSeconds(30);
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir static Path work;
  private static Path baseRun;
  private static JsonNode baseFindings;

  /** The result of one in-process CLI call: exit code, stdout, stderr. */
  private record Cli(int exitCode, String out, String err) {
    void assertNoStackTrace() {
      for (String stream : new String[] {out, err}) {
        assertFalse(stream.contains("\tat "), "no stack trace: " + stream);
        assertFalse(stream.contains("Exception in thread"), "no stack trace: " + stream);
        assertFalse(stream.contains("Exception:"), "no exception class shown: " + stream);
      }
    }
  }

  /** Runs the CLI in-process; stdout is System.out for the commands, so it is swapped briefly. */
  private static synchronized Cli cli(String... args) {
    return assertTimeoutPreemptively(CALL_BOUND, () -> {
      PrintStream realOut = System.out;
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      StringWriter err = new StringWriter();
      System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
      try {
        var commandLine = Main.commandLine();
        commandLine.setErr(new PrintWriter(err, true));
        int code = commandLine.execute(args);
        return new Cli(code, out.toString(StandardCharsets.UTF_8), err.toString());
      } finally {
        System.setOut(realOut);
      }
    }, () -> "crosscheck " + String.join(" ", args) + " did not return within " + CALL_BOUND);
  }

  @BeforeAll
  static void audit() throws Exception {
    Path runs = work.resolve("runs");
    try (EmbeddedServer server = EmbeddedServer.start(ServerConfig.defaults().withPort(0))) {
      Cli audit = cli("audit", "--target", server.baseUrl(), "--users", "20", "--sessions-per-user", "1",
          "--session-length", "fixed:5", "--out", runs.toString(), "--progress", "off");
      assertEquals(0, audit.exitCode, "audit: " + audit.err + audit.out);
    }
    try (Stream<Path> dirs = Files.list(runs)) {
      baseRun = dirs.filter(Files::isDirectory).findFirst().orElseThrow();
    }
    baseFindings = JSON.readTree(baseRun.resolve("findings.json").toFile());
    assertEquals(100, baseFindings.at("/findings/matching/records").asLong());
    assertTrue(baseFindings.at("/findings/matching/matched").asLong() >= 90,
        "the undamaged audit matches (nearly) everything: " + baseFindings.at("/findings/matching"));
  }

  /** A fresh copy of the audited run directory, so each case writes its own findings. */
  private static Path copyOfRun(String name) throws IOException {
    Path dir = Files.createDirectories(work.resolve("cases").resolve(name));
    try (Stream<Path> files = Files.list(baseRun)) {
      for (Path f : files.toList()) {
        Files.copy(f, dir.resolve(f.getFileName()));
      }
    }
    Files.delete(dir.resolve("findings.json"));
    return dir;
  }

  private static JsonNode compareOk(Path run, Path capture) throws IOException {
    return compare(run, capture, 0);
  }

  /** compare of {@code capture}, exiting with {@code exitCode}; its findings.json accounts for every record. */
  private static JsonNode compare(Path run, Path capture, int exitCode) throws IOException {
    Cli r = cli("compare", run.toString(), "--pcap", capture.toString());
    r.assertNoStackTrace();
    assertEquals(exitCode, r.exitCode, "exit code; stderr: " + r.err);
    assertTrue(r.out.contains("findings in"), r.out);
    JsonNode findings = JSON.readTree(run.resolve("findings.json").toFile());
    JsonNode matching = findings.at("/findings/matching");
    long accounted = matching.path("matched").asLong();
    for (JsonNode n : matching.path("unmatchedRecords")) {
      accounted += n.asLong();
    }
    assertEquals(100, accounted, "every record is matched or unmatched with a reason: " + matching);
    assertEquals(0, findings.at("/wire/internalErrors").asLong(), "no reconstructor defect");
    return findings;
  }

  @Test
  void captureCutMidRecordIsReadUpToTheCutWithAWarning() throws IOException {
    byte[] pcap = Files.readAllBytes(baseRun.resolve("capture.pcap"));
    List<Integer> records = pcapRecordOffsets(pcap);
    int cutRecord = records.get(records.size() * 2 / 3);
    Path cut = work.resolve("cut.pcap");
    Files.write(cut, Arrays.copyOf(pcap, cutRecord + 16 + 7)); // 7 bytes into the frame
    Path run = copyOfRun("cut");

    Cli r = cli("compare", run.toString(), "--pcap", cut.toString());

    r.assertNoStackTrace();
    assertEquals(0, r.exitCode, "stderr: " + r.err);
    String offset = String.format(Locale.ROOT, "%,d", cutRecord);
    assertTrue(r.out.contains("truncated at byte " + offset), "the warning names the cut record's offset "
        + offset + ": " + r.out);
    JsonNode findings = JSON.readTree(run.resolve("findings.json").toFile());
    assertEquals(records.size() * 2 / 3, findings.at("/capture/packets").asLong(), "every complete packet");
    assertTrue(findings.at("/capture/warnings/0").asText().contains("truncated at byte " + offset));
    assertTrue(findings.at("/findings/matching/matched").asLong() > 0, "the part before the cut matches");
  }

  @Test
  void garbageIsRefusedByName() throws IOException {
    Path garbage = work.resolve("garbage.pcap");
    byte[] bytes = new byte[4096];
    new Random(7).nextBytes(bytes);
    Files.write(garbage, bytes);
    Path empty = Files.write(work.resolve("empty.pcap"), new byte[0]);
    Path text = Files.writeString(work.resolve("notes.pcap"), "GET / HTTP/1.1\r\nHost: x\r\n\r\n");
    for (Path file : List.of(garbage, empty, text)) {
      Path run = copyOfRun("garbage-" + file.getFileName());
      Cli r = cli("compare", run.toString(), "--pcap", file.toString());
      r.assertNoStackTrace();
      assertEquals(2, r.exitCode, "a malformed input is bad input; stderr: " + r.err);
      assertTrue(r.err.contains(file.toString()), "names the file: " + r.err);
      assertTrue(r.err.contains("not a capture file"), "says what is wrong: " + r.err);
      assertFalse(Files.exists(run.resolve("findings.json")), "no findings from garbage");
    }
  }

  @Test
  void pcapngWithAnUnknownBlockIsReadAndTheBlockCounted() throws Exception {
    Path pcapng = tshark("pcapng", "-r", baseRun.resolve("capture.pcap").toString(), "-F", "pcapng");
    JsonNode plain = compareOk(copyOfRun("pcapng"), pcapng);
    assertEquals("pcapng", plain.at("/capture/format").asText());

    byte[] spliced = spliceUnknownBlocks(Files.readAllBytes(pcapng));
    Path withUnknown = Files.write(work.resolve("unknown-block.pcapng"), spliced);
    JsonNode findings = compareOk(copyOfRun("unknown-block"), withUnknown);

    assertEquals(plain.at("/capture/skippedBlocks").asLong() + 2, findings.at("/capture/skippedBlocks").asLong(),
        "both spliced blocks are counted");
    assertEquals(plain.at("/capture/packets").asLong(), findings.at("/capture/packets").asLong());
    assertEquals(baseFindings.at("/capture/packets").asLong(), findings.at("/capture/packets").asLong());
    assertEquals(baseFindings.at("/findings/matching/matched").asLong(),
        findings.at("/findings/matching/matched").asLong(), "matches as the original capture does");
  }

  @Test
  void captureWithoutSynsStartsEveryConnectionMidway() throws IOException {
    Path noSyn = rewrite("nosyn.pcap", 262_144, (data, offset, captured) -> !isSyn(data, offset, captured));
    JsonNode findings = compareOk(copyOfRun("nosyn"), noSyn);

    long connections = baseFindings.at("/wire/connections").asLong();
    assertEquals(0, baseFindings.at("/wire/midConnectionStarts").asLong());
    assertEquals(2 * connections, baseFindings.at("/capture/packets").asLong()
        - findings.at("/capture/packets").asLong(), "a SYN and a SYN-ACK removed per connection");
    assertEquals(connections, findings.at("/wire/midConnectionStarts").asLong(), "every connection starts midway");
    assertEquals(connections, findings.at("/wire/connections").asLong());
    assertEquals(baseFindings.at("/wire/exchanges").asLong(), findings.at("/wire/exchanges").asLong(),
        "no HTTP exchange needed the handshake");
    assertEquals(baseFindings.at("/findings/matching/matched").asLong(),
        findings.at("/findings/matching/matched").asLong(), "records still match their exchanges");
  }

  @Test
  void snapLengthOf60CutsEverySegmentAndIsCounted() throws IOException {
    Path snapped = rewrite("snap60.pcap", 60, (data, offset, captured) -> true);
    // no HTTP head survives 60 bytes: no exchange completes, so the findings support no verdict (exit 3)
    JsonNode findings = compare(copyOfRun("snap60"), snapped, 3);
    assertFalse(findings.at("/support/supported").asBoolean(true), findings.at("/support").toString());

    long packets = findings.at("/capture/packets").asLong();
    assertEquals(baseFindings.at("/capture/packets").asLong(), packets);
    assertEquals(packets, findings.at("/capture/truncatedPackets").asLong(), "every frame is longer than 60 bytes");
    assertTrue(findings.at("/wire/truncatedSegments").asLong() >= 100,
        "at least every request's segment is counted cut: " + findings.at("/wire"));
    assertEquals(baseFindings.at("/wire/connections").asLong(), findings.at("/wire/connections").asLong(),
        "connections are still seen (headers are within 60 bytes up to the TCP options)");
  }

  @Test
  void snapLengthThatKeepsTheHttpHeadsGivesTheSameFindings() throws IOException {
    Path snapped = rewrite("snap200.pcap", 200, (data, offset, captured) -> true);
    JsonNode findings = compareOk(copyOfRun("snap200"), snapped);

    assertTrue(findings.at("/wire/truncatedSegments").asLong() >= 100, "every 2 KB response is cut");
    for (String p : new String[] {"/findings/matching/matched", "/findings/responseTime/pairs"}) {
      assertEquals(baseFindings.at(p).asLong(), findings.at(p).asLong(), p);
    }
    assertEquals(baseFindings.at("/findings/responseTime/wireMeanMicros").asDouble(),
        findings.at("/findings/responseTime/wireMeanMicros").asDouble(), 0.001,
        "bodies are counted by sequence numbers, not by captured bytes");
  }

  @Test
  void missingRunJsonIsNamed() throws IOException {
    Path run = copyOfRun("no-run-json");
    Files.delete(run.resolve("run.json"));
    Cli r = cli("compare", run.toString(), "--pcap", baseRun.resolve("capture.pcap").toString());
    r.assertNoStackTrace();
    assertEquals(2, r.exitCode, "stderr: " + r.err);
    assertTrue(r.err.contains(run.toString()) && r.err.contains("run.json"), r.err);
  }

  @Test
  void malformedRequestsRowIsNamedByFileAndLine() throws IOException {
    Path run = copyOfRun("bad-row");
    Path csv = run.resolve("requests.csv");
    List<String> lines = new ArrayList<>(Files.readAllLines(csv));
    String[] row = lines.get(3).split(",", -1); // line 4 of the file
    row[10] = "soon"; // firstByteNanos
    lines.set(3, String.join(",", row));
    Files.write(csv, lines);

    Cli r = cli("compare", run.toString(), "--pcap", baseRun.resolve("capture.pcap").toString());

    r.assertNoStackTrace();
    assertEquals(2, r.exitCode, "a malformed input is bad input; stderr: " + r.err);
    assertTrue(r.err.contains("requests.csv:4"), "names file:line: " + r.err);
    assertTrue(r.err.contains("\"soon\"") || r.err.contains("soon"), "names the value: " + r.err);
  }

  // --- input builders -----------------------------------------------------------------------

  /** Byte offsets of the records of a classic pcap (24-byte header, 16-byte record headers). */
  private static List<Integer> pcapRecordOffsets(byte[] pcap) {
    ByteBuffer b = ByteBuffer.wrap(pcap);
    int magic = b.order(ByteOrder.LITTLE_ENDIAN).getInt(0);
    b.order(magic == 0xa1b2c3d4 || magic == 0xa1b23c4d ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN);
    List<Integer> offsets = new ArrayList<>();
    for (int at = 24; at + 16 <= pcap.length; at += 16 + b.getInt(at + 8)) {
      offsets.add(at);
    }
    return offsets;
  }

  private interface FrameFilter {
    boolean keep(byte[] data, int offset, int captured);
  }

  /** Reads the audit's capture and writes the frames {@code filter} keeps, cut to {@code snaplen}. */
  private static Path rewrite(String name, int snaplen, FrameFilter filter) throws IOException {
    Path out = work.resolve(name);
    try (PcapWriter writer = new PcapWriter(out, LinkTypes.ETHERNET, snaplen)) {
      CaptureReader.read(baseRun.resolve("capture.pcap"), (ts, link, data, offset, captured, original) -> {
        assertEquals(LinkTypes.ETHERNET, link, "loopback captures come as Ethernet frames");
        if (filter.keep(data, offset, captured)) {
          try {
            writer.write(ts, data, offset, captured, original);
          } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
          }
        }
      });
    }
    return out;
  }

  private static boolean isSyn(byte[] data, int offset, int captured) {
    int ip = LinkLayer.ipOffset(LinkTypes.ETHERNET, data, offset, captured);
    if (ip < 0 || (data[ip] & 0xf0) != 0x40 || data[ip + 9] != 6) {
      return false;
    }
    int tcp = ip + (data[ip] & 0x0f) * 4;
    return (data[tcp + 13] & 0x02) != 0;
  }

  /**
   * Inserts an unassigned block type (0x00004242, 12 bytes of body) after the third block and at
   * the end, in the section's byte order.
   */
  private static byte[] spliceUnknownBlocks(byte[] pcapng) {
    ByteBuffer b = ByteBuffer.wrap(pcapng);
    b.order(b.order(ByteOrder.LITTLE_ENDIAN).getInt(8) == 0x1a2b3c4d ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN);
    int at = 0;
    for (int i = 0; i < 3; i++) {
      at += b.getInt(at + 4);
    }
    ByteBuffer unknown = ByteBuffer.allocate(24).order(b.order());
    unknown.putInt(0x00004242).putInt(24).put("crosscheck!!".getBytes(StandardCharsets.US_ASCII)).putInt(24);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.write(pcapng, 0, at);
    out.writeBytes(unknown.array());
    out.write(pcapng, at, pcapng.length - at);
    out.writeBytes(unknown.array());
    return out.toByteArray();
  }

  /** Runs tshark with {@code args} writing {@code -w work/out.NAME}; skips the test without tshark. */
  private static Path tshark(String extension, String... args) throws Exception {
    assumeTrue(new File("/usr/bin/tshark").canExecute(), "tshark is not installed");
    Path out = work.resolve("tshark." + extension);
    List<String> command = new ArrayList<>(List.of("tshark", "-Q"));
    command.addAll(List.of(args));
    command.addAll(List.of("-w", out.toString()));
    Process p = new ProcessBuilder(command).redirectErrorStream(true)
        .redirectOutput(work.resolve("tshark.log").toFile()).start();
    assertTrue(p.waitFor(60, TimeUnit.SECONDS), "tshark finished");
    assertEquals(0, p.exitValue(), Files.readString(work.resolve("tshark.log")));
    return out;
  }
}
