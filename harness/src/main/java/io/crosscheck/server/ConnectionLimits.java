package io.crosscheck.server;

import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * How many connections an embedded server holds and for how long an idle one is kept: the limits
 * every {@link HttpListener} enforces (the generic server, the RUBiS site, the TPC-W bookstore).
 * An immutable value, validated on construction.
 *
 * <p>The keep-alive timeout closes a connection on which nothing was read or written for that long
 * while no complete request awaits its reply; the default, {@value #DEFAULT_KEEP_ALIVE_SECONDS} s,
 * is Tomcat's ({@code connectionTimeout}, which {@code keepAliveTimeout} defaults to), the servlet
 * container RUBiS and TPC-W were served from. A JDK client drops its own idle connections after 5 s
 * ({@code KeepAliveCache}), so it never meets this close; a client thinking longer than 20 s on
 * one connection (TPC-W's think times run to 70 s) meets it as it would meet Tomcat's. A request
 * in service (its demand being spent, waiting in the CPU queue, {@code /fault/stall}) is never cut:
 * the timeout applies between requests.
 *
 * <p>The connection cap closes, at once, every connection accepted while {@code maxConnections}
 * are open (counted as shed). Its default is what the process's open-file limit leaves: the limit,
 * less the descriptors open when the default is taken, less {@value #SPARE_DESCRIPTORS} kept spare
 * for the JVM (a class or file it loads later needs one), so a storm is shed before accepts fail
 * with EMFILE.
 *
 * @param keepAliveTimeoutNanos idle time after which a connection is closed (monotonic clock); 0 = never
 * @param maxConnections connections open at once, >= 1; {@link #NO_CAP} = no cap
 */
public record ConnectionLimits(long keepAliveTimeoutNanos, int maxConnections) {
  /** Tomcat's default connectionTimeout/keepAliveTimeout. */
  public static final int DEFAULT_KEEP_ALIVE_SECONDS = 20;
  /** Descriptors the default cap leaves for the JVM's own files (jars, tzdb.dat, logging). */
  public static final int SPARE_DESCRIPTORS = 64;
  /** {@link #maxConnections()} of a listener without a cap. */
  public static final int NO_CAP = Integer.MAX_VALUE;

  /** Validates both fields. */
  public ConnectionLimits {
    if (keepAliveTimeoutNanos < 0) {
      throw new IllegalArgumentException("keepAliveTimeout: " + keepAliveTimeoutNanos + " ns: expected >= 0 (0 = never)");
    }
    if (maxConnections < 1) {
      throw new IllegalArgumentException("maxConnections: " + maxConnections + ": expected >= 1");
    }
  }

  /** The given timeout ({@link Duration#ZERO} = never) and cap ({@link #NO_CAP} = none). */
  public static ConnectionLimits of(Duration keepAliveTimeout, int maxConnections) {
    return new ConnectionLimits(keepAliveTimeout.toNanos(), maxConnections);
  }

  /** {@value #DEFAULT_KEEP_ALIVE_SECONDS} s, and the cap the open-file limit leaves now ({@link #defaultMaxConnections()}). */
  public static ConnectionLimits defaults() {
    return new ConnectionLimits(TimeUnit.SECONDS.toNanos(DEFAULT_KEEP_ALIVE_SECONDS), defaultMaxConnections());
  }

  /** This value with another keep-alive timeout (0 = never). */
  public ConnectionLimits withKeepAliveTimeout(Duration keepAliveTimeout) {
    return new ConnectionLimits(keepAliveTimeout.toNanos(), maxConnections);
  }

  /** This value with another cap ({@link #NO_CAP} = none). */
  public ConnectionLimits withMaxConnections(int maxConnections) {
    return new ConnectionLimits(keepAliveTimeoutNanos, maxConnections);
  }

  /**
   * The process's open-file limit less the descriptors open now less {@value #SPARE_DESCRIPTORS},
   * at least 1; {@link #NO_CAP} when the JVM does not tell the limit (not a Unix JVM) or it does
   * not fit an int (unlimited).
   */
  public static int defaultMaxConnections() {
    OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
    if (!(os instanceof com.sun.management.UnixOperatingSystemMXBean unix)) {
      return NO_CAP;
    }
    long limit = unix.getMaxFileDescriptorCount();
    long open = unix.getOpenFileDescriptorCount();
    if (limit <= 0 || limit >= NO_CAP) {
      return NO_CAP;
    }
    return (int) Math.max(1, limit - Math.max(0, open) - SPARE_DESCRIPTORS);
  }

  /** {@code keep-alive timeout 20 s, at most 923 connections} (or {@code never}, {@code no cap}). */
  public String describe() {
    String timeout = keepAliveTimeoutNanos == 0 ? "keep-alive timeout: never"
        : "keep-alive timeout " + seconds(keepAliveTimeoutNanos) + " s";
    return timeout + ", " + (maxConnections == NO_CAP ? "no connection cap" : "at most " + maxConnections
        + " connections");
  }

  private static String seconds(long nanos) {
    double s = nanos / 1e9;
    return s == Math.rint(s) ? Long.toString((long) s) : String.format(Locale.ROOT, "%.3f", s);
  }
}
