package io.crosscheck.cli;

import io.crosscheck.model.Target;
import java.io.IOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;

/**
 * One TCP connect to the target before any load (and before a capture starts), so that a target
 * where nothing listens is refused with what to do instead of being fired at for the whole run (a
 * closed port answers every connect at once: tens of thousands of connect-errors a second). The
 * probe opens and closes one connection and sends nothing; a server that counts connections
 * counts it.
 */
final class TargetProbe {
  static final int TIMEOUT_MILLIS = 3_000;

  private TargetProbe() {}

  /** Null when something accepts connections on {@code target}; otherwise the one line saying why not and what to do. */
  static String problem(Target target) {
    try (Socket s = new Socket()) {
      s.connect(new InetSocketAddress(target.host(), target.port()), TIMEOUT_MILLIS);
      return null;
    } catch (ConnectException e) {
      return "nothing listens on " + target + " (connection refused); start a server there"
          + " (./crosscheck serve --port " + target.port() + ", or serve --rubis --port " + target.port()
          + ") or point --target at one";
    } catch (SocketTimeoutException e) {
      return target + ": no answer to a connect within " + TIMEOUT_MILLIS / 1000 + " s; check --target and that"
          + " the server is up";
    } catch (UnknownHostException e) {
      return target + ": unknown host " + target.host() + "; expected --target http://HOST:PORT with a host"
          + " that resolves";
    } catch (IOException | IllegalArgumentException e) {
      return target + ": cannot connect (" + e.getMessage() + "); check --target";
    }
  }
}
