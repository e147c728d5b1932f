package io.crosscheck.engine.legacy;

import java.util.ArrayList;
import java.util.List;

/**
 * Settings of the thread-per-user legacy engines ({@link LegacyUrlConnectionEngine},
 * {@link LegacyHttpClientEngine}) that reproduce how the RUBiS and TPC-W clients measure, on top
 * of the common {@code EngineOptions}. Immutable.
 *
 * <p>Whatever the timing clock, records are always on the monotonic nanosecond timeline of the
 * run's ticker: with {@link TimingClock#MILLIS} the send start is a ticker instant and the later
 * instants are the send start plus the {@code System.currentTimeMillis()} differences times
 * 1,000,000 (so they keep the original's millisecond granularity and wall-clock steps). The run
 * reports this as {@code timingMillisClock=1} in {@code EngineResult.extra}.
 *
 * @param timing the clock that times each request
 * @param reply how the reply body is accumulated while it is read (part of the client's CPU cost)
 * @param threadStackSizeBytes stack size passed to the {@code Thread} constructor; 0 = the JVM's
 *     default ({@code -Xss}). Ignored by virtual threads (it is an error to set both)
 * @param httpMaxConnections {@code http.maxConnections} system property for the JDK keep-alive
 *     cache (idle connections kept per destination); 0 = leave it (JDK default 5). Per JVM, read
 *     once: see {@link LegacyUrlConnectionEngine}
 * @param httpKeepAlive {@code http.keepAlive} system property; per JVM like the above
 * @param virtualThreads one virtual thread per user instead of a platform thread (JDK 21+)
 */
public record LegacyOptions(
    TimingClock timing,
    ReplyAccumulation reply,
    long threadStackSizeBytes,
    int httpMaxConnections,
    JdkKeepAlive httpKeepAlive,
    boolean virtualThreads) {

  /** Which clock times a request. */
  public enum TimingClock {
    /** {@code System.currentTimeMillis()}, as the original RUBiS/TPC-W clients do. */
    MILLIS,
    /** {@code System.nanoTime()} (the run's ticker), the study's fix. */
    NANOS
  }

  /** How the reply body is kept while it is read in 4 KB chunks. */
  public enum ReplyAccumulation {
    /** {@code reply = reply + new String(buf, 0, n)}: the original's quadratic copying. */
    CONCAT,
    /** Bytes appended to a growable buffer. */
    BUFFER
  }

  /** The {@code http.keepAlive} system property: left alone, or set to true or false. */
  public enum JdkKeepAlive {
    DEFAULT, ON, OFF
  }

  public LegacyOptions {
    if (timing == null) {
      timing = TimingClock.MILLIS;
    }
    if (reply == null) {
      reply = ReplyAccumulation.CONCAT;
    }
    if (httpKeepAlive == null) {
      httpKeepAlive = JdkKeepAlive.DEFAULT;
    }
  }

  /** The original clients: millisecond timing, string concatenation, platform threads. */
  public static LegacyOptions faithful() {
    return new LegacyOptions(TimingClock.MILLIS, ReplyAccumulation.CONCAT, 0, 0, JdkKeepAlive.DEFAULT, false);
  }

  public LegacyOptions withTiming(TimingClock t) {
    return new LegacyOptions(t, reply, threadStackSizeBytes, httpMaxConnections, httpKeepAlive, virtualThreads);
  }

  public LegacyOptions withReply(ReplyAccumulation r) {
    return new LegacyOptions(timing, r, threadStackSizeBytes, httpMaxConnections, httpKeepAlive, virtualThreads);
  }

  public LegacyOptions withThreadStackSizeBytes(long bytes) {
    return new LegacyOptions(timing, reply, bytes, httpMaxConnections, httpKeepAlive, virtualThreads);
  }

  public LegacyOptions withHttpMaxConnections(int max) {
    return new LegacyOptions(timing, reply, threadStackSizeBytes, max, httpKeepAlive, virtualThreads);
  }

  public LegacyOptions withHttpKeepAlive(JdkKeepAlive k) {
    return new LegacyOptions(timing, reply, threadStackSizeBytes, httpMaxConnections, k, virtualThreads);
  }

  public LegacyOptions withVirtualThreads(boolean virtual) {
    return new LegacyOptions(timing, reply, threadStackSizeBytes, httpMaxConnections, httpKeepAlive, virtual);
  }

  /** True when this JVM can run virtual threads ({@code Thread.ofVirtual()}, JDK 21+). */
  public static boolean virtualThreadsSupported() {
    return UserThreads.virtualProblem() == null;
  }

  /** Every problem with these options on this JVM, one message each; empty when valid. */
  public List<String> problems() {
    List<String> problems = new ArrayList<>();
    if (threadStackSizeBytes < 0) {
      problems.add("threadStackSizeBytes: " + threadStackSizeBytes + " is negative (expected 0 for the"
          + " JVM default, or a size in bytes)");
    }
    if (httpMaxConnections < 0) {
      problems.add("httpMaxConnections: " + httpMaxConnections + " is negative (expected 0 to leave"
          + " http.maxConnections alone, or a count > 0)");
    }
    if (virtualThreads) {
      String why = UserThreads.virtualProblem();
      if (why != null) {
        problems.add("virtualThreads: " + why);
      }
      if (threadStackSizeBytes > 0) {
        problems.add("threadStackSizeBytes: " + threadStackSizeBytes + " cannot be set with virtual"
            + " threads (their stacks grow on the heap)");
      }
    }
    return problems;
  }

  /** Throws {@link IllegalArgumentException} listing every problem, before any load starts. */
  public void validate() {
    List<String> problems = problems();
    if (!problems.isEmpty()) {
      throw new IllegalArgumentException("invalid legacy engine options:\n  " + String.join("\n  ", problems));
    }
  }
}
