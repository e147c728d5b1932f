package io.crosscheck.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.EOFException;
import java.io.IOException;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Each deliberate fault, as a plain socket client sees it. */
@Timeout(20)
class FaultResponderTest extends EmbeddedServerFixture {
  @Test
  void stallNeverAnswersAndKeepsTheConnectionOpen() throws Exception {
    try (TestConnection c = new TestConnection(server.port())) {
      long servedBefore = server.requestsServed();
      c.send("GET /fault/stall HTTP/1.1\r\nHost: x\r\n\r\n");
      c.socket.setSoTimeout(500);
      assertThrows(SocketTimeoutException.class, c::readByte, "no byte within 500 ms");
      assertTrue(server.openConnections() >= 1);
      assertEquals(servedBefore, server.requestsServed());
    }
  }

  @Test
  void resetMakesTheClientReadFailWithConnectionReset() throws IOException {
    try (TestConnection c = new TestConnection(server.port())) {
      c.send("GET /fault/reset HTTP/1.1\r\nHost: x\r\n\r\n");
      SocketException e = assertThrows(SocketException.class, c::readToEnd);
      assertTrue(e.getMessage().contains("Connection reset"), e.getMessage());
    }
  }

  @Test
  void garbageIsNotHttpAndIsFollowedByClose() throws IOException {
    try (TestConnection c = new TestConnection(server.port())) {
      c.send("GET /fault/garbage HTTP/1.1\r\nHost: x\r\n\r\n");
      String got = new String(c.readToEnd(), StandardCharsets.US_ASCII);
      assertFalse(got.startsWith("HTTP/"), got);
      assertEquals(FaultResponder.GARBAGE_TEXT, got);
    }
  }

  @Test
  void closeMidBodyEndsBeforeTheDeclaredLength() throws IOException {
    try (TestConnection c = new TestConnection(server.port())) {
      c.send("GET /fault/close-mid-body HTTP/1.1\r\nHost: x\r\n\r\n");
      EOFException e = assertThrows(EOFException.class, () -> c.read(false));
      assertEquals("EOF after 100 of 10000 body bytes", e.getMessage());
    }
  }

  @Test
  void statusFaultRepliesWithThatStatusAndKeepsTheConnection() throws IOException {
    try (TestConnection c = new TestConnection(server.port())) {
      TestConnection.Response r = c.get("/fault/status/503");
      assertEquals(503, r.status());
      assertEquals("status 503\n", new String(r.body(), StandardCharsets.US_ASCII));
      assertEquals(500, c.get("/fault/status/500").status());
      assertEquals(204, c.get("/fault/status/204").status());
      assertEquals(200, c.get("/static/100").status());
    }
  }
}
