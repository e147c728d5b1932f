package io.crosscheck.telemetry;

/**
 * A source of this JVM's individual GC pauses for {@link TelemetryRecorder}: JMX GC notifications
 * ({@link GcPauseNotifications}, the default) or a JFR stream ({@link GcPauseStream}); {@link
 * GcPauseSource} chooses.
 *
 * <p>Delivery is asynchronous: {@link #deliveredUpToNanos()} is a watermark on the monotonic clock
 * ({@link System#nanoTime()}) before which every pause has been handed to {@link #poll()}, so the
 * recorder can hold a row until its interval's pauses are in.
 *
 * <p>Thread-safety: pauses are produced on the source's own thread; {@link #poll()} and {@link
 * #deliveredUpToNanos()} are for one consumer (the sampler thread); {@link #failure()} is
 * set by the source's thread and read by any.
 */
abstract sealed class GcPauses implements AutoCloseable permits GcPauseNotifications, GcPauseStream {
  /** One pause: its end on the monotonic clock, and its duration. */
  record Pause(long endNanos, long durationNanos) {}

  private final String description;
  private final long maxDeliveryDelayNanos;
  private volatile Throwable failure;

  GcPauses(String description, long maxDeliveryDelayNanos) {
    this.description = description;
    this.maxDeliveryDelayNanos = maxDeliveryDelayNanos;
  }

  /** The next delivered pause, or null. */
  abstract Pause poll();

  /** Every pause that ended before this monotonic instant has been delivered. */
  abstract long deliveredUpToNanos();

  /** How long after a pause ends it may take to be delivered; the recorder waits no longer. */
  final long maxDeliveryDelayNanos() {
    return maxDeliveryDelayNanos;
  }

  /** What the summary names as {@code gcPauseSource}, e.g. {@code jfr:jdk.GCPhasePause}. */
  final String description() {
    return description;
  }

  /** Why the source stopped early, or null. */
  final Throwable failure() {
    return failure;
  }

  /** Records why the source stopped early. */
  final void failed(Throwable why) {
    failure = why;
  }

  @Override
  public abstract void close();
}
