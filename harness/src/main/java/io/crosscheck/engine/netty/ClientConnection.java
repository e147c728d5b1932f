package io.crosscheck.engine.netty;

import io.crosscheck.engine.GeneratorFaults;
import io.crosscheck.model.RequestPlan;
import io.crosscheck.record.Outcome;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import io.netty.channel.EventLoop;
import io.netty.util.ReferenceCountUtil;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * One client TCP connection of the Netty engine and the single request it carries at a time.
 *
 * <p>The pipeline is {@code meter → responses}: the meter sits next to the socket, so the first and
 * last reply bytes are stamped with the instant before the read syscall that returned them ({@link
 * ReadStampAllocator}), before any parsing, and request/reply sizes are counted as they are on the
 * wire. Requests are written as bytes ({@link RequestEncoding}: the bytes Netty's encoder wrote,
 * without its request and header objects); replies are framed by {@link ReplyParser} (what Netty's
 * decoder found, without its objects per reply). Nothing on this path allocates per request but the
 * request's pooled buffer and the record. Everything here runs on the channel's event loop.
 */
final class ClientConnection {
  /** Reply bodies kept for scripts are cut here: pages that scripts parse are far smaller. */
  private static final int MAX_BODY_CHARS = 4 << 20;
  private final EngineRun run;
  private final EventLoop loop;
  private Channel channel;
  private String id = "";
  private long openNanos = -1;
  private int requestsCarried;
  private boolean keepAlive = true;
  private boolean closed;
  private InFlightExchange current;
  private final ReadStampAllocator reads;
  private final ReplyParser parser = new ReplyParser();
  /**
   * When the request in flight times out (ticker), set as it is flushed. One timer per connection
   * is armed at a time and re-armed when it fires early for a later request, so a request costs no
   * timer of its own (bench/PERFORMANCE.md: a schedule and a cancel per request).
   */
  private long timeoutAtNanos;
  private ScheduledFuture<?> timeoutTimer;
  /** This connection counts against the run's cap of open connections until its channel closes. */
  private boolean slotHeld;
  /**
   * Since when (ticker) a request has been in flight on it (connecting included), -1 when idle:
   * written on the loop with release semantics (a plain store on x86), read by the stall watch.
   */
  @SuppressWarnings("unused") // through BUSY_SINCE
  private long busySinceNanos = -1;
  private static final java.lang.invoke.VarHandle BUSY_SINCE;

  static {
    try {
      BUSY_SINCE = java.lang.invoke.MethodHandles.lookup().findVarHandle(ClientConnection.class, "busySinceNanos",
          long.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private void busySince(long nanos) {
    boolean was = busySinceNanos != -1;
    if (was != (nanos != -1) && loop.inEventLoop()) {
      SpinSelectStrategy.awaiting(!was, nanos); // a one-core loop spins while anything is awaited
    }
    BUSY_SINCE.setRelease(this, nanos);
  }

  /** Since when a request has been in flight on it (ticker), -1 when idle; any thread. */
  long busySinceNanos() {
    return (long) BUSY_SINCE.getAcquire(this);
  }

  private ClientConnection(EngineRun run, EventLoop loop) {
    this.run = run;
    this.loop = loop;
    this.reads = new ReadStampAllocator(run.ticker);
  }

  /**
   * Opens a connection on {@code loop} and sends {@code first} on it once connected; a failed
   * connect ends {@code first} as {@link Outcome#CONNECT_ERROR} when the server side failed it, or
   * as {@link Outcome#GENERATOR_ERROR} when the generator did (no file descriptor, no local port,
   * or the run's cap of open connections reached: then no connect is even tried). Call on {@code
   * loop}.
   */
  static ClientConnection open(EngineRun run, EventLoop loop, InFlightExchange first) {
    ClientConnection c = new ClientConnection(run, loop);
    c.current = first;
    first.connection = c;
    c.openNanos = run.ticker.nanoTime();
    c.busySince(c.openNanos);
    if (run.stopping()) { // after the abort sweep began: never connect
      c.closed = true;
      c.finish(first, Outcome.ABORTED, "run stopped");
      return c;
    }
    if (!run.reserveConnection()) {
      c.closed = true;
      run.faults.add(GeneratorFaults.CONNECTION_CAP, run.connectionCapDetail);
      c.finish(first, Outcome.GENERATOR_ERROR, run.connectionCapDetail);
      return c;
    }
    c.slotHeld = true;
    ChannelFuture f = run.connect(loop, c);
    c.channel = f.channel();
    // a channel that could not even be created fails on Netty's global executor: back to our loop
    f.addListener((ChannelFuture done) -> run.onLoop(loop, () -> c.connected(done, first)));
    return c;
  }

  private void connected(ChannelFuture done, InFlightExchange first) {
    if (done.isSuccess()) {
      InetSocketAddress local = (InetSocketAddress) done.channel().localAddress();
      id = local.getAddress().getHostAddress() + ":" + local.getPort();
      run.progress.connectionOpened();
      run.connectionsOpened.increment();
      current = null;
      busySince(-1); // send() marks it again
      if (first.ended()) {
        close(Outcome.ABORTED, "run stopped while connecting"); // nobody owns it now
      } else {
        send(first);
      }
      return;
    }
    closed = true;
    if (!done.channel().isRegistered()) {
      channel = null; // never registered (no socket could be made): nothing to close, ever
    }
    releaseSlot();
    Throwable cause = done.cause();
    String kind = GeneratorFaults.kindOf(cause);
    if (run.stopping()) {
      // the run's end closed it while it was connecting (the sweep or the loops' shutdown)
      finish(first, Outcome.ABORTED, "run stopped while connecting");
    } else if (kind != null) {
      String why = describe(cause);
      run.faults.add(kind, why);
      finish(first, Outcome.GENERATOR_ERROR, why);
    } else {
      finish(first, Outcome.CONNECT_ERROR, describe(cause));
    }
  }

  /** Gives this connection's place under the run's cap back, once. Call on the loop. */
  private void releaseSlot() {
    if (slotHeld) {
      slotHeld = false;
      run.releaseConnection();
    }
  }

  /** The pipeline of every engine channel. */
  void initPipeline(Channel ch) {
    ch.config().setRecvByteBufAllocator(reads);
    ch.closeFuture().addListener(f -> releaseSlot());
    ch.pipeline()
        .addLast("meter", new Meter())
        .addLast("responses", new Responses());
  }

  String id() {
    return id;
  }

  long openNanos() {
    return openNanos;
  }

  EventLoop loop() {
    return loop;
  }

  /** True when another request may be sent on it now. */
  boolean usable() {
    return !closed && keepAlive && current == null && channel != null && channel.isActive();
  }

  /** Sends a request; the connection must be {@link #usable()}. Call on the channel's loop. */
  void send(InFlightExchange ex) {
    current = ex;
    ex.connection = this;
    if (run.stopping()) {
      close(Outcome.ABORTED, "run stopped");
      return;
    }
    ex.connectionReused = requestsCarried > 0;
    requestsCarried++;
    parser.start("HEAD".equals(ex.plan.method()));
    // the send start, the stall watch's mark and the timeout are set as the bytes are flushed (Meter)
    channel.writeAndFlush(RequestEncoding.encode(channel.alloc(), ex.plan, run.hostHeader, run.closeAfterEachRequest));
  }

  /** Arms the connection's timer for the request flushed at {@code sendStartNanos}, unless one is armed. */
  private void armTimeout(long sendStartNanos) {
    timeoutAtNanos = sendStartNanos + run.options.requestTimeoutNanos();
    if (timeoutTimer == null) {
      timeoutTimer = loop.schedule(this::timeoutDue, run.options.requestTimeoutNanos(), TimeUnit.NANOSECONDS);
    }
  }

  /** The timer fired: times the request in flight out if its time is up, else waits for the rest. */
  private void timeoutDue() {
    timeoutTimer = null;
    InFlightExchange ex = current;
    if (ex == null || closed || ex.ended()) {
      return; // idle: the next flush arms it again
    }
    long left = timeoutAtNanos - run.ticker.nanoTime();
    if (left > 0) {
      timeoutTimer = loop.schedule(this::timeoutDue, left, TimeUnit.NANOSECONDS);
    } else {
      timeout();
    }
  }

  /** Closes the connection; a request still on it ends as {@code how}. */
  void close(Outcome how, String why) {
    InFlightExchange ex = current;
    if (ex != null) {
      finish(ex, how, why);
    }
    closed = true;
    if (channel != null && channel.isRegistered()) {
      channel.close();
    }
    if (timeoutTimer != null) {
      timeoutTimer.cancel(false);
      timeoutTimer = null;
    }
  }

  private void timeout() {
    close(Outcome.TIMEOUT, "no complete reply within "
        + TimeUnit.NANOSECONDS.toMillis(run.options.requestTimeoutNanos()) + " ms");
  }

  /** Ends {@code ex} on this connection and hands it back to its session. */
  private void finish(InFlightExchange ex, Outcome how, String why) {
    if (!ex.end(how, why, run.ticker.nanoTime())) {
      return;
    }
    if (current == ex) {
      current = null;
      busySince(-1);
    }
    boolean reusable = how.isError() && how != Outcome.HTTP_ERROR ? false : keepAlive && !closed;
    if (!reusable && !closed) {
      closed = true;
      if (channel != null && channel.isRegistered()) {
        channel.close();
      }
    }
    run.ended(ex);
  }

  /** The failure and its root cause, on one line, e.g. {@code ChannelException: ...: Too many open files}. */
  private static String describe(Throwable t) {
    if (t == null) {
      return "";
    }
    String m = t.getMessage();
    String out = t.getClass().getSimpleName() + (m == null ? "" : ": " + m);
    Throwable root = t;
    for (int i = 0; i < 8 && root.getCause() != null && root.getCause() != root; i++) {
      root = root.getCause();
    }
    if (root != t && root.getMessage() != null && (m == null || !m.contains(root.getMessage()))) {
      out += ": " + root.getMessage();
    }
    return out;
  }

  /** Next to the socket: stamps and counts bytes as they are read and written. */
  private final class Meter extends ChannelDuplexHandler {
    @Override
    public void connect(ChannelHandlerContext ctx, SocketAddress remote, SocketAddress local,
        ChannelPromise promise) {
      // the connection's identity instant as close to the SYN as the engine sees it: the channel's
      // creation and registration before it (class loading and JIT on a cold, loaded JVM) once took
      // over a second, and the comparison, pairing connect starts with SYNs within a second, lost
      // the connection (AuditInterruptTest in CI: 20 records not matched)
      openNanos = run.ticker.nanoTime();
      ctx.connect(remote, local, promise);
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      InFlightExchange ex = current;
      if (ex != null && msg instanceof ByteBuf b && b.isReadable()) {
        long now = reads.readStartNanos(); // just before the read syscall that returned b
        if (ex.firstByteNanos < 0) {
          ex.firstByteNanos = now;
        }
        ex.lastByteNanos = now;
        ex.responseBytes += b.readableBytes();
      }
      ctx.fireChannelRead(msg);
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
      InFlightExchange ex = current;
      if (ex != null && msg instanceof ByteBuf b) {
        ex.requestBytes += b.readableBytes();
      }
      ctx.write(msg, promise);
    }

    @Override
    public void flush(ChannelHandlerContext ctx) {
      InFlightExchange ex = current;
      if (ex != null && !ex.flushed) {
        // the request is encoded and goes to the socket now: send start as close to the wire as
        // the engine can see, so encoding is not counted as network time
        ex.flushed = true;
        long now = run.ticker.nanoTime();
        ex.sendStartNanos = now;
        reads.sent(now);
        busySince(now);
        armTimeout(now);
      }
      ctx.flush();
    }
  }

  /** After the meter: the reply's framing and status ({@link ReplyParser}), completion, failures. */
  private final class Responses extends ChannelInboundHandlerAdapter {
    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      try {
        if (!(msg instanceof ByteBuf in) || !in.isReadable()) {
          return;
        }
        InFlightExchange ex = current;
        if (ex == null || ex.ended()) {
          // bytes nobody asked for (garbage after a reply): the connection is not reused
          keepAlive = false;
          closed = true;
          ctx.close();
          return;
        }
        StringBuilder body = ex.body != null && ex.body.length() < MAX_BODY_CHARS ? ex.body : null;
        ReplyParser.Step step = parser.feed(in, body);
        if (step == ReplyParser.Step.DONE) {
          // more bytes than the one reply asked for: the server is out of step, the connection is not reused
          complete(ex, parser.keepAlive() && !in.isReadable());
        } else if (step == ReplyParser.Step.INVALID) {
          keepAlive = false;
          ex.status = parser.status();
          finish(ex, Outcome.INVALID, "unparsable reply: " + parser.why());
        }
      } finally {
        ReferenceCountUtil.release(msg);
      }
    }

    /** The parser found the reply's end: OK, or HTTP_ERROR for a 4xx/5xx status. */
    private void complete(InFlightExchange ex, boolean reusable) {
      ex.status = parser.status();
      keepAlive = reusable;
      finish(ex, ex.status >= 400 ? Outcome.HTTP_ERROR : Outcome.OK, "");
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
      closed = true;
      InFlightExchange ex = current;
      if (ex != null && !ex.ended()) {
        if (parser.closed() == ReplyParser.Step.DONE) {
          complete(ex, false); // a reply without a length ends when the server closes
        } else {
          ex.status = parser.status();
          finish(ex, Outcome.RESET, ex.firstByteNanos < 0 ? "connection closed before any reply byte"
              : parser.inHead() ? "connection closed in the reply's headers"
              : "connection closed before the reply was complete");
        }
      }
      run.connectionClosed(ClientConnection.this);
      ctx.fireChannelInactive();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
      keepAlive = false;
      InFlightExchange ex = current;
      if (ex != null) {
        finish(ex, cause instanceof IOException ? Outcome.RESET : Outcome.INVALID, describe(cause));
      }
      closed = true;
      ctx.close();
    }
  }
}
