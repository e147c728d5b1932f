package io.crosscheck.run;

import io.crosscheck.model.Target;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.util.Locale;

/**
 * One TCP connect to the target's resolved address before any load (and before a capture starts),
 * so that a target where nothing listens is refused with what to do instead of being fired at for
 * the whole run (a closed port answers every connect at once: tens of thousands of connect-errors a
 * second). The probe opens and closes one connection and sends nothing; a server that counts
 * connections counts it. Its answer names what it found: refused, timed out, unreachable (no
 * route), or, before it, a name that did not resolve ({@link io.crosscheck.model.TargetResolution}).
 */
public final class TargetProbe {
  public static final int TIMEOUT_MILLIS = 3_000;

  private TargetProbe() {}

  /**
   * Null when something accepts connections on {@code target} (resolved: {@link Target#address()});
   * otherwise the one line saying what the connect found and what to do.
   */
  public static String problem(Target target) {
    String where = where(target);
    try (Socket s = new Socket()) {
      s.connect(target.socketAddress(), TIMEOUT_MILLIS);
      return null;
    } catch (ConnectException e) {
      if (unreachable(e)) {
        return unreachable(where, e);
      }
      return "nothing listens on " + where + " (connection refused); start a server there"
          + " (./crosscheck serve --port " + target.port() + ", or serve --rubis --port " + target.port()
          + ") or point --target at one";
    } catch (SocketTimeoutException e) {
      return where + ": no answer to a connect within " + TIMEOUT_MILLIS / 1000 + " s (timed out); check --target,"
          + " that the server is up, and that no firewall drops the connection";
    } catch (NoRouteToHostException e) {
      return unreachable(where, e);
    } catch (UnknownHostException e) {
      return "no such host: " + target.host() + " does not resolve (" + e.getMessage() + "); expected --target"
          + " http://HOST:PORT with a host that resolves";
    } catch (IOException | IllegalArgumentException e) {
      return unreachable(e) ? unreachable(where, e) : where + ": cannot connect (" + e.getMessage() + "); check --target";
    }
  }

  /** {@code http://server:8080 (127.0.9.2:8080)}; an address literal once. */
  public static String where(Target target) {
    String address = target.addressText();
    return address == null || target.hostHeader().equals(address) ? target.toString()
        : target + " (" + address + ")";
  }

  private static boolean unreachable(Exception e) {
    String m = String.valueOf(e.getMessage()).toLowerCase(Locale.ROOT);
    return e instanceof NoRouteToHostException || m.contains("unreachable") || m.contains("no route");
  }

  private static String unreachable(String where, Exception e) {
    return where + ": unreachable (" + e.getMessage() + "): no route to it from this host; check --target and the"
        + " network between the hosts";
  }

  /**
   * The job's target resolved once, at the job's start (the one place every command goes through), the
   * address printed and set on the job; false after one line on {@code err} when the name did not resolve
   * or {@code targetAddress} (a child's {@code --target-address}) is no IP literal.
   */
  public static boolean resolve(RunJob job, String targetAddress, PrintWriter err, String command) {
    io.crosscheck.model.Target target = job.workload().target();
    io.crosscheck.model.TargetResolution resolution;
    if (targetAddress != null) {
      java.net.InetAddress given;
      try {
        if (!io.crosscheck.model.TargetResolution.isLiteral(targetAddress)) {
          throw new java.net.UnknownHostException(targetAddress);
        }
        given = java.net.InetAddress.getByName(targetAddress); // a literal: no lookup
      } catch (java.net.UnknownHostException e) {
        err.println(command + ": --target-address: \"" + targetAddress
            + "\": expected an IP address literal");
        err.flush();
        return false;
      }
      resolution = io.crosscheck.model.TargetResolution.given(target, given);
    } else {
      resolution = io.crosscheck.model.TargetResolution.resolve(target);
    }
    if (resolution.failed()) {
      err.println(command + ": " + resolution.describe()
          + "; expected --target http://HOST:PORT with a host that resolves (nothing was started)");
      err.flush();
      return false;
    }
    System.out.println("crosscheck: " + resolution.describe());
    job.resolvedTarget(resolution.target());
    return true;
  }

  /**
   * One connect to the job's (resolved) target before any load: false (after one line on stderr
   * naming the target, what the connect found and what to do) when nothing accepts there. Skipped
   * for a job written into a given directory (a child JVM's: its parent probed).
   */
  public static boolean probe(RunJob job, PrintWriter err, String command) {
    String problem = problem(job.workload().target());
    if (problem == null) {
      return true;
    }
    err.println(command + ": " + problem);
    err.flush();
    return false;
  }
}
