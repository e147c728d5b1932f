package io.crosscheck.wire;

/**
 * A TCP 4-tuple with its endpoints in canonical order (endpoint A sorts before endpoint B), so
 * both directions of a connection find the same entry. The reconstructor keeps one mutable
 * instance for lookups and copies it only when a new connection is stored: no allocation per
 * packet. IPv4 addresses sit in the low halves with the high halves 0 and {@code ipVersion} 4.
 */
final class FlowKey {
  int ipVersion;
  long highA, lowA, highB, lowB;
  int portA, portB;
  private int hash;

  /**
   * Sets this key from a segment's endpoints.
   *
   * @return true when the segment goes from A to B
   */
  boolean set(Frames f) {
    ipVersion = f.ipVersion;
    boolean srcFirst = compare(f.srcHigh, f.srcLow, f.srcPort, f.dstHigh, f.dstLow, f.dstPort) <= 0;
    if (srcFirst) {
      highA = f.srcHigh; lowA = f.srcLow; portA = f.srcPort;
      highB = f.dstHigh; lowB = f.dstLow; portB = f.dstPort;
    } else {
      highA = f.dstHigh; lowA = f.dstLow; portA = f.dstPort;
      highB = f.srcHigh; lowB = f.srcLow; portB = f.srcPort;
    }
    long h = lowA * 0x9E3779B97F4A7C15L ^ lowB * 0xC2B2AE3D27D4EB4FL
        ^ (highA + 31 * highB) * 0x165667B19E3779F9L ^ ((long) portA << 16 | portB) * 0x27D4EB2F165667C5L;
    hash = (int) (h ^ h >>> 32);
    return srcFirst;
  }

  FlowKey copy() {
    FlowKey k = new FlowKey();
    k.ipVersion = ipVersion;
    k.highA = highA; k.lowA = lowA; k.portA = portA;
    k.highB = highB; k.lowB = lowB; k.portB = portB;
    k.hash = hash;
    return k;
  }

  private static int compare(long h1, long l1, int p1, long h2, long l2, int p2) {
    int c = Long.compareUnsigned(h1, h2);
    if (c == 0) {
      c = Long.compareUnsigned(l1, l2);
    }
    return c != 0 ? c : Integer.compare(p1, p2);
  }

  @Override
  public int hashCode() {
    return hash;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof FlowKey k && k.hash == hash && k.lowA == lowA && k.lowB == lowB
        && k.portA == portA && k.portB == portB && k.highA == highA && k.highB == highB
        && k.ipVersion == ipVersion;
  }

  /** An address as text: IPv4 dotted ({@code low}), IPv6 compressed in brackets. */
  static String address(int ipVersion, long high, long low) {
    if (ipVersion == 4) {
      return (low >>> 24 & 0xff) + "." + (low >>> 16 & 0xff) + "." + (low >>> 8 & 0xff) + "." + (low & 0xff);
    }
    byte[] bytes = new byte[16];
    for (int i = 0; i < 8; i++) {
      bytes[i] = (byte) (high >>> (56 - 8 * i));
      bytes[8 + i] = (byte) (low >>> (56 - 8 * i));
    }
    try {
      String text = java.net.InetAddress.getByAddress(bytes).getHostAddress();
      return "[" + compressIpv6(text) + "]";
    } catch (java.net.UnknownHostException impossible) {
      throw new AssertionError(impossible);
    }
  }

  /** Java prints IPv6 uncompressed ({@code 0:0:0:0:0:0:0:1}); engines print {@code ::1}. */
  static String compressIpv6(String full) {
    String[] parts = full.split(":");
    int bestStart = -1, bestLength = 0;
    for (int i = 0; i < parts.length; ) {
      if (parts[i].equals("0")) {
        int j = i;
        while (j < parts.length && parts[j].equals("0")) {
          j++;
        }
        if (j - i > bestLength && j - i >= 2) {
          bestStart = i;
          bestLength = j - i;
        }
        i = j;
      } else {
        i++;
      }
    }
    if (bestStart < 0) {
      return full;
    }
    String head = String.join(":", java.util.Arrays.copyOfRange(parts, 0, bestStart));
    String tail = String.join(":", java.util.Arrays.copyOfRange(parts, bestStart + bestLength, parts.length));
    return head + "::" + tail;
  }
}
