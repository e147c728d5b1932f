package io.crosscheck.server;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.netty.buffer.ByteBuf;
import org.junit.jupiter.api.Test;

/** Request routing, size parsing and the shared generated content. */
class RouteTest {

  @Test
  void routesSizesAndIgnoresQueries() {
    assertEquals(new Route.Static(2048), Route.of("/static/2k"));
    assertEquals(new Route.Static(100), Route.of("/static/100?a=b"));
    assertEquals(new Route.Chunked(1 << 20), Route.of("/chunked/1M#frag"));
    assertEquals(new Route.Close(65536), Route.of("/close/64k"));
    assertEquals(new Route.Static(2048), Route.of("http://127.0.0.1:8080/static/2k"));
  }

  @Test
  void routesFaults() {
    assertEquals(new Route.Fault(Route.FaultKind.STALL), Route.of("/fault/stall"));
    assertEquals(new Route.Fault(Route.FaultKind.RESET), Route.of("/fault/reset?x"));
    assertEquals(new Route.Fault(Route.FaultKind.GARBAGE), Route.of("/fault/garbage"));
    assertEquals(new Route.Fault(Route.FaultKind.CLOSE_MID_BODY), Route.of("/fault/close-mid-body"));
    assertEquals(new Route.Status(503), Route.of("/fault/status/503"));
    assertEquals(new Route.BadRequest("\"99\": expected a status code in 200..599"), Route.of("/fault/status/99"));
  }

  @Test
  void unknownOrUnusablePaths() {
    assertEquals(new Route.NotFound(), Route.of("/"));
    assertEquals(new Route.NotFound(), Route.of("/static/"));
    assertEquals(new Route.NotFound(), Route.of("/static/2x"));
    assertEquals(new Route.NotFound(), Route.of("/static/-1"));
    assertEquals(new Route.BadRequest("\"65m\": expected a size of at most 64m"), Route.of("/static/65m"));
    assertEquals(new Route.Static(64 << 20), Route.of("/static/64m"));
  }

  @Test
  void contentIsSharedAndSurvivesReleases() {
    ContentCache cache = new ContentCache();
    for (int i = 0; i < 3; i++) {
      ByteBuf b = cache.body(1000);
      assertEquals(1000, b.readableBytes());
      assertEquals(ContentCache.byteAt(999), b.getByte(999));
      b.release(); // as Netty does after writing; must not free the shared content
    }
    ByteBuf big = cache.body(1 << 20); // grows past the initial buffer
    assertEquals(1 << 20, big.readableBytes());
    assertEquals(ContentCache.byteAt((1 << 20) - 1), big.getByte((1 << 20) - 1));
    assertEquals(0, cache.body(0).readableBytes());
  }
}
