package io.crosscheck.engine.netty;

import com.sun.management.UnixOperatingSystemMXBean;
import io.crosscheck.engine.EngineOptions;
import io.crosscheck.engine.EngineProgress;
import io.crosscheck.engine.GeneratorFaults;
import io.crosscheck.model.ConnectionPolicy;
import io.crosscheck.model.Phase;
import io.crosscheck.model.Phases;
import io.crosscheck.model.RequestPlan;
import io.crosscheck.record.RecordSink;
import io.crosscheck.schedule.SessionPlan;
import io.crosscheck.schedule.Ticker;
import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoop;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.util.AttributeKey;
import io.netty.util.concurrent.GlobalEventExecutor;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * The state one Netty engine run shares between its sessions and connections: the clock, the
 * run's time window, the target, the connection source, the sink, and the counters. Thread-safe:
 * immutable fields, adders, and a volatile stop flag.
 */
final class EngineRun {
  static final AttributeKey<ClientConnection> CONNECTION = AttributeKey.valueOf("crosscheck.connection");
  /**
   * A group of requests whose start comes this far behind its intended start is not sent: it is
   * recorded as {@code generator-error} (behind-schedule). Sending it would only deepen the
   * backlog that made it late, and its latency from intended start is lost anyway.
   */
  static final long NOT_SENT_LAG_NANOS = 500_000_000L;
  /**
   * Not-sent rows one run writes at most (~190 MB of requests.csv). A schedule far beyond what the
   * host can send would otherwise turn into tens of millions of rows (and their queue in memory)
   * that only repeat "not sent"; past it, not-sent requests and arrivals are counted ({@link
   * #notSentUnrecordedNote}, run.json's engineResult gauges), not written one by one. High enough
   * that an ordinary overload (OverloadTest: 50,000/s for 3 s on a loaded host) keeps every row.
   */
  static final long MAX_NOT_SENT_RECORDS = 1_000_000;
  /** File descriptors kept free for everything else of this JVM (jars, files, capture, server). */
  private static final long RESERVED_FILE_DESCRIPTORS = 256;
  /** The cap when the JVM cannot tell its file-descriptor limit. */
  private static final int DEFAULT_MAX_CONNECTIONS = 16_384;

  final Ticker ticker;
  final EngineOptions options;
  final EngineProgress progress;
  final RecordSink sink;
  final ConnectionSource source;
  final String hostHeader;
  final boolean closeAfterEachRequest;
  final long startNanos;
  final long deadlineNanos;
  final LongAdder connectionsOpened = new LongAdder();
  final LongAdder requestsIssued = new LongAdder();
  final ChannelGroup channels = new DefaultChannelGroup(GlobalEventExecutor.INSTANCE);
  /** The generator's own failures, counted per kind (never printed per request). */
  final GeneratorFaults faults = new GeneratorFaults();
  /** The most connections open (or connecting) at once: the file-descriptor limit less a reserve. */
  final int maxConnections;
  /** The detail of a request refused at {@link #maxConnections}: the same for every one, built once. */
  final String connectionCapDetail;
  private final AtomicLong notSentRecords = new AtomicLong();
  /** Not-sent requests of started sessions past {@link #MAX_NOT_SENT_RECORDS}: counted only. */
  final LongAdder requestsNotSentUnrecorded = new LongAdder();
  /** Arriving sessions not sent past {@link #MAX_NOT_SENT_RECORDS}: counted only, none of their rows. */
  final LongAdder arrivalsNotSentUnrecorded = new LongAdder();
  private final AtomicInteger openConnections = new AtomicInteger();
  private final AtomicInteger peakConnections = new AtomicInteger();

  private final Phases phases;
  private final Bootstrap bootstrap;
  private final InetSocketAddress remote;
  private final List<InetAddress> sourceAddresses;
  private final AtomicLong nextSource = new AtomicLong();
  private final AtomicInteger holders = new AtomicInteger(1);
  private final CountDownLatch done = new CountDownLatch(1);
  private volatile boolean stopping;
  private volatile long stoppedAtNanos = Long.MAX_VALUE;

  EngineRun(
      Ticker ticker, EngineOptions options, EngineProgress progress, RecordSink sink, Phases phases,
      Bootstrap bootstrap, InetSocketAddress remote, String hostHeader, long startNanos) {
    this.ticker = ticker;
    this.options = options;
    this.progress = progress;
    this.sink = sink;
    this.phases = phases;
    this.bootstrap = bootstrap;
    this.remote = remote;
    this.hostHeader = hostHeader;
    this.closeAfterEachRequest = options.policy() == ConnectionPolicy.PER_REQUEST;
    this.sourceAddresses = options.sourceAddresses();
    this.startNanos = startNanos;
    this.deadlineNanos = startNanos + phases.totalNanos();
    this.source = ConnectionSource.of(this, options);
    this.maxConnections = connectionCap();
    progress.inFlightView(this::inFlightView);
    this.connectionCapDetail = "not sent: " + maxConnections + " connections open, the generator's cap (from its"
        + " file-descriptor limit)";
  }

  /**
   * The process's file-descriptor limit less the descriptors already open and a reserve: beyond
   * it a connect would fail with EMFILE inside Netty, so the engine refuses it itself, cheaply.
   */
  static int connectionCap() {
    if (ManagementFactory.getOperatingSystemMXBean() instanceof UnixOperatingSystemMXBean unix) {
      long free = unix.getMaxFileDescriptorCount() - unix.getOpenFileDescriptorCount() - RESERVED_FILE_DESCRIPTORS;
      return (int) Math.max(16, Math.min(Integer.MAX_VALUE, free));
    }
    return DEFAULT_MAX_CONNECTIONS;
  }

  /** Takes a place under the cap of open connections; false (nothing taken) when it is full. */
  boolean reserveConnection() {
    while (true) {
      int open = openConnections.get();
      if (open >= maxConnections) {
        return false;
      }
      if (openConnections.compareAndSet(open, open + 1)) {
        peakConnections.accumulateAndGet(open + 1, Math::max);
        return true;
      }
    }
  }

  /** A connection that held a place under the cap has closed (or never opened). */
  void releaseConnection() {
    openConnections.decrementAndGet();
  }

  /** The most connections open at once during the run. */
  int peakConnections() {
    return peakConnections.get();
  }

  /** True when a request intended at {@code intendedNanos} may still be issued. */
  boolean accepts(long intendedNanos) {
    return !stopping && intendedNanos < deadlineNanos;
  }

  boolean stopping() {
    return stopping;
  }

  Phase phaseAt(long intendedNanos) {
    return phases.phaseAt(intendedNanos - startNanos);
  }

  /**
   * Records {@code group}, the requests of {@code plan} due at {@code intendedNanos}, as not sent:
   * one {@code generator-error} record each (no connection, no instant but the intended start),
   * counted as {@link GeneratorFaults#BEHIND_SCHEDULE} with {@code why} as the sample. The one path
   * of every request the engine declines to send: a session too far behind its schedule, an
   * arrival no loop reached before the run ended. Thread-safe.
   */
  void recordNotSent(SessionPlan plan, List<RequestPlan> group, long intendedNanos, String why) {
    if (notSentRecords.getAndAdd(group.size()) >= MAX_NOT_SENT_RECORDS) {
      requestsNotSentUnrecorded.add(group.size());
      return;
    }
    faults.recordNotSent(sink, progress, plan, group, intendedNanos, phaseAt(intendedNanos), why);
  }

  /** True once {@link #MAX_NOT_SENT_RECORDS} not-sent rows were written: the rest are counted. */
  boolean notSentRecordsFull() {
    return notSentRecords.get() >= MAX_NOT_SENT_RECORDS;
  }

  /** Arriving sessions not sent past the cap of rows: counted, no row, no plan built. */
  void countNotSentArrivals(long n) {
    arrivalsNotSentUnrecorded.add(n);
  }

  /** What was counted past the cap of not-sent rows, in one line; null when nothing was. */
  String notSentUnrecordedNote() {
    long arrivals = arrivalsNotSentUnrecorded.sum();
    long requests = requestsNotSentUnrecorded.sum();
    if (arrivals == 0 && requests == 0) {
      return null;
    }
    return String.format(java.util.Locale.ROOT, "generator limit: the schedule ran far ahead of what this host"
        + " could send: past the first %,d not-sent rows in requests.csv, %,d more arriving sessions and %,d more"
        + " requests were not sent and only counted (run.json engineResult.extra"
        + " arrivalsNotSentUnrecorded, requestsNotSentUnrecorded; not in summary.json's pace)",
        MAX_NOT_SENT_RECORDS, arrivals, requests);
  }

  /**
   * Runs {@code task} on {@code loop} at {@code atNanos} of the ticker (at once when past). Netty
   * fires timers on its own clock ({@code System.nanoTime}), so the ticker given to this engine must
   * run in real time.
   */
  void at(EventLoop loop, long atNanos, Runnable task) {
    long delayNanos = atNanos - ticker.nanoTime();
    if (delayNanos <= 0) {
      onLoop(loop, task);
    } else {
      loop.schedule(task, delayNanos, TimeUnit.NANOSECONDS);
    }
  }

  /** Runs {@code task} on {@code loop}: now when already there, else queued. */
  void onLoop(EventLoop loop, Runnable task) {
    if (loop.inEventLoop()) {
      task.run();
    } else {
      later(loop, task);
    }
  }

  /** Starts a connect on {@code loop} for {@code c}; the source address rotates when several. */
  ChannelFuture connect(EventLoop loop, ClientConnection c) {
    Bootstrap b =
        bootstrap.clone(loop)
            .handler(
                new ChannelInitializer<Channel>() {
                  @Override
                  protected void initChannel(Channel ch) {
                    ch.attr(CONNECTION).set(c);
                    channels.add(ch);
                    c.initPipeline(ch);
                  }
                });
    if (sourceAddresses.isEmpty()) {
      return b.connect(remote);
    }
    InetAddress local =
        sourceAddresses.get((int) (nextSource.getAndIncrement() % sourceAddresses.size()));
    return b.connect(remote, new InetSocketAddress(local, 0));
  }

  void issued() {
    requestsIssued.increment();
    progress.requestStarted();
  }

  /** What the stall watch sees: connections with a request in flight, and the oldest one's start. */
  EngineProgress.InFlightView inFlightView() {
    long connections = 0;
    long oldest = Long.MAX_VALUE;
    for (Channel ch : channels) {
      ClientConnection c = ch.attr(CONNECTION).get();
      long since = c == null ? -1 : c.busySinceNanos();
      if (since >= 0) {
        connections++;
        oldest = Math.min(oldest, since);
      }
    }
    return new EngineProgress.InFlightView(connections, oldest == Long.MAX_VALUE ? -1 : oldest);
  }

  /**
   * {@code ex} has ended, on its connection's loop: the connection goes back to the policy, the
   * record to the sink, and the session learns of it on its own loop.
   */
  void ended(InFlightExchange ex) {
    try {
      source.release(ex);
      sink.accept(ex.toRecord());
      progress.requestCompleted(ex.outcome());
    } finally {
      // always queued, never inline: the reply's read may still be decoding bytes that follow it,
      // and they must not be taken for the next request's reply
      later(ex.session.loop, () -> ex.session.exchangeEnded(ex));
    }
  }

  /** Queues {@code task} on {@code loop}; dropped silently once the loops have shut down. */
  void later(EventLoop loop, Runnable task) {
    try {
      loop.execute(task);
    } catch (RejectedExecutionException e) {
      // the run is over and its loops are gone: nothing is left to do for this session
    }
  }

  void connectionClosed(ClientConnection c) {
    source.closed(c);
  }


  /** Something (a closed user, the arrival pump, an arriving session) keeps the run going. */
  void hold() {
    holders.incrementAndGet();
  }

  /** A holder is done; the run is done when none is left. */
  void release() {
    if (holders.decrementAndGet() == 0) {
      done.countDown();
    }
  }

  /** Waits until every holder released (the initial hold of the starter included). */
  boolean awaitDone(long timeoutNanos) throws InterruptedException {
    return done.await(timeoutNanos, TimeUnit.NANOSECONDS);
  }

  /** No further request starts; requests in flight are left to {@link NettyEngine} to abort. */
  void stop() {
    stoppedAtNanos = ticker.nanoTime();
    stopping = true;
  }

  /** The instant (ticker) {@link #stop} was called; {@link Long#MAX_VALUE} before. */
  long stoppedAtNanos() {
    return stoppedAtNanos;
  }
}
