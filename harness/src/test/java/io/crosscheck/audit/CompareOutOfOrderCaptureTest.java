package io.crosscheck.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.crosscheck.rundir.Findings;
import io.crosscheck.wire.TestCapture;
import io.crosscheck.wire.TestCapture.Frame;
import io.crosscheck.wire.WireStats;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Red team, issue 24 finding 12: {@code compare --pcap} of a capture out of time order. 20 exchanges of
 * 100 us each on 20 connections, written in order, with their timestamps reversed, shuffled, and cut before
 * the first connections' SYNs; what stdout says, the exit code, and findings.json's counters.
 */
class CompareOutOfOrderCaptureTest {
  private static final int CONNECTIONS = 20;
  private static final long WIRE_NANOS = 100_000;

  @TempDir Path dir;

  private record Compared(int exitCode, String stdout, WireStats wire, Findings findings) {}

  private Compared compare(String name, List<Frame> frames) throws IOException {
    Path pcap = TestCapture.write(dir.resolve(name + ".pcap"), frames);
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    CompareJob.Result r;
    try (PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
      r = CompareJob.wireOnly(pcap, dir.resolve("runs-" + name), 0, 90, List.of("compare", "--pcap", name),
          out);
    }
    return new Compared(r.exitCode(), bytes.toString(StandardCharsets.UTF_8), r.file().wire(), r.findings());
  }

  private static List<Frame> inOrder() {
    return TestCapture.oneExchangePerConnection(CONNECTIONS, WIRE_NANOS);
  }

  /**
   * Two replies the capture lost (their segments missing, the client's acknowledgements kept): the table
   * says how many bytes it lost and what that does, and no wire time is taken from those two exchanges.
   */
  @Test
  void bytesTheCaptureLostAreSaidAndGiveNoWireTime() throws IOException {
    List<Frame> frames = new ArrayList<>(inOrder());
    String reply = "HTTP/1.1 200 OK\r\nContent-Length: 1\r\n\r\nx"; // TestCapture's reply
    frames.remove(9 + 4); // connection 1's reply (9 frames per connection, the reply 5th)
    frames.remove(4); // connection 0's
    Compared c = compare("lossy", frames);
    assertTrue(c.stdout().contains(String.format("capture gaps:  %,d bytes that the peers acknowledged were never"
        + " captured", 2 * reply.length())), c.stdout());
    assertEquals(2L * reply.length(), c.wire().gapBytes());
    assertEquals(CONNECTIONS - 2, c.findings().latency().wireAllExchanges().count(), c.stdout());
  }

  @Test
  void inOrderTheWireTimesAreJudged() throws IOException {
    Compared c = compare("ordered", inOrder());
    assertEquals(0, c.exitCode(), c.stdout());
    assertEquals(CONNECTIONS, c.findings().latency().wireAllExchanges().count());
    assertEquals(100.0, c.findings().latency().wireAllExchanges().p50Micros(), 1e-9);
    assertEquals(0, c.wire().packetsBackInTime());
    assertFalse(c.stdout().contains("capture order:"), c.stdout());
    assertFalse(c.stdout().contains("wire coverage:"), c.stdout());
  }

  @Test
  void timestampsRunningBackwardsGiveNoNegativeWireTimeAndAreNotJudged() throws IOException {
    List<Frame> frames = inOrder();
    long mirror = frames.get(0).epochNanos() + frames.get(frames.size() - 1).epochNanos();
    List<Frame> reversed = frames.stream().map(f -> new Frame(mirror - f.epochNanos(), f.bytes())).toList();
    Compared c = compare("backwards", reversed);

    assertEquals(3, c.exitCode(), c.stdout());
    assertEquals(CONNECTIONS, c.wire().impossibleExchanges(), "every exchange's response precedes its request");
    assertEquals(CONNECTIONS, c.wire().connectionsBackInTime());
    assertEquals(frames.size() - 1, c.wire().packetsBackInTime());
    assertEquals(0, c.findings().latency().wireAllExchanges().count(), "no wire time, negative or other");
    assertTrue(c.stdout().contains("the capture is out of order: "), c.stdout());
    assertTrue(c.stdout().contains(String.format("capture order: %,d packets are earlier than one before them",
        frames.size() - 1)), c.stdout());
    assertTrue(c.stdout().contains("20 exchanges are impossible (response before request)"), c.stdout());
    // the reason given is the capture's order, not a matching floor that every record met
    assertTrue(c.stdout().contains("not supported: the capture's packets run backwards in time on a connection"),
        c.stdout());
    assertFalse(c.stdout().contains("below the"), c.stdout());
    assertEquals(Findings.VerdictKind.NOT_JUDGED, c.findings().connections().kind());
    assertFalse(c.stdout().contains("on the wire, every exchange"), c.stdout());
  }

  @Test
  void shuffledPacketsAreNotJudgedAndTheirCoverageLimitsArePrinted() throws IOException {
    List<Frame> shuffled = new ArrayList<>(inOrder());
    Collections.shuffle(shuffled, new Random(24));
    Compared c = compare("shuffled", shuffled);

    assertEquals(3, c.exitCode(), c.stdout());
    assertTrue(c.wire().dataSegmentsBackInTimeOnConnection() > 0, c.wire().toString());
    assertTrue(c.stdout().contains("sort it with reordercap and compare again"), c.stdout());
    WireStats w = c.wire();
    assertTrue(w.midConnectionStarts() > 0 && w.unmatchedResponses() > 0, w.toString());
    assertTrue(c.stdout().contains(String.format("wire coverage: limited: %,d of %,d connections began before the"
        + " capture", w.midConnectionStarts(), w.connections())), c.stdout());
    assertTrue(c.stdout().contains(String.format("%,d responses had no captured request", w.unmatchedResponses())),
        c.stdout());

    // what the message advises: sorted by timestamp (reordercap), the same packets give the truth back
    shuffled.sort(Comparator.comparingLong(Frame::epochNanos));
    Compared sorted = compare("sorted", shuffled);
    assertEquals(0, sorted.exitCode(), sorted.stdout());
    assertEquals(100.0, sorted.findings().latency().wireAllExchanges().p50Micros(), 1e-9);
  }

  @Test
  void aCaptureStartingMidConnectionSaysSoOnStdout() throws IOException {
    // begins after the first connection's request (its SYN, SYN-ACK, ACK and GET): its reply has no request
    List<Frame> frames = inOrder();
    Compared c = compare("late", frames.subList(4, frames.size()));
    assertEquals(0, c.exitCode(), c.stdout());
    assertEquals(1, c.wire().midConnectionStarts());
    assertEquals(1, c.wire().unmatchedResponses());
    assertTrue(c.stdout().contains("wire coverage: limited: 1 of 20 connections began before the capture (no SYN"
        + " captured: their first exchange may be cut, their connect time is unknown); 1 responses had no captured request"
        + " and are not counted as exchanges"), c.stdout());
  }
}
