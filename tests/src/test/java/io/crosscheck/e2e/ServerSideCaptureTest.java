package io.crosscheck.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.crosscheck.cli.Main;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * A capture taken on the server host (issue 25, deliverable 4): the generic server in a "server
 * host" namespace, {@code run} from a "client host" namespace, tcpdump on the link interface of
 * both; then {@code compare RUN --pcap server.pcap --capture-clock foreign} aligns the server's
 * capture to the generator's clock from the exchanges. The namespaces share one kernel clock, so
 * the true offset is 0 (up to the generator's own calibration of its monotonic clock), and a copy
 * of the server's capture with every timestamp moved by +2.5 s has a true offset of 2.5 s: the
 * estimate must lie within the printed uncertainty of the truth, and the figures must not move.
 * The error figures must agree with the client-side capture's within the path bound the alignment
 * states (the interval's width: a capture elsewhere puts the path both ways inside them).
 */
class ServerSideCaptureTest {
  private static final Pattern ALIGNED = Pattern.compile(
      "capture clock aligned to the generator's: offset ([-+][0-9.]+) us \\+/- ([0-9.]+) us from ([0-9,]+) exchanges");
  private static final double PRINTED_HALF_STEP_MICROS = 0.05 + 1e-9;
  private static final long SHIFT_NANOS = 2_500_000_000L;

  @Test
  void aServerSideCaptureIsAlignedAndAgreesWithTheClientSideOne(@TempDir Path dir) throws Exception {
    Path serverPcap = dir.resolve("server.pcap");
    Path clientPcap = dir.resolve("client.pcap");
    Path out = dir.resolve("runs");
    Files.createDirectories(out);
    Path run;
    try (TwoHosts hosts = TwoHosts.open();
        ChildCli server = ChildCli.startWrapped(hosts.onServer(0), dir.resolve("serve.out"), null,
            List.of("serve", "--bind", TwoHosts.SERVER_ADDRESS, "--port", "0"))) {
      int port = server.listeningPort(Duration.ofSeconds(120));
      Process onServer = tcpdump(hosts.onServer(0), serverPcap, port);
      Process onClient = tcpdump(hosts.onClient(), clientPcap, port);
      try {
        List<String> args = List.of("run", "--target", "http://" + TwoHosts.SERVER_ADDRESS + ":" + port,
            "--users", "8", "--think", "exp:20ms", "--urls", "/static/2k", "--duration", "4s", "--jit-warm-up", "0",
            "--layout", "shared", "--out", out.toString(), "--progress", "off");
        try (ChildCli load = ChildCli.startWrapped(hosts.onClient(), dir.resolve("run.out"), out, args)) {
          assertEquals(0, load.waitForExit(Duration.ofSeconds(180)), "run: " + load.output());
          run = load.runDirectory();
        }
        Thread.sleep(1_500); // tcpdump loses its last buffered block when stopped at once
      } finally {
        stop(onServer);
        stop(onClient);
      }
    }
    ObjectMapper json = new ObjectMapper();

    // the client-side capture, on the generator's host: its clock is the generator's
    ChildCli.Ended local = ChildCli.runToEnd(dir, Duration.ofSeconds(180), "compare", run.toString(), "--pcap",
        clientPcap.toString(), "--capture-clock", "local");
    assertEquals(0, local.exitCode(), local.output());
    JsonNode client = json.readTree(run.resolve("findings.json").toFile());
    JsonNode clientFindings = client.path("findings");
    long records = clientFindings.path("matching").path("records").asLong();
    assertTrue(records >= 100, "records: " + records);
    assertTrue(clientFindings.path("coverage").path("recordsMatchedPercent").asDouble() >= 99.9,
        "client side matched: " + clientFindings.path("coverage"));
    double calibrationMicros = clientFindings.path("clock").path("maxUncertaintyMicros").asDouble();

    // the server-side capture, aligned
    ChildCli.Ended foreign = ChildCli.runToEnd(dir, Duration.ofSeconds(180), "compare", run.toString(), "--pcap",
        serverPcap.toString(), "--capture-clock", "foreign");
    assertEquals(0, foreign.exitCode(), foreign.output());
    Matcher m = ALIGNED.matcher(foreign.output());
    assertTrue(m.find(), "the alignment is printed: " + foreign.output());
    double offsetMicros = Double.parseDouble(m.group(1));
    double uncertaintyMicros = Double.parseDouble(m.group(2));
    JsonNode serverFile = json.readTree(run.resolve("findings.json").toFile());
    JsonNode aligned = serverFile.path("captureClock");
    assertEquals("foreign", aligned.path("mode").asText(), "recorded in findings.json: " + aligned);
    // printed to 0.1 us: the stored figure rounds to the printed one (18.65 prints 18.7; 1e-9 for the binary fractions)
    assertEquals(offsetMicros, aligned.path("offsetMicros").asDouble(), PRINTED_HALF_STEP_MICROS);
    assertEquals(uncertaintyMicros, aligned.path("uncertaintyMicros").asDouble(), PRINTED_HALF_STEP_MICROS);
    JsonNode serverFindings = serverFile.path("findings");
    assertTrue(serverFindings.path("coverage").path("recordsMatchedPercent").asDouble() >= 99.9,
        "server side matched: " + serverFindings.path("coverage"));
    // one kernel clock: the truth is 0, known up to the generator's calibration of its monotonic clock
    assertTrue(Math.abs(offsetMicros) <= uncertaintyMicros + calibrationMicros, String.format(Locale.ROOT,
        "offset %+.1f us +/- %.1f us (calibration %.1f us) should hold 0", offsetMicros, uncertaintyMicros,
        calibrationMicros));
    double pathBoundMicros = aligned.path("pathBoundMicros").asDouble();
    double clientError = clientFindings.path("responseTime").path("absoluteErrorMicros").asDouble();
    double serverError = serverFindings.path("responseTime").path("absoluteErrorMicros").asDouble();
    double clientWire = clientFindings.path("responseTime").path("wireMeanMicros").asDouble();
    double serverWire = serverFindings.path("responseTime").path("wireMeanMicros").asDouble();
    System.out.printf(Locale.ROOT, "[server-side capture] %d records; offset %+.1f us +/- %.1f us; mean error"
            + " client side %+.1f us, server side %+.1f us (difference %.1f us; path bound %.1f us)%n", records,
        offsetMicros, uncertaintyMicros, clientError, serverError, serverError - clientError, pathBoundMicros);
    // the server's view lacks the path both ways: its error is larger, by no more than the path bound
    assertTrue(serverError - clientError >= -calibrationMicros && serverError - clientError <= pathBoundMicros,
        String.format(Locale.ROOT, "mean error client %+.1f us vs server %+.1f us: within the path bound %.1f us?",
            clientError, serverError, pathBoundMicros));
    assertTrue(clientWire - serverWire >= -calibrationMicros && clientWire - serverWire <= pathBoundMicros,
        String.format(Locale.ROOT, "wire mean client %.1f us vs server %.1f us", clientWire, serverWire));

    // the same capture with its clock 2.5 s ahead: auto finds it is not the generator's and aligns it
    Path shifted = dir.resolve("server-shifted.pcap");
    shiftTimestamps(serverPcap, shifted, SHIFT_NANOS);
    ChildCli.Ended moved = ChildCli.runToEnd(dir, Duration.ofSeconds(180), "compare", run.toString(), "--pcap",
        shifted.toString());
    assertEquals(0, moved.exitCode(), moved.output());
    Matcher ms = ALIGNED.matcher(moved.output());
    assertTrue(ms.find(), "auto aligns a capture 2.5 s off: " + moved.output());
    double shiftedOffsetMicros = Double.parseDouble(ms.group(1));
    double shiftedUncertaintyMicros = Double.parseDouble(ms.group(2));
    assertTrue(Math.abs(shiftedOffsetMicros - SHIFT_NANOS / 1e3) <= shiftedUncertaintyMicros + calibrationMicros,
        String.format(Locale.ROOT, "offset %+.1f us +/- %.1f us should hold the shift %+.1f us", shiftedOffsetMicros,
            shiftedUncertaintyMicros, SHIFT_NANOS / 1e3));
    assertEquals(uncertaintyMicros, shiftedUncertaintyMicros, 0.05, "the same bounds, moved");
    JsonNode movedFindings = json.readTree(run.resolve("findings.json").toFile()).path("findings");
    for (String figure : List.of("absoluteErrorMicros", "wireMeanMicros", "reportedMeanMicros")) {
      assertEquals(serverFindings.path("responseTime").path(figure).asDouble(),
          movedFindings.path("responseTime").path(figure).asDouble(), 0.01, figure + " unchanged by the shift");
    }
    for (String lag : List.of("sendLag", "receiveLag")) {
      assertEquals(serverFindings.path("lags").path(lag).path("meanMicros").asDouble(),
          movedFindings.path("lags").path(lag).path("meanMicros").asDouble(), 0.01, lag + " unchanged by the shift");
    }
    assertEquals(serverFindings.path("matching").path("matched").asLong(),
        movedFindings.path("matching").path("matched").asLong());

    // a mode that does not exist is refused before anything is read
    CommandLine cl = Main.commandLine();
    StringWriter err = new StringWriter();
    cl.setErr(new PrintWriter(err, true));
    assertEquals(2, cl.execute("compare", run.toString(), "--pcap", shifted.toString(), "--capture-clock",
        "sideways"));
    assertTrue(err.toString().contains("--capture-clock: \"sideways\": expected auto, local or foreign"), err.toString());
  }

  private static Process tcpdump(List<String> wrapper, Path pcap, int port) throws Exception {
    List<String> command = new ArrayList<>(wrapper);
    command.addAll(List.of("tcpdump", "-i", TwoHosts.INTERFACE, "-nn", "-U", "--time-stamp-precision=nano", "-s", "0",
        "-w", pcap.toString(), "tcp port " + port));
    Process p = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    CountDownLatch listening = new CountDownLatch(1);
    Thread reader = new Thread(() -> {
      try (BufferedReader in = new BufferedReader(new InputStreamReader(p.getErrorStream(), StandardCharsets.UTF_8))) {
        for (String line; (line = in.readLine()) != null; ) {
          if (line.contains("listening on")) {
            listening.countDown();
          }
        }
      } catch (IOException ended) {
        // tcpdump ended
      }
    }, "tcpdump-stderr");
    reader.setDaemon(true);
    reader.start();
    assertTrue(listening.await(20, TimeUnit.SECONDS), "tcpdump listening on " + TwoHosts.INTERFACE);
    return p;
  }

  private static void stop(Process p) throws InterruptedException {
    p.destroy();
    if (!p.waitFor(10, TimeUnit.SECONDS)) {
      p.destroyForcibly();
    }
  }

  /**
   * Copies a classic pcap file with every packet's timestamp moved by {@code shiftNanos}: the
   * 24-byte global header (its magic gives the byte order and whether the fraction is in
   * microseconds, a1b2c3d4, or nanoseconds, a1b23c4d), then per packet a 16-byte header (seconds,
   * fraction, captured length, original length) and the captured bytes.
   */
  static void shiftTimestamps(Path in, Path out, long shiftNanos) throws IOException {
    ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(in));
    int magic = b.order(ByteOrder.LITTLE_ENDIAN).getInt(0);
    if (magic != 0xa1b2c3d4 && magic != 0xa1b23c4d) {
      b.order(ByteOrder.BIG_ENDIAN);
      magic = b.getInt(0);
    }
    assertTrue(magic == 0xa1b2c3d4 || magic == 0xa1b23c4d, in + ": not a classic pcap");
    long perSecond = magic == 0xa1b23c4d ? 1_000_000_000L : 1_000_000L;
    long shift = shiftNanos / (1_000_000_000L / perSecond);
    int at = 24;
    while (at + 16 <= b.limit()) {
      long units = (b.getInt(at) & 0xffffffffL) * perSecond + (b.getInt(at + 4) & 0xffffffffL) + shift;
      b.putInt(at, (int) (units / perSecond));
      b.putInt(at + 4, (int) (units % perSecond));
      at += 16 + b.getInt(at + 8);
    }
    Files.write(out, b.array());
  }
}
