package io.crosscheck.engine.netty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.crosscheck.engine.WarmUpReport;
import io.crosscheck.engine.WarmUpReport.JitSettled;
import io.crosscheck.schedule.Ticker;
import java.lang.management.CompilationMXBean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import javax.management.ObjectName;
import org.junit.jupiter.api.Test;

/**
 * {@link JitWarmUp}'s wait for the JIT, with the compilation monitor and the clock injected: a JVM
 * that does not monitor compilation time gives "unknown", never "settled". (The warm-up against a
 * real server is in {@link NettyEngineTimingTest}.)
 */
class JitWarmUpTest {
  private static final long STEP_NANOS = 250_000_000L;

  /** Advances by {@link #STEP_NANOS} at each reading. */
  private static Ticker steppingTicker() {
    AtomicLong now = new AtomicLong();
    return () -> now.addAndGet(STEP_NANOS);
  }

  /** A compilation monitor; reading the total time when unsupported throws, as the JVM's does. */
  private static CompilationMXBean monitor(boolean supported, LongSupplier totalCompilationMillis) {
    return new CompilationMXBean() {
      @Override
      public String getName() {
        return "test JIT";
      }

      @Override
      public boolean isCompilationTimeMonitoringSupported() {
        return supported;
      }

      @Override
      public long getTotalCompilationTime() {
        if (!supported) {
          throw new UnsupportedOperationException("compilation time monitoring is not supported");
        }
        return totalCompilationMillis.getAsLong();
      }

      @Override
      public ObjectName getObjectName() {
        return null;
      }
    };
  }

  @Test
  void unmonitoredCompilationIsUnknownNotSettled() throws Exception {
    assertEquals(JitSettled.UNKNOWN, JitWarmUp.awaitJitQuiet(steppingTicker(), monitor(false, () -> 0)));
  }

  @Test
  void noJitAtAllIsUnknown() throws Exception {
    assertEquals(JitSettled.UNKNOWN, JitWarmUp.awaitJitQuiet(steppingTicker(), null));
  }

  @Test
  void quietCompilerSettles() throws Exception {
    assertEquals(JitSettled.SETTLED, JitWarmUp.awaitJitQuiet(steppingTicker(), monitor(true, () -> 1234)));
  }

  @Test
  void compilerStillBusyAtTheBoundHasNotSettled() throws Exception {
    AtomicLong millis = new AtomicLong();
    assertEquals(JitSettled.NOT_SETTLED,
        JitWarmUp.awaitJitQuiet(steppingTicker(), monitor(true, millis::incrementAndGet)));
    assertTrue(millis.get() * STEP_NANOS >= JitWarmUp.MAX_SETTLE_NANOS / 3, "waited up to the bound: " + millis);
  }

  @Test
  void unknownIsSaidInTheConsoleLineAndInRunJson() throws Exception {
    JitWarmUp.Result r = new JitWarmUp.Result(20_000, 19_999, 2_500_000_000L, 0, JitSettled.UNKNOWN, false, 0);
    assertEquals("JIT warm-up: 20,000 requests (19,999 ok) against its own server, 2.5 s in all;"
        + " JIT settled: unknown (compilation time not monitored by this JVM)", r.describe());
    WarmUpReport report = r.toJson();
    assertEquals(new WarmUpReport(20_000, 19_999, 2_500, 0, JitSettled.UNKNOWN, false), report);
    assertEquals(
        "{\"requests\":20000,\"ok\":19999,\"elapsedMillis\":2500,\"settleMillis\":0,\"jitSettled\":\"UNKNOWN\","
            + "\"repeat\":false}",
        new ObjectMapper().writeValueAsString(report));
  }

  @Test
  void settledAndNotSettledAreSaidWithTheWait() {
    assertTrue(new JitWarmUp.Result(10, 10, 3_000_000_000L, 1_200_000_000L, JitSettled.SETTLED, false, 0).describe()
        .endsWith("JIT settled: yes (1.2 s after the requests)"));
    assertTrue(new JitWarmUp.Result(10, 10, 7_000_000_000L, 5_000_000_000L, JitSettled.NOT_SETTLED, false, 0).describe()
        .endsWith("JIT settled: no (still compiling 5.0 s after the requests)"));
  }

  @Test
  void aDefaultWarmUpAfterOneThatSettledRunsATenthAndSaysWhy() {
    assertEquals(20_000, JitWarmUp.plannedRequests(JitWarmUp.DEFAULT_REQUESTS, false), "the first one");
    assertEquals(1_600, JitWarmUp.plannedRequests(JitWarmUp.DEFAULT_REQUESTS, true), "after one that settled");
    assertEquals(3_000, JitWarmUp.plannedRequests(3_000, true), "a count the user chose is kept");
    JitWarmUp.Result r = new JitWarmUp.Result(1_600, 1_600, 400_000_000L, 300_000_000L, JitSettled.SETTLED, true, 0);
    assertEquals("JIT warm-up: 1,600 requests (1,600 ok; 1,600, not 20,000: this JVM's JIT settled after an earlier"
        + " warm-up) against its own server, 0.4 s in all; JIT settled: yes (0.3 s after the requests)", r.describe());
    assertTrue(r.toJson().repeat());
  }
}
