package io.crosscheck.capture;

/** The tcpdump.org LINKTYPE_ values crosscheck decodes. */
public final class LinkTypes {
  /** BSD loopback: a 4-byte address family in host byte order. */
  public static final int NULL = 0;
  /** Ethernet II (Linux {@code lo} is Ethernet with zero MACs). */
  public static final int ETHERNET = 1;
  /** Raw IP (v4 or v6, told apart by the version nibble). */
  public static final int RAW = 101;
  /** OpenBSD loopback: a 4-byte address family in network byte order. */
  public static final int LOOP = 108;
  /** Linux cooked capture v1 (16-byte header). */
  public static final int LINUX_SLL = 113;
  /** Raw IPv4. */
  public static final int IPV4 = 228;
  /** Raw IPv6. */
  public static final int IPV6 = 229;
  /** Linux cooked capture v2 (20-byte header). */
  public static final int LINUX_SLL2 = 276;

  /** The decoded link types in words, for messages about a capture of another one. */
  public static final String DECODED = "0 (BSD loopback), 1 (Ethernet), 101 (raw IP), 108 (OpenBSD loopback),"
      + " 113 (Linux cooked), 228 (IPv4), 229 (IPv6) or 276 (Linux cooked v2)";

  /** Whether crosscheck can find the IP packet in a frame of {@code linkType}. */
  public static boolean decoded(int linkType) {
    return switch (linkType) {
      case NULL, ETHERNET, RAW, LOOP, LINUX_SLL, IPV4, IPV6, LINUX_SLL2 -> true;
      default -> false;
    };
  }

  private LinkTypes() {}
}
