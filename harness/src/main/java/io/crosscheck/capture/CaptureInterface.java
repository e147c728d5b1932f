package io.crosscheck.capture;

import java.io.IOException;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;

/**
 * The interface a live capture of one target's traffic runs on, and why: the one the kernel's route
 * to the target's address leaves by ({@link KernelRoute}), the loopback interface for an address of
 * this host, or the user's {@code --interface}. Chosen in the capturing process's network namespace
 * (a generator host that is a namespace sees its own routes). Immutable.
 *
 * @param name the interface, a libpcap device name ({@code lo}, {@code eth0}, {@code any})
 * @param chosenBy how it was chosen
 * @param targetAddress the target's address the route was asked for (an IPv4 or IPv6 literal); the
 *     capture filter names it
 * @param route the kernel's route to it (one line, as ip printed it), null when it could not be read
 * @param reason why this interface, in words, e.g. {@code the route to 127.0.9.2}
 */
public record CaptureInterface(String name, ChosenBy chosenBy, String targetAddress, String route, String reason) {

  /** How the interface was chosen; its JSON name in capture.json's {@code interfaceChosenBy}. */
  public enum ChosenBy {
    /** the kernel's route to the target leaves by it */
    ROUTE("route"),
    /** the target is an address of this host, so its traffic stays on loopback */
    LOCAL_ADDRESS("local-address"),
    /** the user's {@code --interface} */
    OPTION("option"),
    /** {@code --wan}: the emulated link's interface in the client namespace the generator runs in */
    WAN_LINK("wan-link");

    private final String json;

    ChosenBy(String json) {
      this.json = json;
    }

    /** The name capture.json gives it. */
    public String json() {
      return json;
    }
  }

  /**
   * No interface could be chosen, or the one the user named cannot carry the target's traffic: an
   * input problem ({@code --interface}, what was given, what was expected), reported before anything
   * starts.
   */
  public static final class Refused extends IOException {
    private static final long serialVersionUID = 1L;
    private final String value;
    private final String expected;

    Refused(String value, String expected) {
      super("--interface: \"" + value + "\": expected " + expected);
      this.value = value;
      this.expected = expected;
    }

    /** What {@code --interface} was ({@code none given} when absent). */
    public String value() {
      return value;
    }

    /** What was expected, in words. */
    public String expected() {
      return expected;
    }
  }

  /** The line an audit prints when its capture starts: {@code capture on cc0 (the route to 127.0.9.2)}. */
  public String describe() {
    return "capture on " + name + " (" + reason + ")";
  }

  /**
   * Chooses the interface for the traffic to {@code address}.
   *
   * @param option the user's {@code --interface}, or null to follow the route
   * @param address the target's address
   * @param routes the kernel's routes ({@link KernelRoute#lookup} in this namespace)
   * @throws Refused {@code option} names no interface here, or one the traffic cannot cross (a
   *     loopback target and another interface); or none is given and the route cannot be read for an
   *     address that is not this host's
   */
  public static CaptureInterface choose(String option, InetAddress address, KernelRoute.Source routes)
      throws Refused {
    String literal = literal(address);
    KernelRoute route = null;
    String routeError = null;
    try {
      route = routes.routeTo(literal);
    } catch (IOException e) {
      routeError = e.getMessage();
    }
    String routeLine = route == null ? null : route.line();
    if (option != null) {
      NetworkInterface nif = networkInterface(option);
      if (nif == null && !"any".equals(option)) {
        throw new Refused(option, "a network interface of this host (e.g. "
            + (route != null ? route.device() + ", the one the route to " + literal + " leaves by"
                : "lo, for a target on 127.0.0.1") + ")");
      }
      if (route != null && route.local() && !option.equals(route.device()) && !"any".equals(option)
          && !isLoopback(nif)) {
        throw new Refused(option, route.device() + ": " + literal + " is an address of this host (the kernel's"
            + " route: " + routeLine + "), so its traffic never crosses " + option);
      }
      String why = route == null ? "--interface; the route to " + literal + " could not be read: " + routeError
          : option.equals(route.device()) ? "--interface, as the route to " + literal
          : "--interface; the route to " + literal + " leaves by " + route.device();
      return new CaptureInterface(option, ChosenBy.OPTION, literal, routeLine, why);
    }
    if (route != null) {
      return route.local()
          ? new CaptureInterface(route.device(), ChosenBy.LOCAL_ADDRESS, literal, routeLine,
              literal + " is an address of this host")
          : new CaptureInterface(route.device(), ChosenBy.ROUTE, literal, routeLine, "the route to " + literal);
    }
    // no route read (ip missing): an address of this host still says where its traffic goes
    NetworkInterface loopback = local(address) ? loopbackInterface() : null;
    if (loopback != null) {
      return new CaptureInterface(loopback.getName(), ChosenBy.LOCAL_ADDRESS, literal, null, literal
          + " is an address of this host (the kernel's route could not be read: " + routeError + ")");
    }
    throw new Refused("none given", "the interface to capture on: the kernel's route to " + literal
        + " could not be read (" + routeError + ")");
  }

  /** The address as a literal without brackets or scope: what ip and the capture filter are given. */
  public static String literal(InetAddress address) {
    if (!(address instanceof java.net.Inet6Address)) {
      return address.getHostAddress();
    }
    // RFC 5952: the longest run of two or more zero groups (the first of equals) becomes "::"
    byte[] b = address.getAddress();
    int[] groups = new int[8];
    for (int i = 0; i < 8; i++) {
      groups[i] = (b[2 * i] & 0xff) << 8 | (b[2 * i + 1] & 0xff);
    }
    int bestStart = -1;
    int bestLength = 1;
    for (int i = 0; i < 8; ) {
      int j = i;
      while (j < 8 && groups[j] == 0) {
        j++;
      }
      if (j - i > bestLength) {
        bestStart = i;
        bestLength = j - i;
      }
      i = j == i ? i + 1 : j;
    }
    StringBuilder s = new StringBuilder();
    for (int i = 0; i < 8; i++) {
      if (i == bestStart) {
        s.append("::");
        i += bestLength - 1;
        continue;
      }
      if (s.length() > 0 && s.charAt(s.length() - 1) != ':') {
        s.append(':');
      }
      s.append(Integer.toHexString(groups[i]));
    }
    return s.toString();
  }

  private static NetworkInterface networkInterface(String name) {
    try {
      return NetworkInterface.getByName(name);
    } catch (SocketException e) {
      return null;
    }
  }

  private static boolean isLoopback(NetworkInterface nif) {
    try {
      return nif != null && nif.isLoopback();
    } catch (SocketException e) {
      return false;
    }
  }

  /**
   * Whether an interface of this network namespace holds {@code address}. Not "any 127.x": in a
   * namespace whose loopback route is narrowed (the two-host testbed's client), 127.0.9.2 is another
   * host's; without the kernel's route only an address held here is known to stay here.
   */
  private static boolean local(InetAddress address) {
    try {
      return NetworkInterface.getByInetAddress(address) != null;
    } catch (SocketException e) {
      return false;
    }
  }

  private static NetworkInterface loopbackInterface() {
    try {
      for (NetworkInterface nif : java.util.Collections.list(NetworkInterface.getNetworkInterfaces())) {
        if (nif.isLoopback()) {
          return nif;
        }
      }
    } catch (SocketException e) {
      // none found
    }
    return null;
  }
}
