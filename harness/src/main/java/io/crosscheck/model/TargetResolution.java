package io.crosscheck.model;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Locale;

/**
 * The one resolution of a job's target, done at the job's start and reused by every connection
 * (the spec's validity never depends on it: parsing never resolves). Immutable.
 *
 * <p>A literal address is taken as such (no lookup). A DNS name is resolved once with the JDK's
 * resolver ({@link InetAddress#getAllByName}, which honours {@code /etc/hosts}, {@code
 * jdk.net.hosts.file} and the JVM's address cache); of several addresses the first is used, in the
 * resolver's order. Names under {@code .invalid} get an immediate negative answer without any
 * query, as RFC 6761 §6.4 asks of resolution APIs.
 *
 * <p>Use: {@code TargetResolution r = TargetResolution.resolve(target); if (r.failed()) ... else
 * r.target()} (the target with its address set, {@link Target#address()}); {@link #describe()} is
 * the line printed at the job's start.
 *
 * @param given the target as parsed (unresolved)
 * @param addresses every address the name resolved to, in the resolver's order (the first is
 *     used); empty when it failed
 * @param source how the address was found: {@link #LITERAL} (an address literal, nothing resolved),
 *     {@link #RESOLVER} (resolved here, once) or {@link #PARENT} (resolved once by the process that
 *     started this JVM, handed over as a literal)
 * @param failure why the name did not resolve ({@code no such host ...}); null when it did
 */
public record TargetResolution(Target given, List<InetAddress> addresses, String source, String failure) {
  public static final String LITERAL = "literal";
  public static final String RESOLVER = "resolver";
  public static final String PARENT = "parent";

  public TargetResolution {
    addresses = List.copyOf(addresses);
  }

  /** Resolves {@code target}'s host once (an address literal without any lookup). */
  public static TargetResolution resolve(Target target) {
    Target given = target.unresolved();
    String host = given.host();
    if (isLiteral(host)) {
      try {
        return new TargetResolution(given, List.of(InetAddress.getByName(host)), LITERAL, null);
      } catch (UnknownHostException e) {
        return new TargetResolution(given, List.of(), LITERAL, "not an address: " + host);
      }
    }
    String lower = host.toLowerCase(Locale.ROOT);
    if (lower.equals("invalid") || lower.endsWith(".invalid") || lower.endsWith(".invalid.")) {
      return new TargetResolution(given, List.of(), RESOLVER, "no such host: " + host + " does not resolve (a name"
          + " under .invalid never does, RFC 6761; nothing was asked of the resolver)");
    }
    try {
      InetAddress[] all = InetAddress.getAllByName(host);
      return new TargetResolution(given, List.of(all), RESOLVER, null);
    } catch (UnknownHostException e) {
      return new TargetResolution(given, List.of(), RESOLVER, "no such host: " + host + " does not resolve (the"
          + " resolver: " + e.getMessage() + ")");
    } catch (SecurityException e) {
      return new TargetResolution(given, List.of(), RESOLVER, "no such host: " + host + " could not be resolved ("
          + e.getMessage() + ")");
    }
  }

  /** The resolution a parent process made, handed to a child JVM as an address literal. */
  public static TargetResolution given(Target target, InetAddress address) {
    return new TargetResolution(target.unresolved(), List.of(address), isLiteral(target.host()) ? LITERAL : PARENT, null);
  }

  /** An IPv4 dotted quad or an IPv6 literal (by form: no lookup). */
  public static boolean isLiteral(String host) {
    return host.indexOf(':') >= 0 || host.matches("\\d{1,3}(\\.\\d{1,3}){3}");
  }

  /** True when the name did not resolve. */
  public boolean failed() {
    return failure != null;
  }

  /** The target with its address set (the first resolved); the given one when resolution failed. */
  public Target target() {
    return failed() ? given : given.resolvedTo(addresses.get(0));
  }

  /**
   * {@code target http://server:8080 = 127.0.9.2:8080 (resolved once; 2 addresses, the first used)},
   * or the failure.
   */
  public String describe() {
    if (failed()) {
      return "target " + given + ": " + failure;
    }
    String how = LITERAL.equals(source) ? "an address: nothing to resolve"
        : PARENT.equals(source) ? "resolved once, by the parent process"
        : "resolved once; " + (addresses.size() == 1 ? "1 address"
            : addresses.size() + " addresses, the first used");
    return "target " + given + " = " + target().addressText() + " (" + how + ")";
  }
}
