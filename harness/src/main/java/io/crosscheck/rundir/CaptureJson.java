package io.crosscheck.rundir;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * {@code capture.json}: what the live capture of an audit was and counted. The counters are null
 * when the capture did not stop cleanly (the audit was killed). Immutable.
 *
 * @param interfaceName the interface captured on (JSON key {@code interface})
 * @param filter the BPF filter
 * @param snaplenBytes bytes kept of each packet
 * @param packetsCaptured packets written to capture.pcap
 * @param outgoingCopies how outgoing copies on lo were handled (e.g. {@code
 *     PACKET_IGNORE_OUTGOING} unavailable)
 * @param bytesCaptured bytes written
 * @param kernelDropped packets the kernel dropped (buffer full): exchanges are missing
 * @param interfaceDropped packets the interface dropped
 * @param linkType the pcap link type
 * @param interfaceChosenBy how the interface was chosen: {@code route} (the kernel's route to the
 *     target leaves by it), {@code local-address} (the target is an address of this host: loopback)
 *     or {@code option} ({@code --interface}); absent in files written before it
 * @param interfaceReason why this interface, in words ({@code the route to 127.0.9.2})
 * @param route the kernel's route to the target as {@code ip -o route get} printed it in the
 *     capturing namespace; absent when it could not be read
 * @param targetAddress the target's address the route was asked for and the filter names
 * @param namespace the network namespace the interface is in, when it is not crosscheck's own ({@code
 *     --wan}: the client namespace); null otherwise
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record CaptureJson(
    @com.fasterxml.jackson.annotation.JsonProperty("interface") String interfaceName,
    String filter,
    int snaplenBytes,
    Long packetsCaptured,
    String outgoingCopies,
    Long bytesCaptured,
    Long kernelDropped,
    Long interfaceDropped,
    Integer linkType,
    String interfaceChosenBy,
    String interfaceReason,
    String route,
    String targetAddress,
    String namespace) {

  /** capture.json as written before the interface's choice and namespace were recorded. */
  public CaptureJson(String interfaceName, String filter, int snaplenBytes, Long packetsCaptured,
      String outgoingCopies, Long bytesCaptured, Long kernelDropped, Long interfaceDropped, Integer linkType) {
    this(interfaceName, filter, snaplenBytes, packetsCaptured, outgoingCopies, bytesCaptured, kernelDropped,
        interfaceDropped, linkType, null, null, null, null, null);
  }

  /** A copy that names the network namespace {@code ns} the interface is in. */
  public CaptureJson inNamespace(String ns) {
    return new CaptureJson(interfaceName, filter, snaplenBytes, packetsCaptured, outgoingCopies, bytesCaptured,
        kernelDropped, interfaceDropped, linkType, interfaceChosenBy, interfaceReason, route, targetAddress, ns);
  }
}
