package io.crosscheck.capture;

import java.util.List;

/**
 * What {@link CaptureReader} found in one capture file.
 *
 * @param packets packets delivered to the handler
 * @param bytes sum of the captured lengths delivered (not the lengths on the wire)
 * @param format {@code "pcap-us"}, {@code "pcap-ns"} or {@code "pcapng"}
 * @param skippedBlocks pcapng blocks read past without being decoded (name resolution, interface
 *     statistics, custom and unknown types); always 0 for pcap
 * @param truncatedPackets packets whose captured length is less than their length on the wire
 *     (cut by the snap length)
 * @param interfaces interfaces described by the file: 1 for pcap, the number of interface
 *     description blocks (over all sections) for pcapng
 * @param warnings problems that did not stop the read (a truncated last record, packets without
 *     a timestamp), each naming the file and byte offset; empty when the file is clean
 */
public record CaptureStats(
    long packets,
    long bytes,
    String format,
    long skippedBlocks,
    long truncatedPackets,
    int interfaces,
    List<String> warnings) {

  /** Copies {@code warnings} so the record stays immutable. */
  public CaptureStats {
    warnings = List.copyOf(warnings);
  }
}
