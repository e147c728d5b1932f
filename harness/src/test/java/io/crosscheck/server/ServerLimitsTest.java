package io.crosscheck.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.SocketTimeoutException;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * {@link ConnectionLimits} on a real {@link EmbeddedServer} over loopback sockets: a connection idle
 * past the keep-alive timeout is closed by the server (the client reads end of stream) and counted;
 * one with a request in service ({@code /fault/stall}) is not; a connection beyond the cap is closed
 * at once and counted as shed, and its place is taken again once one closes.
 */
class ServerLimitsTest {
  private static final Duration TIMEOUT = Duration.ofMillis(300);

  private static EmbeddedServer start(int maxConnections) throws InterruptedException {
    return EmbeddedServer.start(ServerConfig.defaults().withPort(0), ConnectionLimits.of(TIMEOUT, maxConnections));
  }

  /** Waits (bounded) until the server's counter reaches {@code expected}. */
  private static void awaitCount(long expected, java.util.function.LongSupplier count) throws InterruptedException {
    long untilNanos = System.nanoTime() + Duration.ofSeconds(5).toNanos();
    while (count.getAsLong() < expected && System.nanoTime() < untilNanos) {
      Thread.sleep(5);
    }
    assertEquals(expected, count.getAsLong());
  }

  @Test
  void anIdleConnectionIsClosedAfterTheTimeoutAndAStalledRequestIsNot() throws Exception {
    try (EmbeddedServer server = start(ConnectionLimits.NO_CAP);
        TestConnection stalled = new TestConnection(server.port());
        TestConnection served = new TestConnection(server.port())) {
      stalled.send("GET /fault/stall HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
      assertEquals(200, served.get("/static/10").status());
      long startNanos = System.nanoTime();
      try (TestConnection idle = new TestConnection(server.port())) {
        assertEquals(-1, idle.socket.getInputStream().read(), "the server closed the idle connection");
      }
      long idleMillis = (System.nanoTime() - startNanos) / 1_000_000;
      assertTrue(idleMillis >= 250 && idleMillis < 3_000, "closed after ~300 ms: " + idleMillis + " ms");
      assertEquals(-1, served.socket.getInputStream().read(), "idle after its reply: closed too");
      awaitCount(2, server::connectionsClosedIdle);
      stalled.socket.setSoTimeout(1_000); // more than three timeouts: the stalled request keeps its connection
      assertThrows(SocketTimeoutException.class, () -> stalled.socket.getInputStream().read());
      assertEquals(2, server.connectionsClosedIdle());
      assertEquals(1, server.openConnections(), "only the stalled connection is open");
    }
  }

  @Test
  void aConnectionBeyondTheCapIsClosedAtOnceAndCountedAsShed() throws Exception {
    try (EmbeddedServer server = EmbeddedServer.start(ServerConfig.defaults().withPort(0),
            ConnectionLimits.of(Duration.ZERO, 2));
        TestConnection first = new TestConnection(server.port());
        TestConnection second = new TestConnection(server.port())) {
      assertEquals(200, first.get("/static/10").status());
      assertEquals(200, second.get("/static/10").status());
      try (TestConnection third = new TestConnection(server.port())) {
        assertEquals(-1, third.socket.getInputStream().read(), "the third connection is closed at once");
      }
      assertEquals(1, server.connectionsShed());
      assertEquals(2, server.connectionsAccepted(), "a shed connection is not counted as accepted");
      first.close();
      awaitCount(1, () -> server.connectionsAccepted() - server.openConnections());
      try (TestConnection fourth = new TestConnection(server.port())) {
        assertEquals(200, fourth.get("/static/10").status(), "the freed place is taken again");
      }
      assertEquals(1, server.connectionsShed());
      assertEquals(0, server.connectionsClosedIdle(), "keep-alive timeout 0: never");
      assertEquals("connectionsShed=1 connectionsClosedIdle=0 acceptsFailed=0", server.describeShed());
    }
  }

  @Test
  void limitsAreValidated() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new ConnectionLimits(0, 0));
    assertEquals("maxConnections: 0: expected >= 1", e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> new ConnectionLimits(-1, 1));
    assertEquals("keepAliveTimeout: -1 ns: expected >= 0 (0 = never)", e.getMessage());
    assertEquals("keep-alive timeout 20 s, at most 7 connections",
        ConnectionLimits.of(Duration.ofSeconds(20), 7).describe());
    assertEquals("keep-alive timeout: never, no connection cap",
        ConnectionLimits.of(Duration.ZERO, ConnectionLimits.NO_CAP).describe());
  }
}
