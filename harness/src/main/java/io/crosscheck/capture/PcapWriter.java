package io.crosscheck.capture;

import java.io.Closeable;
import java.io.Flushable;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes a classic pcap file with nanosecond timestamps, readable by tcpdump, tshark, Wireshark
 * and {@link CaptureReader}: the run directory's {@code capture.pcap}. Little-endian:
 * <pre>
 * file header (24 bytes): magic a1b23c4d (bytes 4d 3c b2 a1: nanosecond pcap), version 2.4,
 *                         thiszone 0, sigfigs 0, snaplen u32, linktype u32
 * record: ts_sec u32 (seconds since the epoch), ts_nsec u32 (0..999,999,999),
 *         incl_len u32 (min(capturedLength, snaplen)), orig_len u32, incl_len data bytes
 * </pre>
 * Records are buffered (1 MiB) and reach the file on {@link #flush()} or when the buffer fills.
 * Every method is synchronized so that a timer thread may flush while a capture thread writes.
 */
public final class PcapWriter implements Closeable, Flushable {
  private static final int BUFFER_BYTES = 1 << 20;
  private static final int MAGIC_NANOS = 0xa1b23c4d;

  private final OutputStream out;
  private final int snaplen;
  private final byte[] buffer = new byte[BUFFER_BYTES];
  private int used;
  private long packetsWritten;
  private boolean closed;

  /**
   * Creates (or truncates) {@code file} and writes the file header.
   *
   * @param linkType the link type of every frame ({@link LinkTypes})
   * @param snaplen frames are cut to this many bytes (1..{@value CaptureReader#MAX_RECORD_BYTES})
   */
  public PcapWriter(Path file, int linkType, int snaplen) throws IOException {
    this(Files.newOutputStream(file), linkType, snaplen);
  }

  /** Writes to {@code out}, which {@link #close()} closes. */
  public PcapWriter(OutputStream out, int linkType, int snaplen) throws IOException {
    if (snaplen <= 0 || snaplen > CaptureReader.MAX_RECORD_BYTES) {
      out.close();
      throw new IllegalArgumentException("snaplen " + snaplen + " is out of range, expected 1.."
          + CaptureReader.MAX_RECORD_BYTES);
    }
    this.out = out;
    this.snaplen = snaplen;
    putInt(MAGIC_NANOS);
    putShort(2);
    putShort(4);
    putInt(0);
    putInt(0);
    putInt(snaplen);
    putInt(linkType);
  }

  /**
   * Appends one record.
   *
   * @param timestampEpochNanos capture time, wall clock, nanoseconds since the epoch (≥ 0)
   * @param capturedLength bytes of the frame present in {@code data}; more than the snap length
   *     are cut
   * @param originalLength the frame's length on the wire
   */
  public synchronized void write(long timestampEpochNanos, byte[] data, int offset,
      int capturedLength, int originalLength) throws IOException {
    if (closed) {
      throw new IOException("pcap writer is closed");
    }
    int kept = Math.min(capturedLength, snaplen);
    if (BUFFER_BYTES - used < 16 + kept) {
      drain();
    }
    putInt((int) Math.floorDiv(timestampEpochNanos, 1_000_000_000L));
    putInt((int) Math.floorMod(timestampEpochNanos, 1_000_000_000L));
    putInt(kept);
    putInt(originalLength);
    if (kept > BUFFER_BYTES - used) {
      out.write(data, offset, kept);
    } else {
      System.arraycopy(data, offset, buffer, used, kept);
      used += kept;
    }
    packetsWritten++;
  }

  /** Records written so far. */
  public synchronized long packetsWritten() {
    return packetsWritten;
  }

  /** Pushes buffered records to the file. */
  @Override
  public synchronized void flush() throws IOException {
    if (!closed) {
      drain();
      out.flush();
    }
  }

  /** Flushes and closes; later calls do nothing. */
  @Override
  public synchronized void close() throws IOException {
    if (!closed) {
      try {
        drain();
      } finally {
        closed = true;
        out.close();
      }
    }
  }

  private void drain() throws IOException {
    if (used > 0) {
      out.write(buffer, 0, used);
      used = 0;
    }
  }

  private void putInt(int value) {
    buffer[used] = (byte) value;
    buffer[used + 1] = (byte) (value >>> 8);
    buffer[used + 2] = (byte) (value >>> 16);
    buffer[used + 3] = (byte) (value >>> 24);
    used += 4;
  }

  private void putShort(int value) {
    buffer[used] = (byte) value;
    buffer[used + 1] = (byte) (value >>> 8);
    used += 2;
  }
}
