package io.crosscheck.wan;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * A WAN network as a run's record keeps it ({@link WanNetwork#describe()}; the study's {@code
 * wan.json} holds these members first): what applied the conditions and why, the namespaces and
 * interfaces, and per client class its address, profile and what the link did in each direction.
 * Jackson writes the members in this order. Immutable.
 *
 * @param mechanism what applied the conditions: {@code userspace-tap}
 * @param mechanismReason why, and what the netem probe answered
 * @param clientNamespace where the generator and its capture run
 * @param serverNamespace where the server runs
 * @param clientInterface the client's TAP inside {@code clientNamespace}: the capture's interface
 * @param serverInterface the server's TAP inside {@code serverNamespace}
 * @param serverAddress the server's address in its namespace
 * @param seed the loss draws' seed
 * @param forwarderNice the forwarding threads' nice value (0 when the kernel refused the higher priority)
 * @param sweptStale what the start removed of ended runs' networks
 * @param classes per client class, in the order of the profiles
 * @param unclassified frames of no class; absent before the link started
 * @param linkFailure the link's failure (a TAP that failed stops its direction); absent when none
 */
public record WanDescription(String mechanism, String mechanismReason, String clientNamespace,
    String serverNamespace, String clientInterface, String serverInterface, String serverAddress, long seed,
    int forwarderNice, List<String> sweptStale, List<ClientClass> classes,
    @JsonInclude(JsonInclude.Include.NON_NULL) Unclassified unclassified,
    @JsonInclude(JsonInclude.Include.NON_NULL) String linkFailure) {

  /**
   * One client class: its source address, its profile and its counts.
   *
   * @param address the class's source address in the client namespace (127.0.0.2, ...)
   * @param profile the profile as given ({@link WanProfile#label()})
   * @param rttNanos the round-trip delay added, half each way
   * @param upBitsPerSecond the client-to-server rate, 0 for unlimited
   * @param downBitsPerSecond the server-to-client rate, 0 for unlimited
   * @param lossPercent the chance of losing an IPv4 frame, each way
   * @param mtu the class's MTU ({@link WanProfile#effectiveMtu()})
   * @param up what the link did client to server; absent before the link started
   * @param down what the link did server to client; absent as {@code up}
   */
  public record ClientClass(String address, String profile, long rttNanos, long upBitsPerSecond,
      long downBitsPerSecond, double lossPercent, int mtu,
      @JsonInclude(JsonInclude.Include.NON_NULL) LinkCounts up,
      @JsonInclude(JsonInclude.Include.NON_NULL) LinkCounts down) {}

  /**
   * Frames of no class (ARP, IPv6, other addresses), which passed without conditions.
   *
   * @param upFrames client to server
   * @param downFrames server to client
   * @param writeFailures frames either direction failed to write into the other TAP
   */
  public record Unclassified(long upFrames, long downFrames, long writeFailures) {}
}
