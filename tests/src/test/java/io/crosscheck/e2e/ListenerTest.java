package io.crosscheck.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.crosscheck.rubis.server.RubisServer;
import io.crosscheck.rubis.server.RubisServerConfig;
import io.crosscheck.server.EmbeddedServer;
import io.crosscheck.server.ServerConfig;
import java.io.IOException;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every listener binds IPv4 loopback only unless asked: the socket the kernel lists is
 * {@code 127.0.0.1:PORT} (not the dual-stack {@code [::ffff:127.0.0.1]} or {@code *}), and a
 * connection over IPv6 loopback is refused; a non-loopback bind warns, for both servers, naming every
 * address it listens on.
 */
@ChildJvmsProveBehaviour
class ListenerTest {
  /** The local address of the listening TCP socket on {@code port}, as {@code ss -ltn} prints it. */
  private static String listening(int port) throws Exception {
    Process p = new ProcessBuilder("ss", "-Hltn", "sport = :" + port).redirectErrorStream(true).start();
    String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(10, TimeUnit.SECONDS));
    List<String> rows = text.lines().filter(l -> !l.isBlank()).toList();
    assertEquals(1, rows.size(), "one listening socket on " + port + ": " + text);
    return rows.get(0).trim().split("\\s+")[3];
  }

  private static boolean connects(InetAddress address, int port) {
    try (Socket s = new Socket()) {
      s.connect(new InetSocketAddress(address, port), 1_000);
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  @Test
  void theGenericAndTheRubisServerListenOnIpv4LoopbackOnlyByDefault() throws Exception {
    InetAddress ipv6Loopback = Inet6Address.getByName("::1");
    try (EmbeddedServer generic = EmbeddedServer.start(ServerConfig.defaults().withPort(0));
        RubisServer rubis = RubisServer.start(RubisServerConfig.defaults().withPort(0))) {
      for (int port : new int[] {generic.port(), rubis.port()}) {
        assertEquals("127.0.0.1:" + port, listening(port));
        assertTrue(connects(InetAddress.getByName("127.0.0.1"), port));
        assertTrue(!connects(ipv6Loopback, port), "not reachable over IPv6 (::1) on " + port);
      }
      assertEquals(List.of("127.0.0.1:" + generic.port()), generic.reachableAddresses());
    }
  }

  /** {@code crosscheck serve ARGS} in a child JVM until it prints its listening line; returns its output. */
  private static String serve(Path dir, String... args) throws Exception {
    List<String> command = new ArrayList<>(List.of("serve"));
    command.addAll(List.of(args));
    try (ChildCli child = ChildCli.startAsGiven(Files.createTempFile(dir, "serve", ".out"), null, command)) {
      int port = child.listeningPort(Duration.ofSeconds(60));
      return child.output() + "\nlistening=" + listening(port);
    }
  }

  @Test
  void aNonLoopbackBindWarnsForBothServersNamingEveryAddress(@TempDir Path dir) throws Exception {
    for (String[] args : List.of(new String[] {"--bind", "0.0.0.0", "--port", "0"},
        new String[] {"--rubis", "--bind", "0.0.0.0", "--port", "0"})) {
      String printed = serve(dir, args);
      assertTrue(printed.contains("crosscheck serve: warning: --bind 0.0.0.0 is not a loopback address; the server"
          + " is reachable from the network on "), printed);
      String port = printed.replaceAll("(?s).*listening=0\\.0\\.0\\.0:(\\d+).*", "$1");
      assertTrue(printed.contains("listening=0.0.0.0:" + port), "an IPv4 socket: " + printed);
      String warning = printed.lines().filter(l -> l.startsWith("crosscheck serve: warning")).findFirst().orElseThrow();
      assertTrue(warning.contains("127.0.0.1:" + port), warning);
      assertTrue(!warning.contains("[::") && !warning.contains("[0:"), "IPv4 addresses only: " + warning);
    }
  }
}
