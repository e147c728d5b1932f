package io.crosscheck.engine.legacy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.crosscheck.engine.Engine;
import io.crosscheck.model.ThinkTime;
import io.crosscheck.model.Workload;
import io.crosscheck.record.Outcome;
import io.crosscheck.record.RequestRecord;
import io.crosscheck.server.EmbeddedServer;
import io.crosscheck.server.ServerConfig;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Sanity of the two timing clocks and two reply accumulations (not a timed test): both give
 * ordered instants on the nanosecond timeline and latencies within a few milliseconds of each
 * other; the millisecond clock's instants are whole milliseconds after the send start.
 */
class LegacyTimingTest {
  static Stream<Function<LegacyOptions, Engine>> engines() {
    return Stream.of(LegacyUrlConnectionEngine::new, LegacyHttpClientEngine::new);
  }

  /**
   * The two runs go side by side, so whatever else loads the host loads both; run one after the
   * other, they gave means of 7.33 and 2.04 ms in a CI run while another process loaded the host.
   * Each has its own server: the JDK's keep-alive cache is JVM-wide, and one server would let the
   * runs share connections. Their medians are compared, so one stall in one run does not decide.
   */
  @ParameterizedTest
  @MethodSource("engines")
  void millisAndNanosAgreeWithinMilliseconds(Function<LegacyOptions, Engine> engine) throws Exception {
    try (EmbeddedServer server = EmbeddedServer.start(ServerConfig.defaults().withPort(0));
        EmbeddedServer other = EmbeddedServer.start(ServerConfig.defaults().withPort(0))) {
      Workload w = LegacyFixtures.closed(server.port(), "/static/16k", 4, 1, 50,
          new ThinkTime.Fixed(1_000_000L), 0, 20_000_000_000L);
      Workload wOther = LegacyFixtures.closed(other.port(), "/static/16k", 4, 1, 50,
          new ThinkTime.Fixed(1_000_000L), 0, 20_000_000_000L);
      LegacyOptions faithful = LegacyOptions.faithful();
      CompletableFuture<LegacyFixtures.Run> millisRun = CompletableFuture.supplyAsync(() -> {
        try {
          return LegacyFixtures.run(engine.apply(faithful), w, LegacyFixtures.options(5_000, 10_000));
        } catch (InterruptedException e) {
          throw new IllegalStateException(e);
        }
      });
      LegacyFixtures.Run nanos = LegacyFixtures.run(
          engine.apply(faithful.withTiming(LegacyOptions.TimingClock.NANOS).withReply(LegacyOptions.ReplyAccumulation.BUFFER)),
          wOther, LegacyFixtures.options(5_000, 10_000));
      LegacyFixtures.Run millis = millisRun.get(60, TimeUnit.SECONDS);

      assertEquals(1L, millis.result().extra().get("timingMillisClock"));
      assertEquals(0L, nanos.result().extra().get("timingMillisClock"));
      double millisMedian = check(millis.records(), true);
      double nanosMedian = check(nanos.records(), false);
      System.out.printf("timing %s: median latency millis-clock %.3f ms, nanos-clock %.3f ms%n",
          millis.result().extra().containsKey("httpMaxConnections") ? "legacy-urlconnection" : "legacy-httpclient",
          millisMedian, nanosMedian);
      assertTrue(Math.abs(millisMedian - nanosMedian) < 5.0, millisMedian + " vs " + nanosMedian);
    }
  }

  /** Checks every record and returns the median latency in milliseconds. */
  private static double check(List<RequestRecord> records, boolean wholeMillis) {
    assertEquals(200, records.size());
    long[] latencies = new long[records.size()];
    int i = 0;
    for (RequestRecord r : records) {
      assertEquals(Outcome.OK, r.outcome(), r::toString);
      assertTrue(r.lastByteNanos() >= r.sendStartNanos(), r::toString);
      assertTrue(r.firstByteNanos() >= r.sendStartNanos(), r::toString);
      if (wholeMillis) {
        assertEquals(0, r.latencyNanos() % 1_000_000L, () -> "millis clock: " + r);
      }
      latencies[i++] = r.latencyNanos();
    }
    Arrays.sort(latencies);
    return latencies[latencies.length / 2] / 1e6;
  }

  @Test
  void optionsListEveryProblem() {
    LegacyOptions bad = LegacyOptions.faithful().withThreadStackSizeBytes(-1).withHttpMaxConnections(-2);
    IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, bad::validate);
    assertTrue(e.getMessage().contains("threadStackSizeBytes: -1"), e.getMessage());
    assertTrue(e.getMessage().contains("httpMaxConnections: -2"), e.getMessage());
  }

  @Test
  void stackSizeAndJvmWideJdkPropertiesAreApplied() throws Exception {
    try (EmbeddedServer server = EmbeddedServer.start(ServerConfig.defaults().withPort(0))) {
      Workload w = LegacyFixtures.closed(server.port(), "/static/2k", 20, 1, 5, new ThinkTime.None(), 0, 10_000_000_000L);
      // 5 is the JDK default, so setting it cannot change any other test in this JVM
      LegacyOptions small = LegacyOptions.faithful().withThreadStackSizeBytes(256 * 1024).withHttpMaxConnections(5);
      LegacyFixtures.Run run = LegacyFixtures.run(new LegacyUrlConnectionEngine(small), w, LegacyFixtures.options(5_000, 10_000));
      assertEquals(100, run.count(Outcome.OK));
      assertEquals(256L * 1024, run.result().extra().get("threadStackSizeBytes"));
      assertEquals(5L, run.result().extra().get("httpMaxConnections"));
      // the JDK read http.maxConnections once: another value needs a fresh JVM, and says so
      IllegalStateException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class,
          () -> LegacyFixtures.run(new LegacyUrlConnectionEngine(small.withHttpMaxConnections(7)), w,
              LegacyFixtures.options(5_000, 10_000)));
      assertTrue(e.getMessage().contains("http.maxConnections=7") && e.getMessage().contains("child"), e.getMessage());
    }
  }

  @Test
  void statusIsParsedFromTheJdkMessage() {
    assertEquals(503, Failures.statusFromMessage("Server returned HTTP response code: 503 for URL: http://x/"));
    assertEquals(0, Failures.statusFromMessage("Connection refused"));
  }
}
