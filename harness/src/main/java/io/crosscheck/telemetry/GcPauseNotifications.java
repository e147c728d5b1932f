package io.crosscheck.telemetry;

import com.sun.management.GarbageCollectionNotificationInfo;
import com.sun.management.GcInfo;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import javax.management.ListenerNotFoundException;
import javax.management.Notification;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;

/**
 * This JVM's GC pauses from JMX GC notifications ({@link GarbageCollectionNotificationInfo}): one
 * per collection of every {@link GarbageCollectorMXBean} that reports pauses. The default pause
 * source, because it is cheap: no JFR start-up (see {@link GcPauseSource}).
 *
 * <p>Which beans: all but those whose name ends in {@code " Cycles"} ("ZGC Cycles", "ZGC Major
 * Cycles", "Shenandoah Cycles"), which time whole concurrent cycles, not pauses. What remains is a
 * pause per notification: Serial "Copy"/"MarkSweepCompact", Parallel "PS Scavenge"/"PS
 * MarkSweep", G1 "G1 Young Generation" (young and mixed) and "G1 Old Generation" (full), and on JDK
 * 20+ "G1 Concurrent GC" (Remark and Cleanup), "ZGC Pauses"/"ZGC Minor|Major Pauses", "Shenandoah
 * Pauses" (verified on JDK 17 and Temurin 25). Where it differs from JFR's {@code
 * jdk.GCPhasePause}: durations have 1 ms resolution ({@link GcInfo#getDuration()} is in ms, so a
 * 0.4 ms young pause reads 0 or 1 ms); on JDK 17 G1's Remark and Cleanup pauses are not reported
 * (no bean counts them before JDK 20).
 *
 * <p>Clocks: {@link GcInfo#getEndTime()} is in ms on a JVM-internal clock whose origin is not
 * {@code RuntimeMXBean.getUptime()}'s (measured: 26–28 ms apart on JDK 17, 86–89 ms on Temurin 25,
 * constant within a run). A pause's monotonic end is mapped with the smallest {@code receiptNanos -
 * endMillis} seen so far (the least-delayed notification, as NTP picks its offset), so it is at
 * most its own receipt time and errs by the delivery delay of the best notification so far plus 1
 * ms. Pauses are mapped when polled, with the best offset then known. In a fresh JVM the
 * notification path is still interpreted and the delay is ~15 ms (measured in GcPausesTest), so
 * early pauses can map that late, which moves a pause into the next 100 ms row in about one case
 * in seven; JFR ({@link GcPauseStream}) maps through the wall clock instead and has no such error.
 *
 * <p>Delivery: notifications are sent by the JVM's notification thread, ms after the collection.
 * {@link #deliveredUpToNanos()} compares the beans' collection counts with the notifications
 * received: when every counted collection has been notified at an instant, every pause that ended
 * before it has been delivered.
 *
 * <p>Thread-safety: the listener runs on the JVM's notification thread; the queue and counters are
 * concurrent; {@link #poll()} and {@link #deliveredUpToNanos()} are for one consumer.
 */
final class GcPauseNotifications extends GcPauses implements NotificationListener {
  static final String DESCRIPTION = "jmx:GarbageCollectionNotification";
  private static final long MAX_DELIVERY_DELAY_NANOS = TimeUnit.SECONDS.toNanos(1);

  private final List<GarbageCollectorMXBean> beans;
  /** A notified pause before its end is mapped to the monotonic clock. */
  private record Notified(long endMillis, long durationMillis, long receiptNanos) {}

  private final ConcurrentLinkedQueue<Notified> pauses = new ConcurrentLinkedQueue<>();
  private final AtomicLong notified = new AtomicLong();
  private volatile long countedAtStart;
  // smallest receiptNanos - endMillis * 1e6 seen; written by the notification thread only
  private volatile long endOriginNanos = Long.MAX_VALUE;
  private long deliveredUpToNanos;

  private GcPauseNotifications(List<GarbageCollectorMXBean> beans) {
    super(DESCRIPTION, MAX_DELIVERY_DELAY_NANOS);
    this.beans = beans;
  }

  /**
   * Registers for notifications of every pause-reporting collector.
   *
   * @throws IllegalStateException if no collector sends notifications (e.g. Epsilon, or a JVM
   *     without {@code com.sun.management})
   */
  static GcPauseNotifications start() {
    List<GarbageCollectorMXBean> beans = new ArrayList<>();
    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      if (!gc.getName().endsWith(" Cycles") && gc instanceof NotificationEmitter) {
        beans.add(gc);
      }
    }
    if (beans.isEmpty()) {
      throw new IllegalStateException("no GarbageCollectorMXBean sends pause notifications");
    }
    GcPauseNotifications s = new GcPauseNotifications(List.copyOf(beans));
    try {
      for (GarbageCollectorMXBean gc : s.beans) {
        ((NotificationEmitter) gc).addNotificationListener(s, null, null);
      }
    } catch (LinkageError | RuntimeException e) { // no com.sun.management (jdk.management)
      s.close();
      throw new IllegalStateException("GC notifications unavailable: " + e, e);
    }
    // warm the path the first notification takes (GcInfo to CompositeData and back), so the first
    // notifications of a run are not received late, bunched, which would map them late
    GarbageCollectionNotificationInfo.from(null);
    for (GarbageCollectorMXBean gc : s.beans) {
      if (gc instanceof com.sun.management.GarbageCollectorMXBean) {
        GcInfo last = ((com.sun.management.GarbageCollectorMXBean) gc).getLastGcInfo();
        if (last != null) {
          GarbageCollectionNotificationInfo.from(new GarbageCollectionNotificationInfo(
              gc.getName(), "", "", last).toCompositeData(null));
        }
      }
    }
    // counted after registering: a collection in between is both counted and notified (>= below)
    s.countedAtStart = s.counted();
    s.deliveredUpToNanos = System.nanoTime();
    return s;
  }

  @Override
  public void handleNotification(Notification n, Object handback) {
    long receiptNanos = System.nanoTime();
    if (!GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(n.getType())) {
      return;
    }
    try {
      GcInfo info = GarbageCollectionNotificationInfo.from((CompositeData) n.getUserData()).getGcInfo();
      endOriginNanos = Math.min(endOriginNanos, receiptNanos - TimeUnit.MILLISECONDS.toNanos(info.getEndTime()));
      pauses.add(new Notified(info.getEndTime(), info.getDuration(), receiptNanos));
    } catch (RuntimeException e) { // never throw into the JVM's notification thread
      failed(e);
    } finally {
      notified.incrementAndGet(); // after the pause is queued: deliveredUpToNanos relies on it
    }
  }

  private long counted() {
    long sum = 0;
    for (GarbageCollectorMXBean gc : beans) {
      sum += Math.max(0, gc.getCollectionCount());
    }
    return sum;
  }

  @Override
  Pause poll() {
    Notified p = pauses.poll();
    if (p == null) {
      return null;
    }
    // mapped now, not on receipt: with the best offset so far, which may come from a later,
    // less-delayed notification (the first ones of a run are received late, ms apart, in a burst)
    long endNanos = Math.min(p.receiptNanos(), TimeUnit.MILLISECONDS.toNanos(p.endMillis()) + endOriginNanos);
    return new Pause(endNanos, TimeUnit.MILLISECONDS.toNanos(p.durationMillis()));
  }

  @Override
  long deliveredUpToNanos() {
    long now = System.nanoTime();
    // a collection is counted before its pause ends and notified after: if every collection
    // counted by now has been notified, every pause that ended before now is in the queue
    if (notified.get() >= counted() - countedAtStart) {
      deliveredUpToNanos = now;
    }
    return deliveredUpToNanos;
  }

  @Override
  public void close() {
    for (GarbageCollectorMXBean gc : beans) {
      try {
        ((NotificationEmitter) gc).removeNotificationListener(this);
      } catch (ListenerNotFoundException e) {
        // not registered (start failed part-way): nothing to remove
      }
    }
  }
}
