package io.crosscheck.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** {@link RequestHandler} in an {@link EmbeddedChannel}: ordering, counting and the request log. */
class RequestHandlerTest {
  private final ServerCounters counters = new ServerCounters();
  private final ByteArrayOutputStream logBytes = new ByteArrayOutputStream();

  private EmbeddedChannel channel() {
    ContentCache content = new ContentCache();
    ServerParts parts =
        new ServerParts(
            new ContentResponder(content, counters),
            new FaultResponder(content),
            ServiceDemand.none(),
            new DemandExecutor(DemandMode.DELAY, 1, 1),
            counters,
            new PrintStream(logBytes, true, StandardCharsets.UTF_8),
            1,
            1);
    return new EmbeddedChannel(
        new HttpServerCodec(), new HttpObjectAggregator(1 << 16), new RequestHandler(parts, new SplittableRandom(1)));
  }

  @Test
  void pipelinedRequestsAreAnsweredInOrderAndCounted() {
    EmbeddedChannel ch = channel();
    ch.writeInbound(ascii("GET /static/10 HTTP/1.1\r\n\r\nHEAD /static/20 HTTP/1.1\r\n\r\nGET /nope HTTP/1.1\r\n\r\n"));
    String out = drainOutbound(ch);
    int first = out.indexOf("content-length: 10");
    int second = out.indexOf("content-length: 20");
    int third = out.indexOf("404 Not Found");
    assertTrue(first >= 0 && first < second && second < third, out);
    assertEquals(3, counters.requestsServed());
    assertTrue(ch.isOpen());
    String log = logBytes.toString(StandardCharsets.UTF_8);
    assertTrue(
        log.startsWith(
            "GET /static/10 200 bytes=10 serviceNanos=0\n"
                + "HEAD /static/20 200 bytes=0 serviceNanos=0\n"
                + "GET /nope 404 bytes="),
        log);
    ch.finishAndReleaseAll();
  }

  @Test
  void requestsAfterAFaultAreNotAnswered() {
    EmbeddedChannel ch = channel();
    ch.writeInbound(ascii("GET /fault/stall HTTP/1.1\r\n\r\nGET /static/10 HTTP/1.1\r\n\r\n"));
    assertEquals("", drainOutbound(ch));
    assertEquals(0, counters.requestsServed());
    assertTrue(ch.isOpen(), "a stalled connection stays open");
    ch.finishAndReleaseAll();
  }

  @Test
  void connectionCloseClosesAfterTheReply() {
    EmbeddedChannel ch = channel();
    ch.writeInbound(ascii("GET /static/10 HTTP/1.1\r\nConnection: close\r\n\r\n"));
    String out = drainOutbound(ch);
    assertTrue(out.startsWith("HTTP/1.1 200 OK"), out);
    assertTrue(out.contains("connection: close"), out);
    assertFalse(ch.isOpen());
    ch.finishAndReleaseAll();
  }

  private static ByteBuf ascii(String text) {
    return Unpooled.copiedBuffer(text, StandardCharsets.US_ASCII);
  }

  private static String drainOutbound(EmbeddedChannel ch) {
    ch.runPendingTasks();
    StringBuilder sb = new StringBuilder();
    for (Object o = ch.readOutbound(); o != null; o = ch.readOutbound()) {
      ByteBuf b = (ByteBuf) o;
      sb.append(b.toString(StandardCharsets.US_ASCII));
      b.release();
    }
    return sb.toString();
  }
}
