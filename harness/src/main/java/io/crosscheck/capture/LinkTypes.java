package io.crosscheck.capture;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

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

  /** Every link type above with its name, in number order: the one list {@link #decoded} and {@link #DECODED} read. */
  private static final Map<Integer, String> NAMES = new TreeMap<>(Map.of(NULL, "BSD loopback", ETHERNET, "Ethernet",
      RAW, "raw IP", LOOP, "OpenBSD loopback", LINUX_SLL, "Linux cooked", IPV4, "IPv4", IPV6, "IPv6", LINUX_SLL2,
      "Linux cooked v2"));

  /** The decoded link types in words, for messages about a capture of another one. */
  public static final String DECODED = inWords();

  /** Whether crosscheck can find the IP packet in a frame of {@code linkType}. */
  public static boolean decoded(int linkType) {
    return NAMES.containsKey(linkType);
  }

  /**
   * Why a capture whose every interface is of {@code linkType} cannot be analysed: the one sentence pcap's
   * header check and pcapng's interface check both give (after the file and byte offset).
   */
  public static String notDecoded(int linkType) {
    return "link type " + linkType + " is not one crosscheck decodes: no frame of it can be read as IP, so no HTTP"
        + " exchange could be found; expected " + DECODED + " (capture with tcpdump -i lo or -i eth0)";
  }

  /** {@code 0 (BSD loopback), 1 (Ethernet), ... or 276 (Linux cooked v2)}. */
  private static String inWords() {
    List<String> all = new ArrayList<>();
    NAMES.forEach((type, name) -> all.add(type + " (" + name + ")"));
    return String.join(", ", all.subList(0, all.size() - 1)) + " or " + all.get(all.size() - 1);
  }

  private LinkTypes() {}
}
