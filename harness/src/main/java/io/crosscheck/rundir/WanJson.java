package io.crosscheck.rundir;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.crosscheck.record.JsonFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * {@value #FILE}: a WAN study cell's network, written by {@link #write} once the cell's audit ended
 * and read by {@link #read} for the study's table. Field by field: the emulation's {@code
 * mechanism} and why, the two namespaces, their interfaces and the server's address, the link's
 * {@code seed}, the forwarder's nice level, what a killed run had left ({@code sweptStale}), per
 * client {@code classes} its profile and the link's counters in each direction, the frames of no
 * class ({@code unclassified}), the link's failure if any, and {@code measuredRtt}: per class the
 * configured RTT beside the median SYN to SYN-ACK time the capture saw. Absent members are null
 * (an older file, or a link that never started). Immutable.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record WanJson(String mechanism, String mechanismReason, String clientNamespace, String serverNamespace,
    String clientInterface, String serverInterface, String serverAddress, Long seed, Integer forwarderNice,
    List<String> sweptStale, List<LinkClass> classes, Unclassified unclassified, String linkFailure,
    List<MeasuredRtt> measuredRtt) {
  /** The file's name in a WAN study's cell directory. */
  public static final String FILE = "wan.json";

  /** A client class: its source address, profile and the link's counters up (to the server) and down. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record LinkClass(String address, String profile, Long rttNanos, Long upBitsPerSecond, Long downBitsPerSecond,
      Double lossPercent, Integer mtu, LinkCounts up, LinkCounts down) {}

  /** One direction's frames and bytes passed, lost (emulated loss) and dropped at the queue. */
  public record LinkCounts(long frames, long bytes, long lostFrames, long queueDroppedFrames, int largestFrameBytes) {}

  /** Frames of no class (ARP, IPv6, other addresses), passed without conditions. */
  public record Unclassified(long upFrames, long downFrames, long writeFailures) {}

  /**
   * One class's RTT: configured, and measured as the median SYN to SYN-ACK time ({@code
   * connectNanos}) of its connections with a request in wire-exchanges.csv (null without one).
   */
  public record MeasuredRtt(String address, String profile, double configuredRttMicros, int handshakes,
      Double medianRttMicros, String evidence) {}

  /** Reads {@code file}; an IOException names it (missing, not JSON, a member of the wrong type). */
  public static WanJson read(Path file) throws IOException {
    return JsonFiles.convert(file, JsonFiles.readObject(file, "missing"), WanJson.class);
  }

  /** Writes {@code wan} to {@code file}, atomically. */
  public static void write(Path file, WanJson wan) throws IOException {
    JsonFiles.writeAtomically(file, wan);
  }
}
