package io.crosscheck.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.crosscheck.record.Outcome;
import io.crosscheck.record.RequestRecord;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A server that stalls, resets, sends garbage or cuts a reply short: every request still gets
 * exactly one record with the right outcome, sessions go on after a failure, and the run completes.
 */
class FaultOutcomesTest {
  @RegisterExtension
  static final EmbeddedServerExtension server = new EmbeddedServerExtension();

  /** Runs 3 users x 1 session of the given paths (in order) and returns the records. */
  private static List<RequestRecord> run(Path out, String target, String urls, String... more) throws Exception {
    List<String> args = new java.util.ArrayList<>(List.of("run", "--target", target, "--users", "3",
        "--sessions-per-user", "1", "--session-length", "fixed:" + urls.split(",").length,
        "--urls", urls, "--duration", "30s", "--request-timeout", "400ms", "--connect-timeout", "1s"));
    args.addAll(List.of(more));
    CliRun run = CliRun.run(out, args.toArray(String[]::new));
    assertEquals(0, run.exitCode, "a run whose requests fail still completes: " + run.err);
    List<RequestRecord> records = run.records();
    assertEquals(3L * urls.split(",").length, records.size(), "one record per issued request");
    return records;
  }

  private static Map<String, Outcome> outcomeByUrl(List<RequestRecord> records) {
    Map<String, List<Outcome>> all = records.stream().collect(Collectors.groupingBy(RequestRecord::url,
        Collectors.mapping(RequestRecord::outcome, Collectors.toList())));
    all.forEach((url, o) -> assertEquals(1, o.stream().distinct().count(), url + " ended as " + o));
    return all.entrySet().stream().collect(Collectors.toMap(Map.Entry::getKey, e -> e.getValue().get(0)));
  }

  @Test
  void eachFaultEndsWithItsOutcomeAndTheSessionGoesOn(@TempDir Path out) throws Exception {
    List<RequestRecord> records = run(out, server.target(),
        "/fault/stall,/static/2k,/fault/reset,/fault/garbage,/fault/close-mid-body,/fault/status/503,/static/64k");
    assertEquals(Map.of(
            "/fault/stall", Outcome.TIMEOUT,
            "/static/2k", Outcome.OK,
            "/fault/reset", Outcome.RESET,
            "/fault/garbage", Outcome.INVALID,
            "/fault/close-mid-body", Outcome.RESET,
            "/fault/status/503", Outcome.HTTP_ERROR,
            "/static/64k", Outcome.OK),
        outcomeByUrl(records));
    for (RequestRecord r : records) {
      switch (r.url()) {
        case "/fault/stall" -> {
          assertEquals(-1, r.firstByteNanos(), "nothing came back");
          assertTrue(r.sendStartNanos() > 0, "the request was sent");
        }
        case "/fault/close-mid-body" -> {
          assertTrue(r.firstByteNanos() > 0 && r.lastByteNanos() == -1, "part of a reply: " + r);
          assertTrue(r.responseBytes() > 100 && r.responseBytes() < 10_000, "bytes read: " + r.responseBytes());
        }
        case "/fault/status/503" -> assertEquals(503, r.status());
        case "/static/64k" -> assertTrue(r.responseBytes() > 65_536, "headers + 64 KiB: " + r.responseBytes());
        default -> { }
      }
      assertTrue(r.outcome() == Outcome.OK || !r.detail().isEmpty() || r.outcome() == Outcome.HTTP_ERROR,
          "a failure says why: " + r);
    }
  }

  @Test
  void stallEndsAtTheRequestTimeout(@TempDir Path out) throws Exception {
    for (RequestRecord r : run(out, server.target(), "/fault/stall")) {
      assertEquals(Outcome.TIMEOUT, r.outcome());
      assertEquals(-1, r.lastByteNanos());
    }
  }

  @Test
  void aServerThatStopsListeningAfterTheProbeGivesConnectErrors(@TempDir Path out) throws Exception {
    // a port where nothing listens is refused before the load (CliErrorsTest); a server that goes
    // away after the probe leaves the load's connects refused: connect-error, never sent
    ServerSocket listener = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress());
    int port = listener.getLocalPort();
    Thread closer = new Thread(() -> {
      try (listener; java.net.Socket probe = listener.accept()) {
        // the probe's connection: the listener closes with it, long before the load (after the JIT warm-up)
      } catch (java.io.IOException e) {
        // closed: nothing more to accept
      }
    });
    closer.start();
    try {
      List<RequestRecord> records = run(out, "http://127.0.0.1:" + port, "/static/2k,/static/2k");
      for (RequestRecord r : records) {
        assertEquals(Outcome.CONNECT_ERROR, r.outcome(), r.toString());
        assertEquals(-1, r.sendStartNanos());
      }
    } finally {
      listener.close();
      closer.join(5_000);
    }
  }
}
