package io.crosscheck.wire;

/**
 * Names connection endpoints ({@code ip:port}, IPv6 as {@code [addr]:port}) for {@link
 * WireExchange#connectionId} and {@link WireExchange#serverAddress}, remembering the text of the
 * last two addresses: a capture usually holds one client and one server address, and formatting
 * an address costs more than the rest of a short connection's bookkeeping. One per reconstructor;
 * not thread-safe.
 */
final class EndpointNames {
  private final int[] versions = new int[2];
  private final long[] highs = new long[2];
  private final long[] lows = new long[2];
  private final String[] texts = new String[2];
  private int next;

  /** Endpoint A (or B) of {@code key}. */
  String endpoint(FlowKey key, boolean a) {
    long high = a ? key.highA : key.highB;
    long low = a ? key.lowA : key.lowB;
    return address(key.ipVersion, high, low) + ":" + (a ? key.portA : key.portB);
  }

  private String address(int version, long high, long low) {
    for (int i = 0; i < texts.length; i++) {
      if (texts[i] != null && versions[i] == version && highs[i] == high && lows[i] == low) {
        return texts[i];
      }
    }
    String text = FlowKey.address(version, high, low);
    versions[next] = version;
    highs[next] = high;
    lows[next] = low;
    texts[next] = text;
    next = (next + 1) % texts.length;
    return text;
  }
}
