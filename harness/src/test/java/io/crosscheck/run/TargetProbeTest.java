package io.crosscheck.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.crosscheck.model.Target;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import org.junit.jupiter.api.Test;

/** The preflight connect's answers, on this host's loopback only. */
class TargetProbeTest {
  private static int closedPort() throws IOException {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
      return s.getLocalPort();
    }
  }

  @Test
  void aListeningPortIsNoProblem() throws Exception {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
      Target t = new Target("localhost", s.getLocalPort()).resolvedTo(InetAddress.getByName("127.0.0.1"));
      assertNull(TargetProbe.problem(t));
    }
  }

  @Test
  void aClosedPortIsRefusedNamingTheNameAndTheAddressConnected() throws Exception {
    int port = closedPort();
    Target named = new Target("localhost", port).resolvedTo(InetAddress.getByName("127.0.0.1"));
    assertEquals("nothing listens on http://localhost:" + port + " (127.0.0.1:" + port + ") (connection refused);"
        + " start a server there (./crosscheck serve --port " + port + ", or serve --rubis --port " + port
        + ") or point --target at one", TargetProbe.problem(named));
    Target literal = new Target("127.0.0.1", port).resolvedTo(InetAddress.getByName("127.0.0.1"));
    assertEquals("nothing listens on http://127.0.0.1:" + port + " (connection refused); start a server there"
        + " (./crosscheck serve --port " + port + ", or serve --rubis --port " + port + ") or point --target at one",
        TargetProbe.problem(literal));
  }
}
