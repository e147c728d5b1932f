package io.crosscheck.capture;

import java.nio.file.Path;
import java.util.Objects;

/**
 * What {@link LiveCapture} captures and where it writes it.
 *
 * @param interfaceName a libpcap device name: {@code lo}, {@code eth0}, {@code any}
 * @param bpfFilter a tcpdump filter expression, e.g. {@code tcp and host 127.0.0.1 and port 8080};
 *     empty captures everything
 * @param snaplenBytes bytes kept of each frame; the default 4096 keeps the request line of any
 *     RUBiS or TPC-W request whole (RUBiS RegisterItem up to ~1,700 bytes, a TPC-W new customer's
 *     buy request up to ~2,300) with the frame's headers, and the first 4 KB of bodies; a shorter
 *     one still times every exchange, but a longer request line keeps only its URL's prefix
 *     ({@code urlTruncated})
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
  /**
   * Ethernet + IPv6 + TCP with options (at most 114 bytes) + a request line of ~3,950 bytes: every
   * RUBiS and TPC-W URL with room to spare. Measured on lo against 512 (RUBiS bidding mix, legacy
   * engine, 400 users, 40 s, ~2,700 requests/s; and 500 Netty sessions of 2 KB and 16 KB pages):
   * no kernel drop at either, about twice the bytes captured.
   */
  public static final int DEFAULT_SNAPLEN_BYTES = 4096;
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

  /** Defaults: snap length {@value #DEFAULT_SNAPLEN_BYTES} bytes, 64 MiB buffer, no handler. */
  public static LiveCaptureConfig of(String interfaceName, String bpfFilter, Path output) {
    return new LiveCaptureConfig(interfaceName, bpfFilter, DEFAULT_SNAPLEN_BYTES,
        DEFAULT_BUFFER_BYTES, output, null);
  }

  public LiveCaptureConfig withHandler(PacketHandler packetHandler) {
    return new LiveCaptureConfig(interfaceName, bpfFilter, snaplenBytes, bufferBytes, output,
        packetHandler);
  }
}
