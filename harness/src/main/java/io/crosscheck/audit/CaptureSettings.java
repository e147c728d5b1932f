package io.crosscheck.audit;

import io.crosscheck.capture.CaptureInterface;
import io.crosscheck.capture.KernelRoute;
import io.crosscheck.capture.LiveCaptureConfig;
import io.crosscheck.model.Target;
import io.crosscheck.model.spec.Problem;
import io.crosscheck.rundir.Findings;
import java.io.IOException;

/**
 * How the live capture of an audit is taken ({@code --interface}, {@code --snaplen}, {@code
 * --min-matched}, {@code --capture-buffer} of audit, matrix and the studies), as checked values.
 *
 * @param interfaceName the interface given, or null: the kernel's route to the target chooses
 * @param snaplenBytes bytes kept of each packet
 * @param minMatchedPercent the matching floor (percent of the records sent within the capture's span)
 * @param bufferBytes the kernel's capture buffer
 */
public record CaptureSettings(String interfaceName, int snaplenBytes, double minMatchedPercent, int bufferBytes) {
  /** The defaults of the options: the kernel's route chooses the interface. */
  public static CaptureSettings defaults() {
    return new CaptureSettings(null, LiveCaptureConfig.DEFAULT_SNAPLEN_BYTES,
        Findings.Coverage.DEFAULT_MIN_MATCHED_PERCENT, LiveCaptureConfig.DEFAULT_BUFFER_BYTES);
  }

  /**
   * The interface to capture the traffic to {@code target} on ({@link CaptureInterface#choose}):
   * {@code --interface}, or the kernel's route to the target's address in this network namespace.
   *
   * @throws CaptureInterface.Refused --interface names no interface here or one the traffic never
   *     crosses, or none was given and the route cannot be read
   * @throws java.net.UnknownHostException the target's name does not resolve
   */
  public CaptureInterface choose(Target target) throws IOException {
    return CaptureInterface.choose(interfaceName, address(target), KernelRoute::lookup);
  }

  /**
   * Whether {@code target}'s server is on this host as far as its traffic goes: the kernel routes its
   * address over the loopback interface, or names it one of this host's own. True when the route
   * cannot be read (the careful answer: the engine's one-core layout would starve a server on its
   * core).
   */
  public static boolean onThisHost(Target target) {
    try {
      KernelRoute route = KernelRoute.lookup(address(target).getHostAddress());
      return route.local() || "lo".equals(route.device());
    } catch (IOException e) {
      return true;
    }
  }

  /**
   * The problem that keeps a capture of {@code target}'s traffic from starting (checked before any
   * load), or null when an interface was found for it.
   */
  public Problem interfaceProblem(Target target) {
    try {
      choose(target);
      return null;
    } catch (CaptureInterface.Refused r) {
      return new Problem("--interface", r.value(), r.expected());
    } catch (IOException e) {
      return new Problem("--target", target.toString(), "a host whose address is known: " + e.getMessage());
    }
  }

  /**
   * The target's address: the one resolved at the job's start, else {@link
   * io.crosscheck.model.TargetResolution}'s (a literal, or a check made before the start).
   */
  public static java.net.InetAddress address(Target target) throws java.net.UnknownHostException {
    if (target.address() != null) {
      return target.address(); // resolved once at the job's start; never looked up again
    }
    io.crosscheck.model.TargetResolution r = io.crosscheck.model.TargetResolution.resolve(target);
    if (r.failed()) {
      throw new java.net.UnknownHostException(r.failure());
    }
    return r.target().address();
  }
}
