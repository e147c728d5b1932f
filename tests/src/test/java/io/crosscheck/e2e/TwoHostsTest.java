package io.crosscheck.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The two-host testbed itself: the route crosses the veth, 127.0.0.1 stays local, and close removes it all. */
class TwoHostsTest {
  @Test
  void theServerAddressIsReachedOverTheLinkAndEverythingIsRemoved() throws Exception {
    String client;
    String server;
    try (TwoHosts hosts = TwoHosts.open()) {
      client = hosts.clientNamespace();
      server = hosts.serverNamespace();
      assertTrue(run(hosts.onClient(), "ip", "-o", "route", "get", TwoHosts.SERVER_ADDRESS)
          .contains(" dev " + TwoHosts.INTERFACE + " "), "the route to the server host crosses the veth");
      assertTrue(run(hosts.onClient(), "ip", "-o", "route", "get", "127.0.0.1").contains(" dev lo "),
          "127.0.0.1 stays on the client host's loopback");
      // a real TCP exchange across the link: a one-line server in the server namespace, a client here
      List<String> serve = new ArrayList<>(hosts.onServer(0));
      serve.addAll(List.of("perl", "-MIO::Socket::INET", "-e",
          "my $s = IO::Socket::INET->new(LocalAddr => '" + TwoHosts.SERVER_ADDRESS + "', LocalPort => 8099,"
              + " Listen => 1, ReuseAddr => 1) or die $!; print \"up\\n\"; $| = 1; my $c = $s->accept;"
              + " my $l = <$c>; print $c \"echo $l\"; close $c;"));
      Process p = new ProcessBuilder(serve).redirectErrorStream(true).start();
      try {
        InputStream in = p.getInputStream();
        assertEquals("up", readLine(in));
        String answer = run(hosts.onClient(), "perl", "-MIO::Socket::INET", "-e",
            "my $c = IO::Socket::INET->new(PeerAddr => '" + TwoHosts.SERVER_ADDRESS + "', PeerPort => 8099,"
                + " Timeout => 5) or die $!; print $c \"hello\\n\"; print scalar <$c>;");
        assertEquals("echo hello", answer.trim());
      } finally {
        p.destroyForcibly();
      }
      assertTrue(TwoHosts.exists(client) && TwoHosts.exists(server));
    }
    assertFalse(TwoHosts.exists(client), client + " removed");
    assertFalse(TwoHosts.exists(server), server + " removed");
  }

  private static String readLine(InputStream in) throws IOException {
    StringBuilder b = new StringBuilder();
    for (int c; (c = in.read()) != -1 && c != '\n'; ) {
      b.append((char) c);
    }
    return b.toString();
  }

  private static String run(List<String> wrapper, String... command) throws Exception {
    List<String> all = new ArrayList<>(wrapper);
    all.addAll(List.of(command));
    Process p = new ProcessBuilder(all).redirectErrorStream(true).start();
    try (OutputStream ignored = p.getOutputStream()) {
      // no input
    }
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(20, TimeUnit.SECONDS), String.join(" ", all) + " ended");
    assertEquals(0, p.exitValue(), String.join(" ", all) + ": " + out);
    return out;
  }
}
