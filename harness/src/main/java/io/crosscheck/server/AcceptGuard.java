package io.crosscheck.server;

import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import java.io.PrintStream;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongSupplier;

/**
 * The listening socket's own handler (first in its pipeline, before Netty's acceptor): it sheds
 * connections beyond the cap and keeps the listener accepting when {@code accept()} fails.
 *
 * <p>Cap: while {@code maxConnections} accepted connections are open, a newly accepted one is
 * closed at once, before it is registered with an I/O thread, and counted as {@linkplain
 * HttpListener.ConnectionCounter#shed() shed}.
 *
 * <p>Failed accepts (EMFILE: the process's descriptors are used up; ENFILE: the system's; ENOBUFS):
 * each is {@linkplain HttpListener.ConnectionCounter#acceptFailed() counted}, reading from the
 * listening socket pauses (the connections wait in the kernel's backlog) and resumes after 50 ms,
 * doubling up to 1 s while accepts keep failing (Tomcat's acceptor backs off the same way), and
 * one line at most per second tells how many failed. The failure is consumed here: Netty's
 * acceptor would pause too, but then hand it to the pipeline's tail, which logs it through
 * java.util.logging, whose first timestamp loads the time-zone database, a file the process has
 * no descriptor left to open: the {@code Error} thrown there ended the accept thread for good
 * (issue 24). Nothing here throws: whatever fails while handling a failure is dropped, and
 * accepting goes on. The text of the report is built with a reused {@link StringBuilder} and the
 * lazily loaded parts of the error path are loaded at start ({@link ErrorPathPreload}).
 *
 * <p>Confined to the accept thread, except the open-connection count (decremented on I/O threads).
 */
final class AcceptGuard extends ChannelInboundHandlerAdapter {
  static final long FIRST_PAUSE_NANOS = TimeUnit.MILLISECONDS.toNanos(50);
  static final long MAX_PAUSE_NANOS = TimeUnit.SECONDS.toNanos(1);
  static final long REPORT_INTERVAL_NANOS = TimeUnit.SECONDS.toNanos(1);

  private final String name;
  private final PrintStream report;
  private final HttpListener.ConnectionCounter counter;
  private final int maxConnections;
  private final LongSupplier clockNanos;
  private final AtomicInteger open = new AtomicInteger();
  // made once: a lambda's first use defines a class, which the error path must not need to do
  private final ChannelFutureListener onChildClosed = f -> open.decrementAndGet();
  private final Runnable resume = this::resume;
  private final StringBuilder line = new StringBuilder(256);
  private ChannelHandlerContext ctx;
  private boolean paused;
  private long pauseNanos = FIRST_PAUSE_NANOS;
  private long failedSinceReport;
  private long lastReportNanos;

  /**
   * @param name the prefix of the report lines ({@code crosscheck-server})
   * @param report where failed accepts are reported (stderr), null for nowhere
   * @param clockNanos the monotonic clock reports are spaced by ({@code System::nanoTime})
   */
  AcceptGuard(String name, PrintStream report, HttpListener.ConnectionCounter counter, int maxConnections,
      LongSupplier clockNanos) {
    this.name = name;
    this.report = report;
    this.counter = counter;
    this.maxConnections = maxConnections;
    this.clockNanos = clockNanos;
    this.lastReportNanos = clockNanos.getAsLong() - REPORT_INTERVAL_NANOS;
  }

  /** Accepted connections open now (shed ones never count). */
  int openConnections() {
    return open.get();
  }

  @Override
  public void handlerAdded(ChannelHandlerContext ctx) {
    this.ctx = ctx;
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    if (!(msg instanceof Channel child)) {
      ctx.fireChannelRead(msg);
      return;
    }
    pauseNanos = FIRST_PAUSE_NANOS;
    if (open.get() >= maxConnections) {
      counter.shed();
      try {
        child.unsafe().closeForcibly(); // not registered yet: close the socket, nothing else to undo
      } catch (Throwable ignored) {
        // the socket is gone either way; the accept loop must go on
      }
      return;
    }
    open.incrementAndGet(); // only this thread increments: the cap is never overshot
    child.closeFuture().addListener(onChildClosed);
    if (failedSinceReport > 0) {
      report("accepting again", null);
    }
    ctx.fireChannelRead(child);
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    try {
      counter.acceptFailed();
      failedSinceReport++;
      if (!paused) {
        long pause = pauseNanos;
        ctx.executor().schedule(resume, pause, TimeUnit.NANOSECONDS); // first: a pause must be sure to end
        paused = true;
        pauseNanos = Math.min(MAX_PAUSE_NANOS, pauseNanos * 2);
        ctx.channel().config().setAutoRead(false);
      }
      report("pausing accepts, then retrying", cause);
    } catch (Throwable ignored) {
      // out of memory, say: drop it and keep accepting (unpaused if the pause could not be scheduled)
    }
  }

  private void resume() {
    paused = false;
    ctx.channel().config().setAutoRead(true); // reads again: the next accept is tried at once
  }

  /** One line, at most one per {@link #REPORT_INTERVAL_NANOS}; the count carries over when skipped. */
  private void report(String what, Throwable cause) {
    long nowNanos = clockNanos.getAsLong();
    if (report == null || nowNanos - lastReportNanos < REPORT_INTERVAL_NANOS) {
      return;
    }
    lastReportNanos = nowNanos;
    line.setLength(0);
    line.append(name).append(": ").append(failedSinceReport)
        .append(failedSinceReport == 1 ? " accept failed" : " accepts failed");
    if (cause != null) {
      String message = cause.getMessage();
      line.append(" (").append(message != null ? message : cause.getClass().getName()).append(')');
    }
    line.append(" since the last line; ").append(open.get()).append(" connections open; ").append(what);
    failedSinceReport = 0;
    report.println(line);
  }
}
