package io.crosscheck.model;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.Objects;

/**
 * Where the workload is sent: an HTTP/1.1 server reached by host and port, and, once resolved, the
 * one address every connection goes to. Immutable.
 *
 * <p>The host is what the user named (a DNS name, an IPv4 literal, or an IPv6 literal without
 * brackets): it is the {@code Host} header and the name in every message. The address is set once,
 * by {@link TargetResolution#resolve} at the start of a job ({@link #resolvedTo}); the engines then
 * connect to {@link #socketAddress()} and never resolve the name again.
 *
 * @param host a DNS name or a literal address, as given (IPv6 without brackets)
 * @param port TCP port, 1..65535
 * @param address the address the name resolved to at the job's start; null until resolved
 */
public record Target(String host, int port, InetAddress address) {
  public Target {
    Objects.requireNonNull(host, "host");
    if (port < 1 || port > 65535) {
      throw new IllegalArgumentException("port " + port + " is out of range (expected 1..65535)");
    }
  }

  /** A target not resolved yet. */
  public Target(String host, int port) {
    this(host, port, null);
  }

  /** This target with the address its name resolved to (kept for every connection). */
  public Target resolvedTo(InetAddress resolved) {
    return new Target(host, port, Objects.requireNonNull(resolved, "resolved"));
  }

  /** This target without its resolved address (as parsed). */
  public Target unresolved() {
    return address == null ? this : new Target(host, port);
  }

  /**
   * Where connections go: the resolved address; for a target not resolved (built by hand, e.g. in
   * a test) an IP literal as such, and a name through the JDK's resolver at this call.
   */
  public InetSocketAddress socketAddress() {
    return address != null ? new InetSocketAddress(address, port) : new InetSocketAddress(host, port);
  }

  /** The resolved address and port, {@code 127.0.9.2:8080} or {@code [2001:db8::1]:8080}; null if unresolved. */
  public String addressText() {
    return address == null ? null : addressText(address, port);
  }

  /** The resolved address alone, {@code 127.0.9.2} or {@code 2001:db8:0:0:0:0:0:1}; null if unresolved. */
  public String addressLiteral() {
    return address == null ? null : literal(address);
  }

  /** {@code a.b.c.d:port} or {@code [v6]:port} (no zone). */
  public static String addressText(InetAddress a, int port) {
    return (a instanceof java.net.Inet6Address ? "[" + literal(a) + "]" : literal(a)) + ":" + port;
  }

  private static String literal(InetAddress a) {
    String text = a.getHostAddress();
    int zone = text.indexOf('%');
    return zone >= 0 ? text.substring(0, zone) : text;
  }

  /** The value of the {@code Host} request header. */
  public String hostHeader() {
    String h = host.indexOf(':') >= 0 && !host.startsWith("[") ? "[" + host + "]" : host;
    return h + ":" + port;
  }

  @Override
  public String toString() {
    return "http://" + hostHeader();
  }
}
