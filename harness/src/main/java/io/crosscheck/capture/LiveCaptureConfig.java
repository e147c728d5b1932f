package io.crosscheck.capture;

import java.nio.file.Path;
import java.util.Objects;

/**
 * What {@link LiveCapture} captures and where it writes it.
 *
 * @param interfaceName a libpcap device name: {@code lo}, {@code eth0}, {@code any}
 * @param bpfFilter a tcpdump filter expression, e.g. {@code tcp and host 127.0.0.1 and port 8080};
 *     empty captures everything
 * @param snaplenBytes bytes kept of each frame; the default 512 keeps every header and drops
 *     bodies (large snap lengths made the kernel drop packets on this machine)
 * @param bufferBytes the kernel capture buffer
 * @param output the pcap file written as packets arrive ({@link PcapWriter}), usually the run
 *     directory's {@code capture.pcap}
 * @param handler also receives every packet on the capture thread, or null
 */
public record LiveCaptureConfig(
    String interfaceName,
    String bpfFilter,
    int snaplenBytes,
    int bufferBytes,
    Path output,
    PacketHandler handler) {
  /** Keeps Ethernet + IPv6 + TCP with options + the start of an HTTP head. */
  public static final int DEFAULT_SNAPLEN_BYTES = 512;
  public static final int DEFAULT_BUFFER_BYTES = 64 << 20;

  /** Checks every field; the message names the field, its value and what was expected. */
  public LiveCaptureConfig {
    Objects.requireNonNull(interfaceName, "interfaceName");
    Objects.requireNonNull(output, "output");
    bpfFilter = bpfFilter == null ? "" : bpfFilter;
    if (interfaceName.isBlank()) {
      throw new IllegalArgumentException("capture interface name is empty, expected e.g. lo");
    }
    if (snaplenBytes < 64 || snaplenBytes > 262_144) {
      throw new IllegalArgumentException("capture snaplenBytes " + snaplenBytes
          + " is out of range, expected 64..262144");
    }
    if (bufferBytes < 1 << 16) {
      throw new IllegalArgumentException("capture bufferBytes " + bufferBytes
          + " is too small, expected at least 65536");
    }
  }

  /** Defaults: snap length 512 bytes, 64 MiB buffer, no handler. */
  public static LiveCaptureConfig of(String interfaceName, String bpfFilter, Path output) {
    return new LiveCaptureConfig(interfaceName, bpfFilter, DEFAULT_SNAPLEN_BYTES,
        DEFAULT_BUFFER_BYTES, output, null);
  }

  public LiveCaptureConfig withHandler(PacketHandler packetHandler) {
    return new LiveCaptureConfig(interfaceName, bpfFilter, snaplenBytes, bufferBytes, output,
        packetHandler);
  }
}
