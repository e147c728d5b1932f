package io.crosscheck.capture;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * Reads a capture file (classic pcap or pcapng, detected from its first four bytes) and hands
 * every packet to a {@link PacketHandler}: the start of the {@code capture → wire} spine for runs
 * analysed offline. Streaming and allocation-free per packet: one buffer (1 MiB, grown only for
 * larger records) holds the data, and packets are delivered straight out of it.
 *
 * <h2>pcap</h2>
 * A 24-byte file header, then records. All fields are unsigned and in the byte order of the
 * magic.
 * <pre>
 * file header: magic u32      a1b2c3d4 (microsecond timestamps) or a1b23c4d (nanosecond);
 *                             read as d4c3b2a1 / 4d3cb2a1 when the file's byte order is the other
 *              version_major u16, version_minor u16 (2.4; not checked)
 *              thiszone s32, sigfigs u32 (ignored: timestamps are UTC)
 *              snaplen u32    largest captured length the writer kept
 *              linktype u32   low 16 bits: LINKTYPE_ value ({@link LinkTypes}); high bits: FCS info
 * record:      ts_sec u32     seconds since the epoch
 *              ts_frac u32    microseconds or nanoseconds within the second (per the magic)
 *              incl_len u32   captured bytes that follow
 *              orig_len u32   length of the frame on the wire
 *              data           incl_len bytes, no padding
 * </pre>
 *
 * <h2>pcapng</h2>
 * A sequence of blocks: {@code type u32, total_length u32, body, total_length u32}, total length
 * a multiple of 4, in the byte order of the enclosing section. Understood:
 * <ul>
 *   <li>Section Header (0x0a0d0d0a): byte-order magic 1a2b3c4d, version, section length, options.
 *       Starts a new section: the interfaces of the previous one are forgotten.</li>
 *   <li>Interface Description (1): linktype u16, reserved u16, snaplen u32, options; of the options
 *       {@code if_tsresol} (9; one byte: 10^-n seconds, or 2^-n with the top bit set; default
 *       10^-6) and {@code if_tsoffset} (14; s64 seconds added to every timestamp) are used.
 *       Interfaces are numbered 0, 1, ... in the order they appear in the section.</li>
 *   <li>Enhanced Packet (6): interface_id u32, timestamp high u32, low u32 (units of the
 *       interface's resolution since the epoch), captured_len u32, original_len u32, data padded
 *       to 4 bytes, options (ignored).</li>
 *   <li>Simple Packet (3): original_len u32, data (captured length = min(original_len, snaplen of
 *       interface 0, what the block holds)). It has no timestamp: the previous packet's is used
 *       (-1 before any) and the number of such packets is reported as a warning.</li>
 *   <li>Obsolete Packet (2): interface_id u16, drops_count u16, timestamp high, low, captured_len,
 *       original_len, data: read like an Enhanced Packet.</li>
 *   <li>Any other type (name resolution, interface statistics, custom...) is skipped by its
 *       length and counted in {@link CaptureStats#skippedBlocks()}.</li>
 * </ul>
 *
 * <h2>Bad input</h2>
 * A file that ends inside a record stops the read cleanly: every complete packet has been
 * delivered and a warning names the byte offset of the cut record. Anything else malformed throws
 * {@link CaptureFormatException} naming the file and byte offset: unknown magic, a record or block
 * length over {@value #MAX_RECORD_BYTES} bytes (or a pcap record over the file's snap length and
 * 256 KiB), a pcapng block length that is not a multiple of 4 or disagrees with its trailing copy,
 * a packet naming an undescribed interface. The reader never allocates more than about twice the
 * bytes actually present, whatever a length field says.
 *
 * <p>Thread-safety: each call is independent; the handler is called on the caller's thread.
 */
public final class CaptureReader {
  /** Largest record, block or frame length accepted (256 MiB). */
  public static final int MAX_RECORD_BYTES = 256 << 20;

  private CaptureReader() {}

  /**
   * Reads {@code file} to its end, calling {@code handler} for each packet in file order.
   *
   * @throws CaptureFormatException when the file is not a capture or is malformed (message names
   *     the file and byte offset)
   * @throws IOException when the file cannot be read, or as thrown by the handler
   */
  public static CaptureStats read(Path file, PacketHandler handler) throws IOException {
    InputStream stream;
    try {
      stream = Files.newInputStream(file);
    } catch (NoSuchFileException e) {
      throw new NoSuchFileException(file.toString(), null, "no such capture file");
    }
    try (InputStream in = stream) {
      return read(in, file.toString(), handler);
    }
  }

  /**
   * Reads a capture from {@code in} (not closed) to its end.
   *
   * @param sourceName names the input in messages and warnings, e.g. a file name
   */
  public static CaptureStats read(InputStream in, String sourceName, PacketHandler handler)
      throws IOException {
    CaptureInput input = new CaptureInput(in);
    ReadTally tally = new ReadTally(sourceName);
    int present = input.require(4);
    if (present < 4) {
      throw new CaptureFormatException(sourceName + ": not a capture file: it holds only "
          + present + " byte(s), expected a pcap or pcapng header");
    }
    long magic = CaptureInput.u32(input.buf, input.pos, true);
    if (magic == 0xa1b2c3d4L || magic == 0xd4c3b2a1L) {
      PcapFileReader.read(input, tally, magic == 0xa1b2c3d4L, 1_000, handler);
    } else if (magic == 0xa1b23c4dL || magic == 0x4d3cb2a1L) {
      PcapFileReader.read(input, tally, magic == 0xa1b23c4dL, 1, handler);
    } else if (magic == PcapngFileReader.SECTION_HEADER) {
      PcapngFileReader.read(input, tally, handler);
    } else {
      throw new CaptureFormatException(sourceName + ": not a capture file: it starts with "
          + describeMagic(input.buf, input.pos) + ", expected a pcap magic (a1b2c3d4 or a1b23c4d,"
          + " either byte order) or a pcapng section header (0a0d0d0a)");
    }
    return tally.stats();
  }

  private static String describeMagic(byte[] b, int p) {
    StringBuilder hex = new StringBuilder();
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < 4; i++) {
      int value = b[p + i] & 0xff;
      hex.append(String.format("%02x", value));
      text.append(value >= 0x20 && value < 0x7f ? (char) value : '.');
    }
    return hex + " (\"" + text + "\")";
  }
}
