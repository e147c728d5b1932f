package io.crosscheck.capture;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The kernel's route to one address, as {@code ip -o route get ADDRESS} (iproute2) prints it in this
 * process's network namespace: the interface the traffic to that address leaves by, which is where
 * a capture on the generator's host sees it. A local address (one of this host's own) is routed
 * over the loopback interface ({@code local 127.0.0.1 dev lo ...}). Asking sends nothing. Immutable.
 *
 * <p>The line has the form {@code [TYPE] ADDRESS [via GATEWAY] dev NAME [src ADDRESS] ...}, where
 * TYPE is absent for a unicast route, {@code local} for an address of this host, {@code broadcast}
 * or {@code multicast}; {@code unreachable}, {@code prohibit}, {@code blackhole} and {@code throw}
 * name routes that lead nowhere (ip exits non-zero for most of them).
 *
 * @param line the kernel's route, on one line as ip printed it (its continuation marks dropped)
 * @param device the interface the route names ({@code dev NAME})
 * @param local whether the address is one of this host's own (route type {@code local})
 */
public record KernelRoute(String line, String device, boolean local) {
  private static final List<String> NOWHERE = List.of("unreachable", "prohibit", "blackhole", "throw");
  private static final long LOOKUP_TIMEOUT_MILLIS = 5_000;

  /** Asks the kernel for routes: {@link #lookup}, or a fixed answer in tests. */
  @FunctionalInterface
  public interface Source {
    /**
     * @param address an IPv4 or IPv6 literal
     * @throws IOException the route could not be read; the message says why (no route, no ip)
     */
    KernelRoute routeTo(String address) throws IOException;
  }

  /**
   * Runs {@code ip -o route get ADDRESS} in this process's network namespace.
   *
   * @param address an IPv4 or IPv6 literal (never a name: ip would resolve it itself)
   * @throws IOException ip is not installed, did not answer within 5 s, or found no route (its
   *     message, e.g. {@code RTNETLINK answers: Network is unreachable})
   */
  public static KernelRoute lookup(String address) throws IOException {
    Process p;
    try {
      p = new ProcessBuilder("ip", "-o", "route", "get", address).redirectErrorStream(true).start();
    } catch (IOException e) {
      throw new IOException("ip (iproute2) could not be run: " + e.getMessage(), e);
    }
    String output;
    try {
      p.getOutputStream().close();
      output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
      if (!p.waitFor(LOOKUP_TIMEOUT_MILLIS, TimeUnit.MILLISECONDS)) {
        p.destroyForcibly();
        throw new IOException("ip -o route get " + address + " did not answer within " + LOOKUP_TIMEOUT_MILLIS
            + " ms");
      }
    } catch (InterruptedException e) {
      p.destroyForcibly();
      Thread.currentThread().interrupt();
      throw new java.io.InterruptedIOException("interrupted while asking the kernel for the route to " + address);
    }
    if (p.exitValue() != 0) {
      throw new IOException("ip -o route get " + address + " exited " + p.exitValue()
          + (output.isEmpty() ? "" : ": " + output.lines().findFirst().orElse("")));
    }
    return parse(address, output);
  }

  /**
   * Reads what {@code ip -o route get ADDRESS} printed.
   *
   * @throws IOException the route leads nowhere, or names no interface
   */
  public static KernelRoute parse(String address, String output) throws IOException {
    String first = output.strip().lines().findFirst().orElse("");
    // -o puts a route's continuation lines on its first, each after a backslash
    String line = String.join(" ", first.replace('\\', ' ').strip().split("\\s+"));
    String[] tokens = line.split(" ");
    if (line.isEmpty()) {
      throw new IOException("ip -o route get " + address + " printed no route");
    }
    if (NOWHERE.contains(tokens[0])) {
      throw new IOException("the kernel has no usable route to " + address + " (" + line + ")");
    }
    for (int i = 0; i + 1 < tokens.length; i++) {
      if (tokens[i].equals("dev")) {
        return new KernelRoute(line, tokens[i + 1], tokens[0].equals("local"));
      }
    }
    throw new IOException("the kernel's route to " + address + " names no interface (" + line + ")");
  }
}
