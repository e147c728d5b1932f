package io.crosscheck.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.netty.channel.epoll.Epoll;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** {@code serve --reuse-port}: two servers on one port, and the kernel spreads connections over both. */
@Timeout(60)
class ReusePortTest {
  @Test
  void twoServersShareOnePortAndBothAcceptConnections() throws Exception {
    assumeTrue(Epoll.isAvailable(), "SO_REUSEPORT needs the epoll transport");
    ServerConfig shared = ServerConfig.defaults().withPort(0).withReusePort(true);
    try (EmbeddedServer first = EmbeddedServer.start(shared);
        EmbeddedServer second = EmbeddedServer.start(shared.withPort(first.port()))) {
      assertEquals(first.port(), second.port());
      List<Socket> sockets = new ArrayList<>();
      try {
        for (int i = 0; i < 200; i++) {
          Socket s = new Socket();
          s.connect(new InetSocketAddress("127.0.0.1", first.port()), 5_000);
          sockets.add(s);
        }
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (first.connectionsAccepted() + second.connectionsAccepted() < 200 && System.nanoTime() < deadline) {
          Thread.sleep(10);
        }
      } finally {
        for (Socket s : sockets) {
          s.close();
        }
      }
      System.out.printf("[reuse port] 200 connections to one port: %d and %d accepted by the two servers%n",
          first.connectionsAccepted(), second.connectionsAccepted());
      assertEquals(200, first.connectionsAccepted() + second.connectionsAccepted());
      // the kernel hashes each 4-tuple to one listener: 200 connections never all land on one
      assertTrue(first.connectionsAccepted() > 0 && second.connectionsAccepted() > 0,
          first.connectionsAccepted() + " / " + second.connectionsAccepted());
    }
  }

  @Test
  void withoutItTheSecondBindIsRefused() throws Exception {
    try (EmbeddedServer first = EmbeddedServer.start(ServerConfig.defaults().withPort(0))) {
      IllegalStateException e = assertThrows(IllegalStateException.class,
          () -> EmbeddedServer.start(ServerConfig.defaults().withPort(first.port())).close());
      assertTrue(e.getMessage().contains(String.valueOf(first.port())), e.getMessage());
    }
  }
}
