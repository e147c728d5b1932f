package io.crosscheck.capture;

import java.io.IOException;

/**
 * Live capture cannot start on this machine: no permission, no libpcap, no such interface. The
 * message says which and how to fix it.
 */
public final class CaptureUnavailableException extends IOException {
  private static final long serialVersionUID = 1L;

  static final String PERMISSION_FIX = "run as root, or grant the JVM the capability: "
      + "setcap cap_net_raw,cap_net_admin=eip $(readlink -f $(which java))";
  static final String LIBPCAP_FIX = "install libpcap: apt-get install -y libpcap0.8";

  public CaptureUnavailableException(String message, Throwable cause) {
    super(message, cause);
  }

  /**
   * Explains why pcap4j failed to open {@code interfaceName}.
   *
   * @param failure what pcap4j threw: a {@link LinkageError} when the native library is missing,
   *     a {@code PcapNativeException} with libpcap's text otherwise
   */
  public static CaptureUnavailableException explain(String interfaceName, Throwable failure) {
    String detail = String.valueOf(failure.getMessage());
    String where = "cannot capture on '" + interfaceName + "': ";
    if (failure instanceof LinkageError || detail.contains("Unable to load library")
        || detail.contains("NativeMappings")) {
      return new CaptureUnavailableException(where + "libpcap could not be loaded (" + detail
          + "); " + LIBPCAP_FIX, failure);
    }
    String lower = detail.toLowerCase(java.util.Locale.ROOT);
    if (lower.contains("permission") || lower.contains("operation not permitted")
        || lower.contains("eperm")) {
      return new CaptureUnavailableException(where + "this process may not capture packets ("
          + detail + "): it needs CAP_NET_RAW; " + PERMISSION_FIX, failure);
    }
    if (lower.contains("no such device")) {
      return new CaptureUnavailableException(where + detail + "; interfaces here: "
          + interfaceNames(), failure);
    }
    return new CaptureUnavailableException(where + detail, failure);
  }

  private static String interfaceNames() {
    try {
      return java.net.NetworkInterface.networkInterfaces().map(i -> i.getName()).sorted()
          .collect(java.util.stream.Collectors.joining(", ")) + ", any";
    } catch (java.net.SocketException e) {
      return "(cannot list: " + e.getMessage() + ")";
    }
  }
}
