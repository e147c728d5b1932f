package io.crosscheck.e2e.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.crosscheck.capture.LiveCaptureStats;
import io.crosscheck.e2e.EmbeddedServerExtension;
import io.crosscheck.wire.WireExchange;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.Tag;

/**
 * Our wire reconstruction against tshark's HTTP dissector on the same captures: for every
 * exchange the interval tshark calls {@code http.time} agrees within 1 µs, and request and
 * response counts agree exactly.
 */
// heavy: it proves the capture reconstruction and the findings, which run the same on every JDK
@Tag("heavy")
class TsharkAgreementTest {
  private static final String URLS = String.join(",", "/static/100", "/static/2k", "/static/100",
      "/chunked/4k", "/static/2k", "/static/100", "/static/16k", "/static/2k", "/static/100",
      "/fault/status/404");
  /** With replies over several segments (lo's MTU is 64 KiB), where first and last differ. */
  private static final String SNAPLEN_URLS = String.join(",", "/static/100", "/static/2k",
      "/static/128k", "/chunked/4k", "/static/100", "/static/16k", "/static/2k", "/chunked/128k",
      "/static/100", "/fault/status/404");

  @RegisterExtension
  static final EmbeddedServerExtension server = new EmbeddedServerExtension()
      .assuming(Tshark::available, "tshark is not installed");

  @Test
  void everyExchangeOfAHundredThousandRequestCaptureAgreesWithTshark(@TempDir Path dir)
      throws Exception {
    int port = server.port();
    Path pcap = dir.resolve("keepalive.pcap");
    LiveCaptureStats capture = Captures.capture(port, Integer.getInteger("tshark.snaplen", 65_535), pcap, () -> Captures.cliRun(
        dir.resolve("runs"), "run", "--target", "http://127.0.0.1:" + port, "--users", "200",
        "--sessions-per-user", "1", "--session-length", "fixed:" + REQUESTS_PER_USER,
        "--think", THINK, "--urls", URLS, "--duration", "120s", "--policy", "per-session"));
    assertEquals(0, capture.kernelDropped(), "kernel dropped packets: " + capture);
    Reconstruction ours = Reconstruction.of(pcap, port);
    long started = System.nanoTime();
    Tshark.Result theirs = Tshark.http(pcap, true, false);
    System.out.println("[tshark agreement] tshark took " + (System.nanoTime() - started) / 1_000_000 + " ms");
    assertEquals(200L * REQUESTS_PER_USER, ours.exchanges().size());
    assertEquals(ours.exchanges().size(), ours.complete(), "every exchange complete");
    Agreement.check("keep-alive", ours, theirs, Agreement.Interval.REQUEST_END_TO_LAST_BYTE,
        WireExchange::complete);
    assertEquals(ours.exchanges().size(), theirs.requests(), "requests");
    assertEquals(ours.complete(), theirs.responses(), "responses");
  }

  /**
   * A capture cut at 512 bytes a frame (what {@code audit} records): tshark cannot reassemble, so
   * its {@code http.time} runs from the request's frame to the response's FIRST frame, with
   * desegmentation off and on alike. That is our reply time.
   */
  @Test
  void snaplenTruncatedCaptureReplyTimesAgreeWithTshark(@TempDir Path dir) throws Exception {
    int port = server.port();
    Path pcap = dir.resolve("snaplen512.pcap");
    Captures.capture(port, 512, pcap, () -> Captures.cliRun(dir.resolve("runs"), "run",
        "--target", "http://127.0.0.1:" + port, "--users", "50", "--sessions-per-user", "1",
        "--session-length", "fixed:200", "--think", "uniform:0ms-2ms", "--urls", SNAPLEN_URLS,
        "--duration", "60s", "--policy", "per-session"));
    Reconstruction ours = Reconstruction.of(pcap, port);
    assertEquals(10_000, ours.exchanges().size());
    Map<String, Long> notes = ours.exchanges().stream().collect(Collectors.groupingBy(
        e -> e.url() + " " + (e.note().isEmpty() ? "complete" : e.note()), Collectors.counting()));
    System.out.println("[tshark agreement] snaplen-512 notes " + notes);
    // a chunked body cut by the snap length cannot be followed to its end: honestly "truncated"
    assertEquals(Map.of("/static/100 complete", 3_000L, "/static/2k complete", 2_000L,
        "/static/16k complete", 1_000L, "/static/128k complete", 1_000L,
        "/fault/status/404 complete", 1_000L, "/chunked/4k truncated", 1_000L,
        "/chunked/128k truncated", 1_000L), notes);
    assertTrue(ours.exchanges().stream().anyMatch(
        e -> e.lastResponseByteEpochNanos() > e.firstResponseByteEpochNanos()),
        "some replies span several segments (128k > the MTU of lo)");
    assertTrue(ours.stats().truncatedSegments() > 0, "the snap length cut segments");
    for (WireExchange e : ours.exchanges()) {
      assertEquals(e.requestStartEpochNanos(), e.requestEndEpochNanos(), "one-segment request");
    }
    for (boolean desegment : new boolean[] {false, true}) {
      Tshark.Result theirs = Tshark.http(pcap, desegment, false);
      Agreement.check("snaplen-512 desegment " + desegment, ours, theirs,
          Agreement.Interval.REPLY_TIME, e -> e.firstResponseByteEpochNanos() >= 0);
      assertEquals(ours.exchanges().size(), theirs.requests(), "requests");
      assertEquals(ours.exchanges().stream().filter(e -> e.status() > 0).count(),
          theirs.responses(), "responses (heads seen)");
    }
  }

  static final int REQUESTS_PER_USER = Integer.getInteger("tshark.requestsPerUser", 500);
  static final String THINK = System.getProperty("tshark.think", "uniform:10ms-30ms");
}
