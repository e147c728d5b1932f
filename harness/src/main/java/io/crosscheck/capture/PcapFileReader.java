package io.crosscheck.capture;

import java.io.IOException;

/**
 * Reads classic pcap (see {@link CaptureReader} for the format). Allocation-free per packet: each
 * record is handed to the handler straight out of the {@link CaptureInput} window.
 */
final class PcapFileReader {
  static final int FILE_HEADER_BYTES = 24;
  static final int RECORD_HEADER_BYTES = 16;
  /** libpcap's own ceiling on a snap length; records up to this size are always accepted. */
  static final int MAX_ORDINARY_SNAPLEN = 262_144;

  private PcapFileReader() {}

  /**
   * @param bigEndian byte order of the file, from its magic
   * @param nanosPerFraction 1 for nanosecond files (magic a1b23c4d), 1,000 for microsecond files
   */
  static void read(CaptureInput in, ReadTally tally, boolean bigEndian, long nanosPerFraction,
      PacketHandler handler) throws IOException {
    tally.format = nanosPerFraction == 1 ? "pcap-ns" : "pcap-us";
    tally.interfaces = 1;
    int present = in.require(FILE_HEADER_BYTES);
    if (present < FILE_HEADER_BYTES) {
      throw tally.error(0, "pcap file header needs " + FILE_HEADER_BYTES + " bytes, only "
          + present + " present");
    }
    byte[] b = in.buf;
    long snaplen = CaptureInput.u32(b, in.pos + 16, bigEndian);
    // The upper 16 bits of the link-type field carry FCS information, not the type.
    int linkType = CaptureInput.u16(b, in.pos + (bigEndian ? 22 : 20), bigEndian);
    if (!LinkTypes.decoded(linkType)) {
      throw tally.error(20, LinkTypes.notDecoded(linkType));
    }
    long capturedLimit = Math.min(CaptureReader.MAX_RECORD_BYTES,
        Math.max(snaplen, MAX_ORDINARY_SNAPLEN));
    in.pos += FILE_HEADER_BYTES;

    long recordNumber = 0;
    while (true) {
      recordNumber++;
      long recordOffset = in.offset();
      present = in.require(RECORD_HEADER_BYTES);
      if (present == 0) {
        return;
      }
      if (present < RECORD_HEADER_BYTES) {
        tally.truncated(recordOffset, "header of packet record " + ReadTally.number(recordNumber),
            RECORD_HEADER_BYTES, present);
        return;
      }
      b = in.buf;
      int p = in.pos;
      long seconds = CaptureInput.u32(b, p, bigEndian);
      long fraction = CaptureInput.u32(b, p + 4, bigEndian);
      long captured = CaptureInput.u32(b, p + 8, bigEndian);
      long original = CaptureInput.u32(b, p + 12, bigEndian);
      if (captured > capturedLimit) {
        throw tally.error(recordOffset, "packet record " + ReadTally.number(recordNumber)
            + " claims " + ReadTally.number(captured) + " captured bytes, more than the limit of "
            + ReadTally.number(capturedLimit) + " (file snap length " + ReadTally.number(snaplen)
            + ")");
      }
      if (original > CaptureReader.MAX_RECORD_BYTES) {
        throw tally.error(recordOffset, "packet record " + ReadTally.number(recordNumber)
            + " claims an original length of " + ReadTally.number(original)
            + " bytes, more than the limit of "
            + ReadTally.number(CaptureReader.MAX_RECORD_BYTES));
      }
      int recordBytes = RECORD_HEADER_BYTES + (int) captured;
      present = in.require(recordBytes);
      if (present < recordBytes) {
        tally.truncated(recordOffset, "packet record " + ReadTally.number(recordNumber),
            recordBytes, present);
        return;
      }
      long timestampEpochNanos = seconds * 1_000_000_000L + fraction * nanosPerFraction;
      handler.packet(timestampEpochNanos, linkType, in.buf, in.pos + RECORD_HEADER_BYTES,
          (int) captured, (int) original);
      tally.packet((int) captured, original);
      in.pos += recordBytes;
    }
  }
}
