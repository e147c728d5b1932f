package io.crosscheck.model.spec;

import io.crosscheck.model.Target;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses {@code --target http://HOST[:PORT][/]} (port 80 when absent) and {@code HOST:PORT}
 * ({@code audit --server}), where HOST is a DNS name, an IPv4 literal or an IPv6 literal in
 * brackets ({@code [2001:db8::1]}). Stateless.
 *
 * <p>No name is ever resolved here: the spec's validity does not depend on the resolver. A name is
 * checked by form (RFC 1123 labels: letters, digits, hyphens, 1..63 characters each, 253 in all,
 * not all-numeric at the top), a dotted quad by its four octets, an IPv6 literal by its groups; the
 * name is resolved once at the start of a job ({@link io.crosscheck.model.TargetResolution}).
 */
public final class TargetParser {
  static final String OPTION = "--target";
  private static final Pattern URL = Pattern.compile("http://(\\[[^\\]]*\\]|[^:/\\[\\]]+)(?::(\\d{1,5}))?/?");
  private static final Pattern HOST_PORT = Pattern.compile("(\\[[^\\]]*\\]|[^:/\\[\\]]+):(\\d{1,5})");
  private static final Pattern IPV4 = Pattern.compile("(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})");
  private static final Pattern LABEL = Pattern.compile("[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?");
  private static final String HOST_FORMS = "a DNS name, an IPv4 address or an IPv6 address in brackets";

  private TargetParser() {}

  /** The target of {@code --target URL}, or null after adding a problem. */
  static Target parse(String text, List<Problem> problems) {
    Matcher m = text == null ? null : URL.matcher(text.trim());
    if (m == null || !m.matches()) {
      problems.add(new Problem(OPTION, String.valueOf(text), "http://HOST:PORT, e.g. http://127.0.0.1:8080,"
          + " http://server.example:8080 or http://[2001:db8::1]:8080"));
      return null;
    }
    return target(OPTION, text, m.group(1), m.group(2) == null ? "80" : m.group(2), problems);
  }

  /**
   * {@code HOST:PORT} of option {@code option} (e.g. {@code audit --server}), the port required;
   * the target, or null after adding a problem.
   */
  public static Target parseHostPort(String option, String text, List<Problem> problems) {
    Matcher m = text == null ? null : HOST_PORT.matcher(text.trim());
    if (m == null || !m.matches()) {
      problems.add(new Problem(option, String.valueOf(text), "HOST:PORT with a port in 1..65535, e.g."
          + " 127.0.0.1:8080, server.example:8080 or [2001:db8::1]:8080"));
      return null;
    }
    return target(option, text, m.group(1), m.group(2), problems);
  }

  private static Target target(String option, String text, String rawHost, String rawPort, List<Problem> problems) {
    int port = Integer.parseInt(rawPort);
    if (port < 1 || port > 65535) {
      problems.add(new Problem(option, text, "a port 1..65535"));
      return null;
    }
    String host = host(rawHost);
    if (host == null) {
      problems.add(new Problem(option, text, HOST_FORMS + " as the host"));
      return null;
    }
    return new Target(host, port);
  }

  /** The host as {@link Target} stores it (IPv6 without brackets), or null when malformed. */
  private static String host(String host) {
    if (host.startsWith("[")) {
      String literal = host.substring(1, host.length() - 1);
      return isIpv6(literal) ? literal : null;
    }
    Matcher quad = IPV4.matcher(host);
    if (quad.matches()) {
      for (int i = 1; i <= 4; i++) {
        if (Integer.parseInt(quad.group(i)) > 255) {
          return null;
        }
      }
      return host;
    }
    return isDnsName(host) ? host : null;
  }

  /** RFC 1123 host name by form; an all-numeric last label (e.g. {@code 127.1}) is no name. */
  static boolean isDnsName(String name) {
    String n = name.endsWith(".") ? name.substring(0, name.length() - 1) : name;
    if (n.isEmpty() || n.length() > 253) {
      return false;
    }
    String[] labels = n.split("\\.", -1);
    for (String label : labels) {
      if (!LABEL.matcher(label).matches()) {
        return false;
      }
    }
    return !labels[labels.length - 1].matches("\\d+");
  }

  /** An IPv6 address by form: 8 groups, one {@code ::}, an optional trailing dotted quad; no zone. */
  static boolean isIpv6(String literal) {
    if (!literal.matches("[0-9A-Fa-f:.]+") || literal.indexOf("::") != literal.lastIndexOf("::")) {
      return false;
    }
    String body = literal;
    if (literal.indexOf('.') >= 0) { // ::ffff:192.0.2.1: the quad stands for the last two groups
      int lastColon = literal.lastIndexOf(':');
      String quad = literal.substring(lastColon + 1);
      if (lastColon < 0 || !IPV4.matcher(quad).matches() || host(quad) == null) {
        return false;
      }
      body = literal.substring(0, lastColon + 1) + "0:0";
    }
    String[] halves = body.split("::", -1);
    if (halves.length > 2) {
      return false;
    }
    String[] head = halves[0].isEmpty() ? new String[0] : halves[0].split(":", -1);
    String[] tail = halves.length < 2 || halves[1].isEmpty() ? new String[0] : halves[1].split(":", -1);
    for (String[] part : List.of(head, tail)) {
      for (String g : part) {
        if (g.isEmpty() || g.length() > 4 || !g.matches("[0-9A-Fa-f]+")) {
          return false;
        }
      }
    }
    int groups = head.length + tail.length;
    return halves.length == 1 ? groups == 8 : groups <= 7;
  }
}
