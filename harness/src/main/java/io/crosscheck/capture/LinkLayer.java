package io.crosscheck.capture;

/**
 * Finds the IP header inside a captured frame, for the TCP/HTTP reconstruction that sits on top of
 * {@link PacketHandler}. Static, allocation-free and thread-safe.
 *
 * <p>Link-layer headers understood ({@link LinkTypes}):
 * <pre>
 * ETHERNET   dst(6) src(6) ethertype(2, big-endian); 802.1Q / 802.1ad tags (ethertype 8100, 88a8,
 *            9100, then TCI(2) and the next ethertype) are skipped, any number of them.
 * LINUX_SLL  packet type(2) ARPHRD(2) address length(2) address(8) protocol(2): 16 bytes.
 * LINUX_SLL2 protocol(2) reserved(2) interface index(4) ARPHRD(2) packet type(1) address
 *            length(1) address(8): 20 bytes.
 * RAW        no header; IPv4 or IPv6 by the version nibble. IPV4 / IPV6: no header.
 * NULL       address family u32 in the capturing host's byte order (either is accepted):
 *            2 = IPv4; 24, 28, 30 = IPv6 (the BSDs disagree).
 * LOOP       the same family, in network byte order.
 * </pre>
 * Ethertypes: 0800 = IPv4, 86dd = IPv6; anything else (ARP 0806...) is not IP.
 */
public final class LinkLayer {
  /** Returned by {@link #ipOffset} for frames that do not carry IP (or are cut before it). */
  public static final int NOT_IP = -1;

  private static final int ETHERTYPE_IPV4 = 0x0800;
  private static final int ETHERTYPE_IPV6 = 0x86dd;

  private LinkLayer() {}

  /**
   * @param linkType the frame's link type ({@link LinkTypes})
   * @param data the buffer holding the frame
   * @param offset where the frame starts in {@code data}
   * @param capturedLength bytes of the frame present
   * @return the index in {@code data} of the first byte of the IPv4 or IPv6 header, whose version
   *     nibble has been checked; or {@link #NOT_IP} when the frame is not IP, its link type is not
   *     understood, or it is cut before the IP header
   */
  public static int ipOffset(int linkType, byte[] data, int offset, int capturedLength) {
    int end = offset + capturedLength;
    switch (linkType) {
      case LinkTypes.ETHERNET:
        return afterEthertype(data, offset + 12, end);
      case LinkTypes.LINUX_SLL:
        return afterEthertype(data, offset + 14, end);
      case LinkTypes.LINUX_SLL2:
        if (offset + 20 > end) {
          return NOT_IP;
        }
        return checked(data, offset + 20, end, u16(data, offset));
      case LinkTypes.RAW:
        return offset < end && (version(data, offset) == 4 || version(data, offset) == 6)
            ? offset : NOT_IP;
      case LinkTypes.IPV4:
        return offset < end && version(data, offset) == 4 ? offset : NOT_IP;
      case LinkTypes.IPV6:
        return offset < end && version(data, offset) == 6 ? offset : NOT_IP;
      case LinkTypes.NULL:
      case LinkTypes.LOOP:
        return afterFamily(linkType, data, offset, end);
      default:
        return NOT_IP;
    }
  }

  private static int afterEthertype(byte[] data, int typeIndex, int end) {
    while (typeIndex + 2 <= end) {
      int ethertype = u16(data, typeIndex);
      if (ethertype == 0x8100 || ethertype == 0x88a8 || ethertype == 0x9100) {
        typeIndex += 4;
      } else {
        return checked(data, typeIndex + 2, end, ethertype);
      }
    }
    return NOT_IP;
  }

  private static int afterFamily(int linkType, byte[] data, int offset, int end) {
    if (offset + 4 > end) {
      return NOT_IP;
    }
    int family = (data[offset] & 0xff) << 24 | (data[offset + 1] & 0xff) << 16
        | (data[offset + 2] & 0xff) << 8 | (data[offset + 3] & 0xff);
    if (linkType == LinkTypes.NULL && (family & 0xffff) == 0) {
      // Written by a little-endian host: the small family number is in the first byte.
      family = Integer.reverseBytes(family);
    }
    int ip = offset + 4;
    if (ip >= end) {
      return NOT_IP;
    }
    return switch (family) {
      case 2 -> version(data, ip) == 4 ? ip : NOT_IP;
      case 24, 28, 30 -> version(data, ip) == 6 ? ip : NOT_IP;
      default -> NOT_IP;
    };
  }

  private static int checked(byte[] data, int ip, int end, int ethertype) {
    if (ip >= end) {
      return NOT_IP;
    }
    if (ethertype == ETHERTYPE_IPV4) {
      return version(data, ip) == 4 ? ip : NOT_IP;
    }
    if (ethertype == ETHERTYPE_IPV6) {
      return version(data, ip) == 6 ? ip : NOT_IP;
    }
    return NOT_IP;
  }

  private static int version(byte[] data, int ip) {
    return (data[ip] & 0xff) >>> 4;
  }

  private static int u16(byte[] data, int i) {
    return (data[i] & 0xff) << 8 | (data[i + 1] & 0xff);
  }
}
