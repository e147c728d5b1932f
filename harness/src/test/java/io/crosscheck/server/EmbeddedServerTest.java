package io.crosscheck.server;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.function.LongSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The embedded server on real loopback sockets: content, framing, keep-alive and counters. */
@Timeout(20)
class EmbeddedServerTest extends EmbeddedServerFixture {
  @Test
  void listensOnLoopbackEphemeralPort() {
    assertTrue(server.port() > 0);
    assertTrue(server.localAddress().getAddress().isLoopbackAddress());
    assertEquals("http://127.0.0.1:" + server.port(), server.baseUrl());
  }

  @Test
  void staticBodiesHaveExactSizeAndContentLength() throws IOException {
    try (TestConnection c = new TestConnection(server.port())) {
      for (String size : new String[] {"2k", "64k", "100", "1m", "0"}) {
        TestConnection.Response r = c.get("/static/" + size);
        int expected = (int) Route.parseSizeBytes(size);
        assertEquals(200, r.status(), size);
        assertEquals(String.valueOf(expected), r.header("content-length"), size);
        assertEquals(expected, r.body().length, size);
        assertArrayEquals(expectedContent(expected), r.body(), size);
      }
    }
  }

  @Test
  void queryStringIsIgnoredForRouting() throws IOException {
    try (TestConnection c = new TestConnection(server.port())) {
      assertEquals(2048, c.get("/static/2k?session=7&x=y").body().length);
    }
  }

  @Test
  void chunkedBodyDecodesToItsSizeInSeveralChunks() throws IOException {
    try (TestConnection c = new TestConnection(server.port())) {
      TestConnection.Response r = c.get("/chunked/64k");
      assertEquals("chunked", r.header("transfer-encoding"));
      assertNull(r.header("content-length"));
      assertArrayEquals(expectedContent(65536), r.body());
      assertEquals(8, r.chunks());
      TestConnection.Response small = c.get("/chunked/2k");
      assertEquals(2048, small.body().length);
      assertEquals(4, small.chunks());
    }
  }

  @Test
  void closeDelimitedBodyEndsWithTheConnection() throws IOException {
    try (TestConnection c = new TestConnection(server.port())) {
      TestConnection.Response r = c.get("/close/2k");
      assertNull(r.header("content-length"));
      assertNull(r.header("transfer-encoding"));
      assertEquals("close", r.header("connection"));
      assertArrayEquals(expectedContent(2048), r.body()); // read to EOF: the server closed
    }
  }

  @Test
  void keepAliveServesTenRequestsOnOneConnection() throws Exception {
    try (EmbeddedServer own = EmbeddedServer.start(ServerConfig.defaults().withPort(0))) {
      try (TestConnection c = new TestConnection(own.port())) {
        for (int i = 0; i < 10; i++) {
          TestConnection.Response r = c.get("/static/2k");
          assertEquals(2048, r.body().length);
          assertNull(r.header("connection"));
        }
        assertEquals(1, own.connectionsAccepted());
        assertEquals(10, own.requestsServed());
        assertEquals(1, own.openConnections());
      }
      awaitValue(0, own::openConnections);
    }
  }

  @Test
  void connectionCloseIsHonoured() throws IOException {
    try (TestConnection c = new TestConnection(server.port())) {
      c.send("GET /static/100 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
      TestConnection.Response r = c.read(false);
      assertEquals("close", r.header("connection"));
      assertEquals(100, r.body().length);
      assertEquals(-1, c.readByte());
    }
  }

  @Test
  void http10ClosesUnlessKeepAliveIsAsked() throws IOException {
    try (TestConnection c = new TestConnection(server.port())) {
      c.send("GET /static/100 HTTP/1.0\r\n\r\n");
      TestConnection.Response r = c.read(false);
      assertTrue(r.statusLine().startsWith("HTTP/1.0 200"), r.statusLine());
      assertEquals(100, r.body().length);
      assertEquals(-1, c.readByte());
    }
    try (TestConnection c = new TestConnection(server.port())) {
      for (int i = 0; i < 2; i++) {
        c.send("GET /static/3k HTTP/1.0\r\nConnection: keep-alive\r\n\r\n");
        TestConnection.Response r = c.read(false);
        assertEquals("keep-alive", r.header("connection"));
        assertEquals(3072, r.body().length);
      }
      // HTTP/1.0 cannot receive chunks: /chunked falls back to a close-delimited body.
      c.send("GET /chunked/3k HTTP/1.0\r\nConnection: keep-alive\r\n\r\n");
      TestConnection.Response r = c.read(false);
      assertNull(r.header("transfer-encoding"));
      assertEquals("close", r.header("connection"));
      assertEquals(3072, r.body().length);
    }
  }

  @Test
  void headSendsHeadersOnly() throws IOException {
    try (TestConnection c = new TestConnection(server.port())) {
      c.send("HEAD /static/64k HTTP/1.1\r\nHost: x\r\n\r\n");
      TestConnection.Response r = c.read(true);
      assertEquals(200, r.status());
      assertEquals("65536", r.header("content-length"));
      c.send("HEAD /chunked/64k HTTP/1.1\r\nHost: x\r\n\r\n");
      assertEquals("chunked", c.read(true).header("transfer-encoding"));
      // No body was sent: the next response starts right after the headers.
      assertEquals(100, c.get("/static/100").body().length);
    }
  }

  @Test
  void pipelinedRequestsAreAnsweredInOrder() throws IOException {
    try (TestConnection c = new TestConnection(server.port())) {
      c.send("GET /static/300 HTTP/1.1\r\n\r\nGET /chunked/200 HTTP/1.1\r\n\r\nGET /static/100 HTTP/1.1\r\n\r\n");
      assertEquals(300, c.read(false).body().length);
      assertEquals(200, c.read(false).body().length);
      assertEquals(100, c.read(false).body().length);
    }
  }

  @Test
  void unknownPathsAndBadParametersAreAnsweredWithSmallBodies() throws IOException {
    try (TestConnection c = new TestConnection(server.port())) {
      TestConnection.Response notFound = c.get("/nothing/here");
      assertEquals(404, notFound.status());
      assertTrue(notFound.body().length < 512);
      assertEquals(404, c.get("/static/abc").status());
      assertEquals(400, c.get("/static/65m").status());
      assertEquals(400, c.get("/fault/status/999").status());
    }
  }

  @Test
  void malformedRequestIsAnswered400AndClosed() throws IOException {
    try (TestConnection c = new TestConnection(server.port())) {
      c.send("THIS IS NOT HTTP\r\n\r\n");
      assertEquals(400, c.read(false).status());
      assertEquals(-1, c.readByte());
    }
  }

  static byte[] expectedContent(int sizeBytes) {
    byte[] b = new byte[sizeBytes];
    for (int i = 0; i < sizeBytes; i++) {
      b[i] = ContentCache.byteAt(i);
    }
    return b;
  }

  /** Waits (at most 5 s) until {@code actual} reads {@code expected}, then asserts it. */
  static void awaitValue(long expected, LongSupplier actual) throws InterruptedException {
    long deadlineNanos = System.nanoTime() + 5_000_000_000L;
    while (actual.getAsLong() != expected && System.nanoTime() < deadlineNanos) {
      Thread.sleep(10);
    }
    assertEquals(expected, actual.getAsLong());
  }
}
