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
    String namespace) {

  /** A capture in crosscheck's own network namespace. */
  public CaptureJson(String interfaceName, String filter, int snaplenBytes, Long packetsCaptured, String outgoingCopies,
      Long bytesCaptured, Long kernelDropped, Long interfaceDropped, Integer linkType) {
    this(interfaceName, filter, snaplenBytes, packetsCaptured, outgoingCopies, bytesCaptured, kernelDropped,
        interfaceDropped, linkType, null);
  }

  /** A copy that names the network namespace {@code ns} the interface is in. */
  public CaptureJson inNamespace(String ns) {
    return new CaptureJson(interfaceName, filter, snaplenBytes, packetsCaptured, outgoingCopies, bytesCaptured,
        kernelDropped, interfaceDropped, linkType, ns);
  }
}
