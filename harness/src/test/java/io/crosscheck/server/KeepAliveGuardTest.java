package io.crosscheck.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.handler.timeout.IdleStateEvent;
import org.junit.jupiter.api.Test;

/**
 * The keep-alive rule on Netty's {@link EmbeddedChannel}: an idle event closes the connection (and
 * is counted) only when no complete request awaits its reply; a request in service keeps it open
 * however many idle events pass, and its reply's last part (not a 1xx) ends it.
 */
class KeepAliveGuardTest {
  private final ServerCounters counters = new ServerCounters();

  private static DefaultFullHttpRequest get() {
    return new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.GET, "/fault/stall");
  }

  @Test
  void anIdleConnectionWithNoRequestIsClosedAndCounted() {
    EmbeddedChannel ch = new EmbeddedChannel(new KeepAliveGuard(counters));
    ch.pipeline().fireUserEventTriggered(IdleStateEvent.FIRST_ALL_IDLE_STATE_EVENT);
    assertFalse(ch.isOpen());
    assertEquals(1, counters.connectionsClosedIdle());
  }

  @Test
  void aRequestAwaitingItsReplyIsNeverCutAndItsReplyEndsIt() {
    KeepAliveGuard guard = new KeepAliveGuard(counters);
    EmbeddedChannel ch = new EmbeddedChannel(guard);
    ch.writeInbound(get());
    ch.<DefaultFullHttpRequest>readInbound().release();
    for (int i = 0; i < 3; i++) { // a stalled reply: idle events keep coming, the connection stays
      ch.pipeline().fireUserEventTriggered(IdleStateEvent.ALL_IDLE_STATE_EVENT);
    }
    assertTrue(ch.isOpen());
    ch.writeOutbound(new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.CONTINUE));
    assertEquals(1, guard.awaitingReply(), "100 Continue is not the reply");
    ch.writeOutbound(new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK));
    assertEquals(1, guard.awaitingReply(), "the reply's head is not its end");
    ch.writeOutbound(LastHttpContent.EMPTY_LAST_CONTENT);
    assertEquals(0, guard.awaitingReply());
    assertEquals(0, counters.connectionsClosedIdle());
    ch.pipeline().fireUserEventTriggered(IdleStateEvent.ALL_IDLE_STATE_EVENT);
    assertFalse(ch.isOpen(), "idle between requests: closed");
    assertEquals(1, counters.connectionsClosedIdle());
  }
}
