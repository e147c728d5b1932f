package io.crosscheck.wire;

import io.crosscheck.capture.LinkTypes;

/**
 * Decodes one captured frame down to its TCP segment: link layer ({@link LinkTypes}), IPv4 or IPv6
 * (extension headers skipped), TCP header. A reusable, mutable view: {@link #decode} overwrites the
 * public fields, nothing is allocated per frame. Not thread-safe (one per reconstructor).
 *
 * <p>Lengths come from the IP header, not the frame: Ethernet padding is dropped, and a segment
 * cut by the snap length keeps its full sequence range ({@link #payloadBytes}) while only {@link
 * #payloadCapturedBytes} of its payload are present.
 *
 * <p>Nothing here assumes a frame fits an MTU: segments that GRO, GSO or TSO made larger (up to 64 KiB on lo
 * and on a veth, where the capture sees them before segmentation or after coalescing) are decoded whole; one
 * beyond 64 KiB (BIG TCP) carries an IPv4 total length of 0, or an IPv6 payload length of 0, and its length is
 * then taken from the frame's original length. Checksums (IPv4 header, TCP) are never verified: a capture on
 * the sending host sees them before the NIC fills them in (checksum offload), so a wrong one is normal there.
 *
 * <p>Will be deduplicated with the capture package's {@code LinkLayer} once both are merged.
 */
final class Frames {
  /** Result of {@link #decode}. */
  static final int TCP = 0, NON_IP = 1, NON_TCP = 2, FRAGMENT = 3, MALFORMED = 4;

  /** Why a frame was malformed; indexes {@link WireCounters#malformedByReason}. */
  static final String[] REASONS = {
    "unsupported-link-type", "link-truncated", "ip-version", "ip-header-length",
    "ip-total-length", "ipv6-extension-truncated", "tcp-truncated", "tcp-header-length"
  };

  static final int R_LINK_TYPE = 0, R_LINK_TRUNCATED = 1, R_IP_VERSION = 2, R_IP_HEADER_LENGTH = 3,
      R_IP_TOTAL_LENGTH = 4, R_IPV6_EXTENSION = 5, R_TCP_TRUNCATED = 6, R_TCP_HEADER_LENGTH = 7;

  static final int FIN = 0x01, SYN = 0x02, RST = 0x04, ACK = 0x10;

  /** Index into {@link #REASONS} after a {@link #MALFORMED} result. */
  int malformedReason;
  /** 4 or 6. */
  int ipVersion;
  /** Source address: IPv4 in {@code srcLow} (unsigned), IPv6 as two big-endian halves. */
  long srcHigh, srcLow, dstHigh, dstLow;
  int srcPort, dstPort;
  /** Raw 32-bit sequence and acknowledgment numbers. */
  int seq, ack;
  int flags;
  /** Where the TCP payload starts in the frame buffer. */
  int payloadOffset;
  /** Payload length per the IP header (the segment's sequence range). */
  int payloadBytes;
  /** Payload bytes present in the buffer (less than {@link #payloadBytes} under a snap length). */
  int payloadCapturedBytes;

  /**
   * Decodes {@code data[offset, offset + capturedLength)}.
   *
   * @return {@link #TCP} when the fields describe a TCP segment, else why not
   */
  int decode(int linkType, byte[] data, int offset, int capturedLength, int originalLength) {
    int end = offset + capturedLength;
    int ip;
    int etherType;
    switch (linkType) {
      case LinkTypes.ETHERNET -> {
        int p = offset + 12;
        if (p + 2 > end) {
          return malformed(R_LINK_TRUNCATED);
        }
        etherType = u16(data, p);
        p += 2;
        // 802.1Q, 802.1ad and the older QinQ 9100: libpcap also writes back the tag a NIC stripped (rx offload)
        for (int tags = 0; (etherType == 0x8100 || etherType == 0x88a8 || etherType == 0x9100) && tags < 4;
            tags++) {
          if (p + 4 > end) {
            return malformed(R_LINK_TRUNCATED);
          }
          etherType = u16(data, p + 2);
          p += 4;
        }
        ip = p;
      }
      case LinkTypes.LINUX_SLL -> {
        if (capturedLength < 16) {
          return malformed(R_LINK_TRUNCATED);
        }
        etherType = u16(data, offset + 14);
        ip = offset + 16;
      }
      case LinkTypes.LINUX_SLL2 -> {
        if (capturedLength < 20) {
          return malformed(R_LINK_TRUNCATED);
        }
        etherType = u16(data, offset);
        ip = offset + 20;
      }
      case LinkTypes.RAW, LinkTypes.IPV4, LinkTypes.IPV6 -> {
        if (capturedLength < 1) {
          return malformed(R_LINK_TRUNCATED);
        }
        int version = (data[offset] & 0xff) >>> 4;
        etherType = version == 4 ? 0x0800 : version == 6 ? 0x86dd : -1;
        ip = offset;
      }
      case LinkTypes.NULL, LinkTypes.LOOP -> {
        if (capturedLength < 4) {
          return malformed(R_LINK_TRUNCATED);
        }
        // the family is in host order for NULL, network order for LOOP; accept either
        int family = u32(data, offset);
        family = (family & 0xffff0000) != 0 ? Integer.reverseBytes(family) : family;
        etherType = family == 2 ? 0x0800 : family == 24 || family == 28 || family == 30 ? 0x86dd : -1;
        ip = offset + 4;
      }
      default -> {
        return malformed(R_LINK_TYPE);
      }
    }
    // bytes of the IP packet that existed on the wire, whatever the snap length kept
    int wireIpBytes = originalLength - (ip - offset);
    if (etherType == 0x0800) {
      return ipv4(data, ip, end, wireIpBytes);
    }
    if (etherType == 0x86dd) {
      return ipv6(data, ip, end, wireIpBytes);
    }
    return NON_IP;
  }

  private int ipv4(byte[] data, int ip, int end, int wireIpBytes) {
    if (ip + 20 > end) {
      return malformed(R_LINK_TRUNCATED);
    }
    int b0 = data[ip] & 0xff;
    if (b0 >>> 4 != 4) {
      return malformed(R_IP_VERSION);
    }
    int headerBytes = (b0 & 0x0f) * 4;
    if (headerBytes < 20 || ip + headerBytes > end) {
      return malformed(R_IP_HEADER_LENGTH);
    }
    int totalBytes = u16(data, ip + 2);
    if (totalBytes == 0 && wireIpBytes > 0xffff) { // BIG TCP: the length does not fit 16 bits
      totalBytes = wireIpBytes;
    }
    if (totalBytes < headerBytes || totalBytes > wireIpBytes) {
      return malformed(R_IP_TOTAL_LENGTH);
    }
    int fragment = u16(data, ip + 6);
    if ((fragment & 0x3fff) != 0) { // more-fragments flag or a fragment offset
      return FRAGMENT;
    }
    if ((data[ip + 9] & 0xff) != 6) {
      return NON_TCP;
    }
    ipVersion = 4;
    srcHigh = 0;
    srcLow = u32(data, ip + 12) & 0xffffffffL;
    dstHigh = 0;
    dstLow = u32(data, ip + 16) & 0xffffffffL;
    return tcp(data, ip + headerBytes, end, totalBytes - headerBytes);
  }

  private int ipv6(byte[] data, int ip, int end, int wireIpBytes) {
    if (ip + 40 > end) {
      return malformed(R_LINK_TRUNCATED);
    }
    if ((data[ip] & 0xff) >>> 4 != 6) {
      return malformed(R_IP_VERSION);
    }
    int payloadBytes = u16(data, ip + 4);
    if (payloadBytes == 0 && wireIpBytes - 40 > 0xffff) { // BIG TCP: its jumbo option removed before capture
      payloadBytes = wireIpBytes - 40;
    }
    if (payloadBytes == 0 || 40 + payloadBytes > wireIpBytes) { // any other 0: a jumbogram, unsupported
      return malformed(R_IP_TOTAL_LENGTH);
    }
    int next = data[ip + 6] & 0xff;
    int p = ip + 40;
    int remaining = payloadBytes;
    for (int headers = 0; headers < 8; headers++) {
      if (next == 6) {
        ipVersion = 6;
        srcHigh = u64(data, ip + 8);
        srcLow = u64(data, ip + 16);
        dstHigh = u64(data, ip + 24);
        dstLow = u64(data, ip + 32);
        return tcp(data, p, end, remaining);
      }
      if (next == 44) {
        return FRAGMENT;
      }
      if (next != 0 && next != 43 && next != 60 && next != 51) {
        return NON_TCP;
      }
      if (p + 2 > end) {
        return malformed(R_IPV6_EXTENSION);
      }
      int length = next == 51 ? ((data[p + 1] & 0xff) + 2) * 4 : ((data[p + 1] & 0xff) + 1) * 8;
      if (length > remaining) {
        return malformed(R_IPV6_EXTENSION);
      }
      next = data[p] & 0xff;
      p += length;
      remaining -= length;
    }
    return NON_TCP;
  }

  private int tcp(byte[] data, int tcp, int end, int segmentBytes) {
    if (segmentBytes < 20) {
      return malformed(R_TCP_HEADER_LENGTH);
    }
    if (tcp + 20 > end) {
      return malformed(R_TCP_TRUNCATED);
    }
    int headerBytes = ((data[tcp + 12] & 0xff) >>> 4) * 4;
    if (headerBytes < 20 || headerBytes > segmentBytes) {
      return malformed(R_TCP_HEADER_LENGTH);
    }
    srcPort = u16(data, tcp);
    dstPort = u16(data, tcp + 2);
    seq = u32(data, tcp + 4);
    ack = u32(data, tcp + 8);
    flags = data[tcp + 13] & 0x3f;
    payloadOffset = tcp + headerBytes;
    payloadBytes = segmentBytes - headerBytes;
    payloadCapturedBytes = Math.max(0, Math.min(payloadBytes, end - payloadOffset));
    return TCP;
  }

  private int malformed(int reason) {
    malformedReason = reason;
    return MALFORMED;
  }

  static int u16(byte[] b, int i) {
    return (b[i] & 0xff) << 8 | (b[i + 1] & 0xff);
  }

  static int u32(byte[] b, int i) {
    return (b[i] & 0xff) << 24 | (b[i + 1] & 0xff) << 16 | (b[i + 2] & 0xff) << 8 | (b[i + 3] & 0xff);
  }

  static long u64(byte[] b, int i) {
    return (long) u32(b, i) << 32 | (u32(b, i + 4) & 0xffffffffL);
  }
}
