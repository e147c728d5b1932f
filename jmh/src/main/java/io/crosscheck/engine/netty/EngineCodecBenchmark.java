package io.crosscheck.engine.netty;

import io.crosscheck.model.RequestPlan;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequestEncoder;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseDecoder;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The Netty engine's per-request codec work on one thread, without sockets (bench/PERFORMANCE.md
 * has the same steps measured inside a run by bench/profile.sh):
 *
 * <ul>
 *   <li>{@link #encodeRequest}: {@link RequestEncoding}, the request's bytes written straight into a
 *       pooled buffer (what the engine does since 2026-11-28);
 *   <li>{@link #encodeRequestNetty}: what it did before, a {@code DefaultFullHttpRequest} with its
 *       headers through Netty's {@code HttpRequestEncoder};
 *   <li>{@link #parseReply}: the parse path, one lighttpd-like 2 KiB reply (status line, 7 headers,
 *       body in one read) through {@link ReplyParser}, as the engine frames it since 2026-11-28;
 *   <li>{@link #parseReplyNetty}: the same reply through Netty's {@code HttpResponseDecoder} with the
 *       engine's former limits, up to the last content its handler saw (the parse path before).
 * </ul>
 *
 * ns/op. Run: {@code java -jar jmh/target/benchmarks.jar EngineCodecBenchmark -f 1 -wi 3 -w 2s -i 5 -r 2s}.
 */
@State(Scope.Thread)
public class EngineCodecBenchmark {
  private static final String HOST = "127.0.0.1:18081";
  private static final RequestPlan PLAN = new RequestPlan(3, "GET", "/PHP/ViewItem.php?itemId=17", "", 0, false);
  private static final ByteBufAllocator ALLOC = PooledByteBufAllocator.DEFAULT;
  private ByteBuf reply;
  private EmbeddedChannel requestEncoder;
  private EmbeddedChannel replyDecoder;
  private final long[] replySeen = new long[2];
  private final ReplyParser parser = new ReplyParser();

  @Setup(Level.Trial)
  public void setUp() {
    byte[] body = new byte[2048];
    String head = "HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nETag: \"1234567\"\r\n"
        + "Last-Modified: Fri, 27 Nov 2026 23:38:00 GMT\r\nContent-Length: 2048\r\nAccept-Ranges: bytes\r\n"
        + "Date: Fri, 27 Nov 2026 23:40:00 GMT\r\nServer: lighttpd/1.4.69\r\n\r\n";
    reply = Unpooled.directBuffer().writeBytes(head.getBytes(StandardCharsets.US_ASCII)).writeBytes(body);
    requestEncoder = new EmbeddedChannel(new HttpRequestEncoder());
    replyDecoder = new EmbeddedChannel(new HttpResponseDecoder(8192, 16384, 16384, false),
        new ChannelInboundHandlerAdapter() {
          @Override
          public void channelRead(ChannelHandlerContext ctx, Object msg) {
            if (msg instanceof HttpResponse r) {
              replySeen[0] = r.status().code();
            }
            if (msg instanceof LastHttpContent) {
              replySeen[1]++;
            }
            ReferenceCountUtil.release(msg);
          }
        });
  }

  @TearDown(Level.Trial)
  public void tearDown() {
    reply.release();
    requestEncoder.finishAndReleaseAll();
    replyDecoder.finishAndReleaseAll();
  }

  @Benchmark
  @BenchmarkMode(Mode.AverageTime)
  @OutputTimeUnit(TimeUnit.NANOSECONDS)
  public int encodeRequest() {
    ByteBuf b = RequestEncoding.encode(ALLOC, PLAN, HOST, false);
    int n = b.readableBytes();
    b.release();
    return n;
  }

  @Benchmark
  @BenchmarkMode(Mode.AverageTime)
  @OutputTimeUnit(TimeUnit.NANOSECONDS)
  public int encodeRequestNetty() {
    FullHttpRequest req = new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.valueOf(PLAN.method()),
        PLAN.path(), Unpooled.EMPTY_BUFFER);
    req.headers().set(HttpHeaderNames.HOST, HOST).set(HttpHeaderNames.USER_AGENT, "crosscheck")
        .set(HttpHeaderNames.ACCEPT, "*/*");
    requestEncoder.writeOutbound(req);
    int n = 0;
    for (Object o; (o = requestEncoder.readOutbound()) != null; ) {
      n += ((ByteBuf) o).readableBytes();
      ReferenceCountUtil.release(o);
    }
    return n;
  }

  @Benchmark
  @BenchmarkMode(Mode.AverageTime)
  @OutputTimeUnit(TimeUnit.NANOSECONDS)
  public int parseReply() {
    ByteBuf in = reply.duplicate();
    parser.start(false);
    if (parser.feed(in, null) != ReplyParser.Step.DONE) {
      throw new IllegalStateException("the canned reply did not parse");
    }
    return parser.status();
  }

  @Benchmark
  @BenchmarkMode(Mode.AverageTime)
  @OutputTimeUnit(TimeUnit.NANOSECONDS)
  public long parseReplyNetty() {
    replyDecoder.writeInbound(reply.retainedDuplicate());
    return replySeen[1];
  }
}
