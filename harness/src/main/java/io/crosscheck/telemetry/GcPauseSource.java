package io.crosscheck.telemetry;

import java.util.Locale;

/**
 * Where {@link TelemetryRecorder} takes individual GC pauses from ({@code --telemetry-pauses}).
 *
 * <ul>
 *   <li>{@link #JMX} (default): {@code com.sun.management.GarbageCollectionNotificationInfo}, one
 *       notification per collection of each pause-reporting {@code GarbageCollectorMXBean}. Cheap
 *       (tens of ms of CPU per run, measured) but 1 ms resolution, and on JDK 17 G1's Remark and
 *       Cleanup pauses are not reported (JDK 20+ reports them through "G1 Concurrent GC"). See
 *       {@link GcPauseNotifications}.
 *   <li>{@link #JFR}: JFR's {@code jdk.GCPhasePause}, every stop-the-world pause of every
 *       collector, with ns resolution. Starting JFR costs ~0.6–0.9 s of CPU per run (JFR's own
 *       initialisation, class loading and JIT; measured in bench/JVM-PRESSURE.md), more than the 2 %
 *       overhead budget of a 20 s run, hence not the default. See {@link GcPauseStream}.
 *   <li>{@link #OFF}: no pause columns (empty), no pause source started.
 * </ul>
 */
public enum GcPauseSource {
  JMX,
  JFR,
  OFF;

  /** The option's spelling: {@code jmx}, {@code jfr}, {@code off}. */
  public String optionName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * Parses an option value (case-insensitive).
   *
   * @throws IllegalArgumentException naming the value and what was expected
   */
  public static GcPauseSource parse(String value) {
    for (GcPauseSource s : values()) {
      if (s.optionName().equalsIgnoreCase(value.trim())) {
        return s;
      }
    }
    throw new IllegalArgumentException("\"" + value + "\" is not a GC pause source (expected jmx, jfr or off)");
  }
}
