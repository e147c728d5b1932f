package io.crosscheck.e2e.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.crosscheck.e2e.EmbeddedServerExtension;
import io.crosscheck.wire.WireExchange;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Pipelined requests and server resets, captured on lo and reconstructed by us and by tshark:
 * pipelining flags, notes, counts and every {@code http.time} agree.
 */
class TsharkPipeliningAndResetTest {
  private static final List<String> BURST =
      List.of("/static/100", "/static/2k", "/chunked/4k", "/static/16k", "/fault/status/404");
  private static final int CONNECTIONS = 40;
  private static final int BURSTS = 6;

  @RegisterExtension
  static final EmbeddedServerExtension server = new EmbeddedServerExtension()
      .assuming(Tshark::available, "tshark is not installed");

  /**
   * tshark 4.0 does not pair pipelined requests and responses in order: it pairs a response with
   * the latest request seen before it, and pairs each request at most once. With five requests in
   * one frame, only the burst's first reply gets an {@code http.time} (which is then right); the
   * others get none, yet are counted as responses.
   */
  @Test
  void pipelinedBurstsInOneWriteAreFlaggedAndAgreeWithTshark(@TempDir Path dir) throws Exception {
    Tshark.Result theirs = pipelined(dir, true);
    assertEquals(CONNECTIONS * BURSTS, theirs.timed().size(), "tshark times one reply per burst");
  }

  /**
   * With one write per request, tshark times the first reply of a burst from the burst's LAST
   * request (a wrong pairing, see above): the test checks that tshark's figure is exactly our
   * instants under tshark's pairing, and that our own pairing keeps requests in order.
   */
  @Test
  void pipelinedRequestsInSeparateWritesAgreeWithTsharkUnderItsPairing(@TempDir Path dir)
      throws Exception {
    pipelined(dir, false);
  }

  private static Tshark.Result pipelined(Path dir, boolean oneWrite) throws Exception {
    int port = server.port();
    Path pcap = dir.resolve(oneWrite ? "pipelined-one-write.pcap" : "pipelined-writes.pcap");
    Captures.capture(port, 65_535, pcap, () -> {
      for (int c = 0; c < CONNECTIONS; c++) {
        try (RawHttpClient client = new RawHttpClient(port)) {
          for (int b = 0; b < BURSTS; b++) {
            if (oneWrite) {
              client.send(BURST);
            } else {
              client.sendEach(BURST);
            }
            for (int i = 0; i < BURST.size(); i++) {
              assertTrue(client.readResponse() > 0, "reply " + i + " of burst " + b);
            }
          }
        }
      }
    });
    Reconstruction ours = Reconstruction.of(pcap, port);
    int requests = CONNECTIONS * BURSTS * BURST.size();
    assertEquals(requests, ours.exchanges().size());
    assertEquals(requests, ours.complete());
    long pipelined = 0;
    Map<String, WireExchange> previous = new HashMap<>();
    for (WireExchange e : ours.exchanges()) {
      // the definition, checked against the capture's own instants
      WireExchange before = previous.put(e.connectionId() + "@" + e.connectionOpenEpochNanos(), e);
      assertEquals(before == null ? 0 : before.requestIndex() + 1, e.requestIndex(), "order");
      assertEquals(before != null && e.requestStartEpochNanos() < before.lastResponseByteEpochNanos(),
          e.pipelined(), "pipelined: started before the previous response ended: " + e);
      int inBurst = e.requestIndex() % BURST.size();
      assertEquals(BURST.get(inBurst), e.url(), "order of " + e);
      if (oneWrite) {
        assertEquals(inBurst != 0, e.pipelined(), "pipelined flag of " + e);
      } else {
        assertTrue(inBurst != 0 || !e.pipelined(), "a burst's first request is not pipelined: " + e);
      }
      pipelined += e.pipelined() ? 1 : 0;
    }
    System.out.println("[tshark agreement] pipelined " + pipelined + " of " + requests
        + (oneWrite ? " (one write per burst)" : " (one write per request)"));
    assertTrue(pipelined > 0, "some requests were pipelined");
    Map<WireExchange, Long> tsharkPairing =
        Reconstruction.latestRequestPairing(ours.exchanges(), Reconstruction.frameOrder(pcap));
    Tshark.Result theirs = Tshark.http(pcap, true, false);
    Agreement.check(oneWrite ? "pipelined-one-write" : "pipelined-writes", ours, theirs,
        WireExchange::lastResponseByteEpochNanos,
        e -> e.lastResponseByteEpochNanos() - tsharkPairing.get(e), tsharkPairing::containsKey);
    assertEquals(requests, theirs.requests());
    assertEquals(requests, theirs.responses());
    return theirs;
  }

  @Test
  void resetRequestsHaveNoResponseInBothAndTheRestAgree(@TempDir Path dir) throws Exception {
    int port = server.port();
    Path pcap = dir.resolve("reset.pcap");
    Captures.capture(port, 65_535, pcap, () -> {
      for (int c = 0; c < 100; c++) {
        try (RawHttpClient client = new RawHttpClient(port)) {
          client.send(List.of("/static/2k"));
          assertEquals(200, client.readResponse());
          if (c % 5 == 0) {
            // pipelined behind the reset: never answered
            client.send(List.of("/fault/reset", "/static/100"));
          } else {
            client.send(List.of("/fault/reset"));
          }
          try {
            assertEquals(-1, client.readResponse(), "no reply to /fault/reset");
          } catch (IOException expected) {
            // connection reset by peer
          }
        }
      }
    });
    Reconstruction ours = Reconstruction.of(pcap, port);
    Map<String, Long> notes = ours.exchanges().stream().collect(Collectors.groupingBy(
        e -> e.url() + " " + (e.note().isEmpty() ? "complete" : e.note()), Collectors.counting()));
    System.out.println("[tshark agreement] reset notes " + notes);
    assertEquals(Map.of("/static/2k complete", 100L, "/fault/reset reset", 100L,
        "/static/100 reset", 20L), notes);
    Tshark.Result theirs = Tshark.http(pcap, true, false);
    Agreement.check("reset", ours, theirs, Agreement.Interval.REQUEST_END_TO_LAST_BYTE,
        WireExchange::complete);
    assertEquals(ours.exchanges().size(), theirs.requests(), "requests");
    assertEquals(ours.complete(), theirs.responses(), "responses");
  }
}
