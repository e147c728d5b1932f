package io.crosscheck.e2e.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.crosscheck.capture.LiveCaptureStats;
import io.crosscheck.server.EmbeddedServer;
import io.crosscheck.server.ServerConfig;
import io.crosscheck.wire.WireExchange;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Our wire reconstruction against tshark's HTTP dissector on the same captures: for every
 * exchange the interval tshark calls {@code http.time} agrees within 1 µs, and request and
 * response counts agree exactly.
 */
class TsharkAgreementTest {
  private static final String URLS = String.join(",", "/static/100", "/static/2k", "/static/100",
      "/chunked/4k", "/static/2k", "/static/100", "/static/16k", "/static/2k", "/static/100",
      "/fault/status/404");
  private static EmbeddedServer server;

  @BeforeAll
  static void startServer() throws Exception {
    assumeTrue(Tshark.available(), "tshark is not installed");
    server = EmbeddedServer.start(ServerConfig.defaults().withPort(0));
  }

  @AfterAll
  static void stopServer() {
    if (server != null) {
      server.close();
    }
  }

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

  static final int REQUESTS_PER_USER = Integer.getInteger("tshark.requestsPerUser", 500);
  static final String THINK = System.getProperty("tshark.think", "uniform:10ms-30ms");
}
