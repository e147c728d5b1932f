package io.crosscheck.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@link OrderedRequestHandler} over real loopback sockets: a request whose answer throws — in
 * {@link OrderedRequestHandler#start start}, in a reply task the event loop runs later (as the
 * {@link DemandExecutor} schedules it), or when its reply cannot be written — closes its connection
 * at once, after the replies before it, and is told to {@link OrderedRequestHandler#failed}; it is
 * never left unanswered on an open connection, where the client could only time out.
 */
class OrderedRequestHandlerTest {
  /** What the probe's {@code failed} was told, in order. */
  private final List<Throwable> failures = new CopyOnWriteArrayList<>();
  private HttpListener listener;

  /**
   * Answers {@code /ok} with 200 {@code ok} from a guarded task scheduled 1 ms later ({@code
   * /unguarded}: the same, unguarded); {@code /throw-later} throws from such a task, {@code
   * /throw-now} from {@code start} itself, {@code /unwritable} writes something the pipeline cannot
   * encode.
   */
  private final class Probe extends OrderedRequestHandler {
    Probe() {
      super(null, "test");
    }

    @Override
    protected void start(ChannelHandlerContext ctx, PendingRequest request) {
      switch (request.uri()) {
        case "/throw-now" -> throw new IllegalStateException("injected in start");
        case "/throw-later" -> later(ctx, () -> {
          throw new OutOfMemoryError("Java heap space (injected)");
        });
        case "/unwritable" -> later(ctx, () -> {
          closeOnFailure(ctx, ctx.writeAndFlush("not an HTTP message"));
          done(ctx);
        });
        // a reply task its handler did not guard: the next request's start still is
        case "/unguarded" -> ctx.executor().schedule(() -> ok(ctx, request), 1, TimeUnit.MILLISECONDS);
        default -> later(ctx, () -> ok(ctx, request));
      }
    }

    private void later(ChannelHandlerContext ctx, Runnable reply) {
      ctx.executor().schedule(guarded(ctx, reply), 1, TimeUnit.MILLISECONDS);
    }

    private void ok(ChannelHandlerContext ctx, PendingRequest request) {
      FullHttpResponse ok = new DefaultFullHttpResponse(request.version(), HttpResponseStatus.OK,
          Unpooled.copiedBuffer("ok", StandardCharsets.US_ASCII));
      ok.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, 2);
      closeOnFailure(ctx, ctx.writeAndFlush(ok));
      done(ctx);
    }

    @Override
    protected void failed(Throwable cause) {
      failures.add(cause);
    }
  }

  @BeforeEach
  void listen() throws InterruptedException {
    listener = HttpListener.bind("ordered-test", "127.0.0.1", 0, 1, 1, 4096, new ServerCounters(), random -> new Probe());
  }

  @AfterEach
  void close() {
    listener.close();
  }

  @Test
  void aThrowInALaterReplyTaskClosesTheKeepAliveConnection() throws Exception {
    try (TestConnection c = new TestConnection(listener.port())) {
      assertEquals("ok", new String(c.get("/ok").body(), StandardCharsets.US_ASCII));
      c.send("GET /throw-later HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
      assertEquals(-1, c.readByte(), "no reply byte: the connection closes (a read timeout here is the hang)");
    }
    assertFailures(OutOfMemoryError.class);
  }

  @Test
  void aPipelinedRequestWhoseStartThrowsClosesAfterTheRepliesBeforeIt() throws Exception {
    for (String first : new String[] {"/ok", "/unguarded"}) {
      failures.clear();
      try (TestConnection c = new TestConnection(listener.port())) {
        // the second request starts from the first one's reply task (done -> next start), on the loop
        c.send("GET " + first + " HTTP/1.1\r\nHost: x\r\n\r\nGET /throw-now HTTP/1.1\r\nHost: x\r\n\r\n"
            + "GET /ok HTTP/1.1\r\nHost: x\r\n\r\n");
        assertEquals(200, c.read(false).status(), first);
        assertEquals(-1, c.readByte(), first + ": nothing after the failed request: the connection closes");
      }
      assertFailures(IllegalStateException.class);
    }
  }

  @Test
  void aReplyThatCannotBeWrittenClosesTheConnection() throws Exception {
    try (TestConnection c = new TestConnection(listener.port())) {
      c.send("GET /unwritable HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
      assertEquals(-1, c.readByte(), "the write failed: the connection closes");
    }
    assertFailures(UnsupportedOperationException.class);
  }

  @Test
  void aNewConnectionIsServedAfterAFailure() throws Exception {
    try (TestConnection c = new TestConnection(listener.port())) {
      c.send("GET /throw-later HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
      assertEquals(-1, c.readByte());
    }
    try (TestConnection c = new TestConnection(listener.port())) {
      assertEquals(200, c.get("/ok").status());
      assertEquals(200, c.get("/ok").status());
    }
    assertFailures(OutOfMemoryError.class);
  }

  /** {@code failed} was told exactly one failure, of {@code type}; waits briefly (it runs on the loop). */
  private void assertFailures(Class<? extends Throwable> type) throws InterruptedException {
    long untilNanos = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
    while (failures.isEmpty() && System.nanoTime() < untilNanos) {
      Thread.sleep(5);
    }
    assertEquals(1, failures.size(), failures.toString());
    assertTrue(type.isInstance(failures.get(0)), failures.toString());
  }
}
