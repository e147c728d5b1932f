package io.crosscheck.engine.netty;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpObject;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseDecoder;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link ReplyParser} against Netty's {@link HttpResponseDecoder} (with the limits the engine gave
 * it): the same status, keep-alive, completion, body and validity for every reply of a corpus, fed
 * in two pieces split at every byte, and then closed by the server when the reply is not yet done.
 */
class ReplyParserTest {

  /** What one parser made of a reply. */
  record Verdict(boolean invalid, boolean complete, int status, boolean keepAlive, String body) {}

  @ParameterizedTest
  @ValueSource(strings = {
      "HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nContent-Length: 20\r\nServer: lighttpd\r\n\r\n"
          + "0123456789abcdefghij",
      "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5;ext=1\r\nhello\r\n7\r\n, world\r\n0\r\nX-Trailer: t\r\n\r\n",
      "HTTP/1.1 200 OK\r\nContent-Length: 99\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n",
      "HTTP/1.0 200 OK\r\nContent-Type: text/html\r\n\r\n<html>until the close</html>",
      "HTTP/1.1 200 OK\r\nConnection: close\r\n\r\nno length, closed",
      "HTTP/1.0 200 OK\r\nConnection: Keep-Alive\r\nContent-Length: 3\r\n\r\nabc",
      "HTTP/1.1 200 OK\r\nConnection: keep-alive, Upgrade\r\nContent-Length: 2\r\n\r\nok",
      "HTTP/1.1 200 OK\r\nCONNECTION: Close\r\nCONTENT-LENGTH: 4\r\n\r\nbody",
      "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nhi",
      "HTTP/1.1 204 No Content\r\nContent-Length: 10\r\n\r\n",
      "HTTP/1.1 304 Not Modified\r\nETag: \"x\"\r\n\r\n",
      "HTTP/1.1 503 Service Unavailable\r\nContent-Length: 11\r\n\r\nbusy, later",
      "HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n",
      "\r\nHTTP/1.1 200 OK\r\nContent-Length: 1\r\n\r\nx",
      "HTTP/1.1 200\r\nContent-Length: 1\r\n\r\nx",
      "HTTP/1.1 404 Not Found\nContent-Length: 3\n\nbad",
      "NOT-HTTP garbage\r\n\r\n",
      "HTTP/1.1 200 OK\r\nContent-Length: 12x\r\n\r\n",
      "HTTP/1.1 200 OK\r\nContent-Length: 20\r\n\r\nonly part of it",
      "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhel",
      "HTTP/1.1 200 OK\r\nContent-Le",
      "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\nabc\n0\n\n",
      "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\n0\r\n\r\n",
      "HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip, chunked\r\n\r\nA\r\n0123456789\r\n0\r\n\r\n",
  })
  void sameAsNettysDecoderAtEverySplit(String reply) {
    byte[] bytes = reply.getBytes(StandardCharsets.ISO_8859_1);
    Verdict netty = netty(bytes);
    for (int split = 0; split <= bytes.length; split++) {
      Verdict ours = ours(bytes, split);
      assertEquals(netty, ours, "split at byte " + split + " of " + reply.replace("\r\n", "\\r\\n"));
    }
  }

  @Test
  void aHeadReplyHasNoBodyWhateverItsLength() {
    Fed f = feedOnce("HTTP/1.1 200 OK\r\nContent-Length: 2048\r\n\r\n", true);
    assertEquals(ReplyParser.Step.DONE, f.step());
    assertEquals(200, f.parser().status());
    assertEquals("", f.unread());
  }

  @Test
  void afterA101TheConnectionIsNotReused() {
    Fed f = feedOnce("HTTP/1.1 101 Switching Protocols\r\nUpgrade: x\r\nConnection: Upgrade\r\n\r\n", false);
    assertEquals(ReplyParser.Step.DONE, f.step());
    assertEquals(101, f.parser().status());
    assertEquals(false, f.parser().keepAlive());
  }

  @Test
  void headersOverTheLimitAreInvalid() {
    StringBuilder big = new StringBuilder("HTTP/1.1 200 OK\r\n");
    while (big.length() < ReplyParser.MAX_HEADER_BYTES + 100) {
      big.append("X-Filler: 0123456789012345678901234567890123456789\r\n");
    }
    assertEquals(ReplyParser.Step.INVALID, feedOnce(big.toString(), false).step());
  }

  @Test
  void bytesAfterTheReplyAreLeftUnread() {
    Fed f = feedOnce("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nokEXTRA", false);
    assertEquals(ReplyParser.Step.DONE, f.step());
    assertEquals("EXTRA", f.unread());
  }

  /** A parser after one feed of a whole reply: its step and the bytes it left unread. */
  private record Fed(ReplyParser parser, ReplyParser.Step step, String unread) {}

  private static Fed feedOnce(String reply, boolean headRequest) {
    ReplyParser p = new ReplyParser();
    p.start(headRequest);
    ByteBuf in = Unpooled.copiedBuffer(reply, StandardCharsets.ISO_8859_1);
    try {
      ReplyParser.Step step = p.feed(in, null);
      return new Fed(p, step, in.toString(StandardCharsets.ISO_8859_1));
    } finally {
      in.release();
    }
  }

  private static Verdict ours(byte[] bytes, int split) {
    ReplyParser p = new ReplyParser();
    p.start(false);
    StringBuilder body = new StringBuilder();
    ReplyParser.Step step = ReplyParser.Step.MORE;
    for (ByteBuf piece : new ByteBuf[] {Unpooled.wrappedBuffer(bytes, 0, split),
        Unpooled.wrappedBuffer(bytes, split, bytes.length - split)}) {
      if (step == ReplyParser.Step.MORE) {
        step = p.feed(piece, body);
      }
      piece.release();
    }
    if (step == ReplyParser.Step.MORE) {
      step = p.closed(); // the server closes after its bytes
    }
    boolean invalid = step == ReplyParser.Step.INVALID;
    boolean complete = step == ReplyParser.Step.DONE;
    return new Verdict(invalid, complete, invalid ? -1 : p.status(), complete && p.keepAlive(),
        complete ? body.toString() : "");
  }

  /** Netty's decoder on the whole reply, then the close. */
  private static Verdict netty(byte[] bytes) {
    EmbeddedChannel ch = new EmbeddedChannel(new HttpResponseDecoder(8192, 16384, 16384, false));
    ch.writeInbound(Unpooled.wrappedBuffer(bytes));
    ch.finish();
    boolean invalid = false;
    boolean complete = false;
    int status = 0;
    boolean keepAlive = false;
    StringBuilder body = new StringBuilder();
    for (Object o; (o = ch.readInbound()) != null; ) {
      if (o instanceof HttpObject h && h.decoderResult().isFailure()) {
        invalid = !(h.decoderResult().cause() instanceof io.netty.handler.codec.PrematureChannelClosureException);
      } else {
        if (o instanceof HttpResponse r && !(r.status().code() >= 100 && r.status().code() < 200 && r.status().code() != 101)) {
          status = r.status().code();
          keepAlive = HttpUtil.isKeepAlive(r);
        }
        if (o instanceof HttpContent c) {
          body.append(c.content().toString(StandardCharsets.ISO_8859_1));
        }
        if (o instanceof LastHttpContent && status != 0) {
          complete = true;
        }
      }
      ReferenceCountUtil.release(o);
    }
    if (invalid) {
      return new Verdict(true, false, -1, false, "");
    }
    // a reply that ended at the close (no length) cannot keep the connection
    boolean closeDelimited = complete && !new String(bytes, StandardCharsets.ISO_8859_1).toLowerCase().contains("content-length")
        && !new String(bytes, StandardCharsets.ISO_8859_1).toLowerCase().contains("chunked")
        && status != 204 && status != 304;
    return new Verdict(false, complete, status, complete && keepAlive && !closeDelimited, complete ? body.toString() : "");
  }
}
