package io.crosscheck.capture;

import java.io.IOException;
import java.sql.Timestamp;
import java.util.concurrent.TimeUnit;
import org.pcap4j.core.BpfProgram;
import org.pcap4j.core.NotOpenException;
import org.pcap4j.core.PcapDumper;
import org.pcap4j.core.PcapHandle;
import org.pcap4j.core.PcapNativeException;
import org.pcap4j.core.PcapNetworkInterface.PromiscuousMode;
import org.pcap4j.core.PcapStat;

/**
 * Captures packets from a network interface with libpcap (pcap4j 1.8.2) into a pcap file as they
 * arrive: the live source of the {@code capture → wire} spine. Nanosecond timestamps (wall clock,
 * from the kernel via the pcap header), immediate mode, a BPF filter, a configurable snap length
 * and kernel buffer.
 *
 * <p>A dedicated daemon thread runs {@code pcap_loop}. Without a {@link PacketHandler} (an audit's
 * capture) libpcap writes each packet itself ({@code pcap_dump}, nanosecond pcap): no Java runs
 * per packet. The capture thread shares its core with the engine's loop in the one-core layout, and
 * its per-packet Java (a JNA callback, a copy into a new array, a timestamp object, ~0.6 us and
 * ~600 bytes allocated per packet) was what it could not keep up with at 5,000 two-host sessions:
 * the kernel dropped 60,576-147,490 packets per audit, none with libpcap writing
 * (bench/results/2026-11-29/native-capture/). With a handler, each packet is appended to a
 * {@link PcapWriter} and handed to it on that thread. Either way the file is flushed at least every
 * {@value #FLUSH_INTERVAL_MILLIS} ms by a timer, which also reports a write error (a full disk) as
 * the capture's failure. {@link #stop()} first waits for the tail: until {@value #TAIL_QUIET_MILLIS}
 * ms have passed both since the call and since the last packet (at most {@value #TAIL_MAX_MILLIS}
 * ms), so packets still in the kernel buffer are not lost; then it breaks the loop and reads the
 * kernel's counters (and, for libpcap's file, counts what it wrote).
 *
 * <p>Needs root or CAP_NET_RAW, and libpcap; otherwise {@link #start} throws
 * {@link CaptureUnavailableException} saying how to fix it. {@code start} and {@code stop} may be
 * called from any thread.
 */
public final class LiveCapture implements AutoCloseable {
  static final long FLUSH_INTERVAL_MILLIS = 250;
  static final long TAIL_QUIET_MILLIS = 300;
  static final long TAIL_MAX_MILLIS = 2_000;
  private static final long LOOP_EXIT_MILLIS = 3_000;

  private final LiveCaptureConfig config;
  private final PcapHandle handle;
  /** Our writer, when a handler also sees each packet; else null. */
  private final PcapWriter writer;
  /** libpcap's own writer, when no handler does; else null. */
  private final PcapDumper dumper;
  /** Guards {@link #dumper} between the flush timer, the tail wait and {@link #stop()}. */
  private final Object dumperLock = new Object();
  /** The dumper's file position when last looked at (the flush timer, the tail wait). */
  private long dumperPosition = -1;
  private final int linkType;
  /** What happens to outgoing copies of packets (set once, before the capture thread starts). */
  private String outgoingCopies = "";
  private final Thread loopThread;
  private final Thread flushThread;
  private volatile long lastPacketNanos = System.nanoTime();
  private volatile Throwable failure;
  private volatile boolean stopping;
  private long packetsCaptured;
  private long bytesCaptured;
  private LiveCaptureStats stats;

  private LiveCapture(LiveCaptureConfig config, PcapHandle handle, PcapWriter writer,
      PcapDumper dumper, int linkType) {
    this.config = config;
    this.handle = handle;
    this.writer = writer;
    this.dumper = dumper;
    this.linkType = linkType;
    this.loopThread = new Thread(this::runLoop, "crosscheck-capture-" + config.interfaceName());
    this.flushThread = new Thread(this::runFlusher, "crosscheck-capture-flush");
    loopThread.setDaemon(true);
    flushThread.setDaemon(true);
  }

  /**
   * Opens the interface, installs the filter, creates the output file and starts capturing.
   *
   * @throws CaptureUnavailableException no permission, no libpcap, no such interface
   * @throws IllegalArgumentException the filter does not compile
   * @throws IOException the output file cannot be created
   */
  public static LiveCapture start(LiveCaptureConfig config) throws IOException {
    PcapHandle handle;
    try {
      handle = new PcapHandle.Builder(config.interfaceName())
          .snaplen(config.snaplenBytes())
          .bufferSize(config.bufferBytes())
          .promiscuousMode(PromiscuousMode.NONPROMISCUOUS)
          .timeoutMillis(100)
          .immediateMode(true)
          .timestampPrecision(PcapHandle.TimestampPrecision.NANO)
          .build();
    } catch (PcapNativeException | LinkageError e) {
      throw CaptureUnavailableException.explain(config.interfaceName(), e);
    }
    try {
      if (!config.bpfFilter().isEmpty()) {
        try {
          handle.setFilter(config.bpfFilter(), BpfProgram.BpfCompileMode.OPTIMIZE);
        } catch (PcapNativeException e) {
          throw new IllegalArgumentException("bpf filter \"" + config.bpfFilter()
              + "\" does not compile for '" + config.interfaceName() + "': " + e.getMessage(), e);
        }
      }
      // on lo: no outgoing copies delivered in the senders' syscalls (LoopbackOutgoing)
      String outgoing = LoopbackOutgoing.isLoopback(config.interfaceName())
          ? LoopbackOutgoing.ignore(handle) : "not a loopback interface";
      int linkType = handle.getDlt().value();
      PcapWriter writer = null;
      PcapDumper dumper = null;
      if (config.handler() != null) {
        writer = new PcapWriter(config.output(), linkType, config.snaplenBytes());
      } else {
        try {
          dumper = handle.dumpOpen(config.output().toString());
        } catch (PcapNativeException e) {
          throw new IOException("cannot create the capture file " + config.output() + ": " + e.getMessage(), e);
        }
      }
      LiveCapture capture = new LiveCapture(config, handle, writer, dumper, linkType);
      capture.outgoingCopies = outgoing == null ? "ignored by the kernel (PACKET_IGNORE_OUTGOING)"
          : "delivered: " + outgoing;
      capture.loopThread.start();
      capture.flushThread.start();
      return capture;
    } catch (NotOpenException e) {
      handle.close();
      throw new IOException("capture handle on '" + config.interfaceName() + "' closed early", e);
    } catch (IOException | RuntimeException e) {
      handle.close();
      throw e;
    }
  }

  private void runLoop() {
    try {
      if (dumper != null) {
        handle.loop(-1, dumper);
      } else {
        handle.loop(-1, this::packet);
      }
    } catch (InterruptedException e) {
      // breakLoop(): the normal way out.
    } catch (Throwable e) {
      failure = e;
    }
  }

  private void packet(byte[] frame) {
    if (failure != null) {
      return;
    }
    Timestamp timestamp = handle.getTimestamp();
    // getTime() holds whole milliseconds and getNanos() the full sub-second part.
    long timestampEpochNanos =
        Math.floorDiv(timestamp.getTime(), 1000L) * 1_000_000_000L + timestamp.getNanos();
    Integer original = handle.getOriginalLength();
    int originalLength = original == null ? frame.length : original;
    try {
      writer.write(timestampEpochNanos, frame, 0, frame.length, originalLength);
      if (config.handler() != null) {
        config.handler().packet(timestampEpochNanos, linkType, frame, 0, frame.length,
            originalLength);
      }
    } catch (IOException | RuntimeException e) {
      failure = e;
    }
    packetsCaptured++;
    bytesCaptured += frame.length;
    lastPacketNanos = System.nanoTime();
  }

  private void runFlusher() {
    while (!stopping) {
      try {
        Thread.sleep(FLUSH_INTERVAL_MILLIS);
        flush();
      } catch (InterruptedException e) {
        return;
      } catch (IOException e) {
        failure = e;
        if (dumper != null) {
          breakLoop(); // libpcap's loop never sees its own write errors: stop it here
        }
        return;
      }
    }
  }

  /** Pushes what was captured to the file; a write error (a full disk) is thrown. */
  private void flush() throws IOException {
    if (writer != null) {
      writer.flush();
      return;
    }
    synchronized (dumperLock) {
      if (!dumper.isOpen()) {
        return;
      }
      try {
        dumper.flush();
      } catch (PcapNativeException | NotOpenException e) {
        throw new IOException("writing the capture file " + config.output() + " failed: " + e.getMessage(), e);
      }
      if (DumperErrors.seen(dumper)) {
        throw new IOException("writing the capture file " + config.output() + " failed: " + DumperErrors.why(config.output()));
      }
    }
    notePosition();
  }

  /** libpcap's file grew since the last look: a packet came since (for the tail wait). */
  private void notePosition() {
    if (dumper == null) {
      return;
    }
    synchronized (dumperLock) {
      if (!dumper.isOpen()) {
        return;
      }
      try {
        long position = dumper.ftell(); // counts what stdio still buffers
        if (position != dumperPosition) {
          dumperPosition = position;
          lastPacketNanos = System.nanoTime();
        }
      } catch (PcapNativeException | NotOpenException e) {
        // the position is only a hint for the tail wait
      }
    }
  }

  /**
   * Flushes and closes libpcap's file once its loop has ended (closing it under a running {@code
   * pcap_dump} would free what it writes to), then counts what it wrote: packets and captured
   * bytes, as the Java writer counts them.
   */
  private void closeDumper() throws IOException {
    synchronized (dumperLock) {
      if (loopThread.isAlive()) {
        flush(); // the loop did not stop (joinLoop said so): keep the file, do not free it
        return;
      }
      try {
        flush();
      } catch (IOException e) {
        failure = failure != null ? failure : e;
      } finally {
        dumper.close();
      }
    }
    if (failure != null) {
      return; // stop() reports it; the file may be anything (a device that is full, say)
    }
    long[] bytes = {0};
    CaptureStats written = CaptureReader.read(config.output(),
        (ts, link, data, offset, captured, original) -> bytes[0] += captured);
    packetsCaptured = written.packets();
    bytesCaptured = bytes[0];
  }

  private void breakLoop() {
    try {
      handle.breakLoop();
    } catch (NotOpenException e) {
      // closed already: the loop is over
    }
  }

  /** Link type of the captured frames ({@link LinkTypes}). */
  public int linkType() {
    return linkType;
  }

  /**
   * Waits for the tail, stops capturing, closes the file and reports. Later calls return the same
   * stats.
   *
   * @throws IOException writing the file or the handler failed during the capture
   */
  public synchronized LiveCaptureStats stop() throws IOException {
    if (stats != null) {
      return stats;
    }
    long stopCalledNanos = System.nanoTime();
    long quietNanos = TimeUnit.MILLISECONDS.toNanos(TAIL_QUIET_MILLIS);
    long deadlineNanos = stopCalledNanos + TimeUnit.MILLISECONDS.toNanos(TAIL_MAX_MILLIS);
    while (loopThread.isAlive() && failure == null) {
      long now = System.nanoTime();
      boolean quiet = now - stopCalledNanos >= quietNanos && now - lastPacketNanos >= quietNanos;
      if (quiet || now - deadlineNanos >= 0) {
        break;
      }
      sleepMillis(20);
      notePosition();
    }
    stopping = true;
    flushThread.interrupt();
    PcapStat kernel;
    try {
      handle.breakLoop();
      joinLoop();
      kernel = handle.getStats();
    } catch (NotOpenException | PcapNativeException e) {
      throw new IOException("capture on '" + config.interfaceName() + "': reading kernel "
          + "statistics failed: " + e.getMessage(), e);
    } finally {
      if (!loopThread.isAlive()) {
        handle.close();
      }
      if (writer != null) {
        writer.close();
      } else {
        closeDumper();
      }
    }
    if (failure != null) {
      // (libpcap's file is not counted after a failure: it may be anything)
      throw new IOException("capture on '" + config.interfaceName() + "' failed"
          + (writer != null ? " after " + packetsCaptured + " packets" : "") + ": " + failure, failure);
    }
    stats = new LiveCaptureStats(packetsCaptured, bytesCaptured, kernel.getNumPacketsReceived(),
        kernel.getNumPacketsDropped(), kernel.getNumPacketsDroppedByIf(), linkType,
        config.output(), outgoingCopies);
    return stats;
  }

  private void joinLoop() throws IOException {
    try {
      loopThread.join(LOOP_EXIT_MILLIS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while stopping the capture on '"
          + config.interfaceName() + "'", e);
    }
    if (loopThread.isAlive()) {
      throw new IOException("capture loop on '" + config.interfaceName() + "' did not stop within "
          + LOOP_EXIT_MILLIS + " ms of pcap_breakloop");
    }
  }

  private static void sleepMillis(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Same as {@link #stop()}, discarding the stats. */
  @Override
  public void close() throws IOException {
    stop();
  }
}
