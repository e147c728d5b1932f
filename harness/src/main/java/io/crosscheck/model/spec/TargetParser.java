package io.crosscheck.model.spec;

import io.crosscheck.model.Target;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses {@code --target http://HOST[:PORT][/]} (port 80 when absent) and admits loopback
 * destinations only: IPv4 127.0.0.0/8, {@code localhost}, and {@code [::1]}. Stateless.
 *
 * <p>No name is ever resolved: a host name other than {@code localhost} is refused rather than
 * looked up, because a lookup could send the run's traffic off the host (and would make the spec's
 * validity depend on the resolver). IPv6 literals are recognised by form, also without DNS.
 */
final class TargetParser {
  static final String OPTION = "--target";
  private static final Pattern URL =
      Pattern.compile("http://(\\[[0-9A-Fa-f:.]+\\]|[^:/\\[\\]]+)(?::(\\d{1,5}))?/?");
  private static final Pattern IPV4 = Pattern.compile("(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})");
  private static final String LOOPBACK = "a loopback address (127.0.0.0/8, localhost or [::1])";

  private TargetParser() {}

  /** The target, or null after adding a problem. */
  static Target parse(String text, List<Problem> problems) {
    Matcher m = text == null ? null : URL.matcher(text.trim());
    if (m == null || !m.matches()) {
      problems.add(new Problem(OPTION, String.valueOf(text), "http://HOST:PORT, e.g. http://127.0.0.1:8080"));
      return null;
    }
    int port = m.group(2) == null ? 80 : Integer.parseInt(m.group(2));
    if (port < 1 || port > 65535) {
      problems.add(new Problem(OPTION, text, "a port 1..65535"));
      return null;
    }
    String host = loopbackHost(m.group(1));
    if (host == null) {
      problems.add(new Problem(OPTION, text, LOOPBACK));
      return null;
    }
    return new Target(host, port);
  }

  /** The host as {@link Target} stores it (IPv6 without brackets), or null if not loopback. */
  private static String loopbackHost(String host) {
    if (host.equalsIgnoreCase("localhost")) {
      return "localhost";
    }
    if (host.startsWith("[")) {
      String literal = host.substring(1, host.length() - 1);
      return isIpv6Loopback(literal) ? "::1" : null;
    }
    Matcher m = IPV4.matcher(host);
    if (!m.matches()) {
      return null; // a host name: never resolved
    }
    for (int i = 1; i <= 4; i++) {
      if (Integer.parseInt(m.group(i)) > 255) {
        return null;
      }
    }
    return Integer.parseInt(m.group(1)) == 127 ? host : null;
  }

  /** True for the forms of ::1 ({@code ::1}, {@code 0:0:0:0:0:0:0:1}, {@code 0::1}, ...). */
  private static boolean isIpv6Loopback(String literal) {
    if (!literal.matches("[0-9A-Fa-f:]+") || literal.indexOf("::") != literal.lastIndexOf("::")) {
      return false;
    }
    String[] halves = literal.split("::", -1);
    String[] head = halves[0].isEmpty() ? new String[0] : halves[0].split(":", -1);
    String[] tail = halves.length < 2 || halves[1].isEmpty() ? new String[0] : halves[1].split(":", -1);
    int groups = head.length + tail.length;
    if (halves.length == 1 ? groups != 8 : groups > 7) {
      return false;
    }
    String[] all = new String[8];
    java.util.Arrays.fill(all, "0");
    System.arraycopy(head, 0, all, 0, head.length);
    System.arraycopy(tail, 0, all, 8 - tail.length, tail.length);
    for (int i = 0; i < 8; i++) {
      if (all[i].isEmpty() || all[i].length() > 4 || Integer.parseInt(all[i], 16) != (i == 7 ? 1 : 0)) {
        return false;
      }
    }
    return true;
  }
}
