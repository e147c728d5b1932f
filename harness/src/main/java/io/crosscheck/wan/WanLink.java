package io.crosscheck.wan;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.DelayQueue;
import java.util.concurrent.Delayed;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The emulated link between the client's and the server's TAP device, in this process: per
 * direction, a reader thread takes each Ethernet frame off one TAP, picks the client class by the
 * IPv4 source address (client to server) or destination address (server to client), applies that
 * class's conditions, and a delivery thread writes the frame into the other TAP at its due instant.
 * Conditions, as netem applies them: loss (Bernoulli per IPv4 frame, one seeded {@link Random} per
 * class and direction, so a run's losses repeat with its seed and traffic), rate (the frame leaves at
 * max(now, link free) + its bits / rate, per class and direction), then the one-way delay (half the
 * RTT each way); at most {@link #QUEUE_LIMIT_FRAMES} frames of a class and direction in flight, tail
 * drop beyond. ARP, IPv6 and frames of no class pass at once, uncounted by class. Times are {@link
 * System#nanoTime()} instants. Counters are written by the reader threads and read by anyone.
 */
final class WanLink {
  /**
   * netem's default {@code limit}: frames held by a class and direction before tail drop (tail drop at
   * this count: {@code WanNetworkTest.framesBeyondTheQueueLimitAreTailDropped}).
   */
  static final int QUEUE_LIMIT_FRAMES = 1000;
  private static final int POLL_MILLIS = 50;
  private static final int ETHERTYPE_IPV4 = 0x0800;
  /**
   * The delivery thread wakes this long before a frame is due and spins the rest, as a margin for a
   * sleeping thread's late wake-up. A chosen margin: no test measures wake-up lateness; {@code
   * WanNetworkTest} checks only the end result (median RTT within +10 % of the profile's).
   */
  static final long SPIN_NANOS = 150_000;
  /** The forwarding threads' nice value: ahead of a busy generator or compiler on the same cores. */
  static final int NICE = -10;

  private final List<WanProfile> profiles;
  private final int[] classAddresses;
  private final Direction up;
  private final Direction down;
  private final List<Thread> threads = new ArrayList<>();
  private volatile boolean running = true;
  private final AtomicInteger reniceFailures = new AtomicInteger();

  /**
   * @param classAddresses IPv4 address of each class as an int (network order, 127.0.0.2 is
   *     0x7f000002), in the order of {@code profiles}
   */
  WanLink(Tap client, Tap server, List<WanProfile> profiles, int[] classAddresses, long seed) {
    this.profiles = List.copyOf(profiles);
    this.classAddresses = classAddresses.clone();
    this.up = new Direction("up", client, server, true, seed);
    this.down = new Direction("down", server, client, false, seed);
  }

  /** Starts the four threads (two readers, two deliverers); daemon threads, named after the TAPs. */
  void start() {
    for (Direction d : List.of(up, down)) {
      threads.add(new Thread(d::readLoop, "wan-" + d.name + "-read-" + d.from.name()));
      threads.add(new Thread(d::deliverLoop, "wan-" + d.name + "-deliver-" + d.to.name()));
    }
    for (Thread t : threads) {
      t.setDaemon(true);
      t.setPriority(Thread.MAX_PRIORITY);
      t.start();
    }
  }

  /** Stops the threads and waits for them (each notices within its poll timeout). Idempotent. */
  void stop() {
    running = false;
    for (Thread t : threads) {
      try {
        t.join(2000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }

  /** A reader or delivery thread's failure, or null: a TAP that fails stops its direction. */
  String failure() {
    String u = up.failure;
    return u != null ? u : down.failure;
  }

  /** Class {@code index}'s counts in one direction ({@code up}: client to server), as they are now. */
  LinkCounts counts(int index, boolean up) {
    Counters k = (up ? this.up : this.down).counters[index];
    return new LinkCounts(k.frames.get(), k.bytes.get(), k.lostFrames.get(), k.queueDroppedFrames.get(),
        k.largestFrameBytes);
  }

  /** Frames of no class (ARP, IPv6, other addresses), which passed without conditions. */
  WanDescription.Unclassified unclassified() {
    return new WanDescription.Unclassified(up.unclassifiedFrames.get(), down.unclassifiedFrames.get(),
        up.writeFailures.get() + down.writeFailures.get());
  }

  private int classOf(byte[] frame, int length, boolean bySource) {
    if (length < 14 + 20 || ((frame[12] & 0xff) << 8 | (frame[13] & 0xff)) != ETHERTYPE_IPV4) {
      return -1;
    }
    int at = 14 + (bySource ? 12 : 16);
    int address = (frame[at] & 0xff) << 24 | (frame[at + 1] & 0xff) << 16
        | (frame[at + 2] & 0xff) << 8 | (frame[at + 3] & 0xff);
    for (int i = 0; i < classAddresses.length; i++) {
      if (classAddresses[i] == address) {
        return i;
      }
    }
    return -1;
  }

  /** Whether every forwarding thread got {@link #NICE} (false when the kernel refused one). */
  boolean reniced() {
    return reniceFailures.get() == 0;
  }

  private void renice() {
    if (!Priority.setCallingThreadNice(NICE)) {
      reniceFailures.incrementAndGet();
    }
  }

  /** One class's counts in one direction. */
  static final class Counters {
    final AtomicLong frames = new AtomicLong();
    final AtomicLong bytes = new AtomicLong();
    final AtomicLong lostFrames = new AtomicLong();
    final AtomicLong queueDroppedFrames = new AtomicLong();
    final AtomicInteger inFlightFrames = new AtomicInteger();
    volatile int largestFrameBytes;
  }

  /** A frame waiting for its delivery instant. */
  private record Frame(long dueNanos, long sequence, byte[] data, int classIndex) implements Delayed {
    /** Until the delivery thread should wake for this frame: {@link #SPIN_NANOS} before it is due. */
    @Override
    public long getDelay(TimeUnit unit) {
      return unit.convert(dueNanos - SPIN_NANOS - System.nanoTime(), TimeUnit.NANOSECONDS);
    }

    @Override
    public int compareTo(Delayed other) {
      Frame o = (Frame) other;
      int byDue = Long.compare(dueNanos, o.dueNanos);
      return byDue != 0 ? byDue : Long.compare(sequence, o.sequence);
    }
  }

  /** One direction: its reader's state (single writer) and its delivery queue. */
  private final class Direction {
    final String name;
    final Tap from;
    final Tap to;
    final boolean isUp;
    final Counters[] counters;
    final Random[] randoms;
    final long[] linkFreeNanos;
    final DelayQueue<Frame> queue = new DelayQueue<>();
    final AtomicLong unclassifiedFrames = new AtomicLong();
    final AtomicLong writeFailures = new AtomicLong();
    volatile String failure;
    long sequence;

    Direction(String name, Tap from, Tap to, boolean isUp, long seed) {
      this.name = name;
      this.from = from;
      this.to = to;
      this.isUp = isUp;
      int n = profiles.size();
      counters = new Counters[n];
      randoms = new Random[n];
      linkFreeNanos = new long[n];
      for (int i = 0; i < n; i++) {
        counters[i] = new Counters();
        randoms[i] = new Random(seed * 31 + i * 2L + (isUp ? 0 : 1));
      }
    }

    void readLoop() {
      renice();
      byte[] buffer = new byte[Tap.MAX_FRAME_BYTES];
      try {
        while (running) {
          int length = from.read(buffer, POLL_MILLIS);
          if (length > 0) {
            accept(buffer, length, System.nanoTime());
          }
        }
      } catch (IOException | RuntimeException e) {
        failure = name + " reader: " + e.getMessage();
      }
    }

    private void accept(byte[] buffer, int length, long nowNanos) {
      int c = classOf(buffer, length, isUp);
      if (c < 0) {
        unclassifiedFrames.incrementAndGet();
        queue.add(new Frame(nowNanos, sequence++, Arrays.copyOf(buffer, length), -1));
        return;
      }
      WanProfile p = profiles.get(c);
      Counters k = counters[c];
      k.frames.incrementAndGet();
      k.bytes.addAndGet(length);
      if (length > k.largestFrameBytes) {
        k.largestFrameBytes = length;
      }
      if (p.lossPercent() > 0 && randoms[c].nextDouble() * 100 < p.lossPercent()) {
        k.lostFrames.incrementAndGet();
        return;
      }
      if (k.inFlightFrames.get() >= QUEUE_LIMIT_FRAMES) {
        k.queueDroppedFrames.incrementAndGet();
        return;
      }
      long bitsPerSecond = isUp ? p.upBitsPerSecond() : p.downBitsPerSecond();
      long leftNanos = nowNanos;
      if (bitsPerSecond > 0) {
        long startNanos = Math.max(nowNanos, linkFreeNanos[c]);
        leftNanos = startNanos + length * 8L * 1_000_000_000L / bitsPerSecond;
        linkFreeNanos[c] = leftNanos;
      }
      long dueNanos = leftNanos + (isUp ? p.upDelayNanos() : p.downDelayNanos());
      k.inFlightFrames.incrementAndGet();
      // Copied only now: a lost or tail-dropped frame costs no allocation.
      queue.add(new Frame(dueNanos, sequence++, Arrays.copyOf(buffer, length), c));
    }

    void deliverLoop() {
      renice();
      try {
        while (running) {
          Frame f = queue.poll(POLL_MILLIS, TimeUnit.MILLISECONDS);
          if (f == null) {
            continue;
          }
          while (System.nanoTime() < f.dueNanos) {
            Thread.onSpinWait();
          }
          if (f.classIndex >= 0) {
            counters[f.classIndex].inFlightFrames.decrementAndGet();
          }
          if (!to.write(f.data, f.data.length)) {
            writeFailures.incrementAndGet();
          }
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      } catch (RuntimeException e) {
        failure = name + " delivery: " + e;
      }
    }
  }
}
