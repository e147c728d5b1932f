package io.crosscheck.engine.netty;

import io.crosscheck.engine.Engine;
import io.crosscheck.engine.EngineLayout;
import io.crosscheck.engine.LoopPinning;
import io.crosscheck.engine.ThreadScheduling;
import io.crosscheck.engine.EngineOptions;
import io.crosscheck.engine.EngineProgress;
import io.crosscheck.engine.EngineResult;
import io.crosscheck.engine.GeneratorFaults;
import io.crosscheck.engine.WarmUpTarget;
import io.crosscheck.model.Arrival;
import io.crosscheck.model.ConnectionPolicy;
import io.crosscheck.model.Target;
import io.crosscheck.record.Outcome;
import io.crosscheck.record.RecordSink;
import io.crosscheck.schedule.Schedule;
import io.crosscheck.schedule.Ticker;
import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.EventLoopTaskQueueFactory;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollChannelOption;
import io.netty.channel.epoll.EpollEventLoopGroup;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.util.concurrent.DefaultEventExecutorChooserFactory;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.Future;
import io.netty.util.concurrent.RejectedExecutionHandlers;
import io.netty.util.concurrent.ThreadPerTaskExecutor;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * The reference engine: Netty event loops (native epoll when available, else NIO), one loop per
 * core by default, every session an asynchronous state machine bound to one loop, connections by
 * the chosen {@link ConnectionPolicy}. No thread per user, so the generator's own queueing stays
 * small and its timestamps close to the wire.
 *
 * <p>Instants come from the given {@link Ticker}; the schedule's offset 0 is mapped to a monotonic
 * instant a few milliseconds after {@link #run} is called, so the first arrivals are not late.
 */
public final class NettyEngine implements Engine {
  /** Lead between {@link #run} and the schedule's offset 0: time to set the loops up. */
  private static final long START_LEAD_NANOS = 20_000_000L;
  /** How long aborted requests get to reach the sink when a run stops early. */
  private static final long ABORT_GRACE_NANOS = 2_000_000_000L;
  /**
   * How long requests still in flight at the deadline may take to end on their own; then every
   * one left is recorded as aborted, whatever the server does (a deadline is a deadline).
   */
  public static final long DEADLINE_GRACE_NANOS = 1_000_000_000L;

  @Override
  public String name() {
    return "netty";
  }

  /** The transport this JVM will use: {@code epoll} or {@code nio}. */
  public static String transport() {
    return Epoll.isAvailable() ? "epoll" : "nio";
  }

  @Override
  public EngineResult run(
      Schedule schedule, EngineOptions options, Ticker ticker, RecordSink sink, EngineProgress progress)
      throws InterruptedException {
    return run(schedule, options, ticker, sink, progress, "crosscheck-netty");
  }

  @Override
  public Optional<JitWarmUp.Result> warmUp(EngineOptions options, int requests, WarmUpTarget target)
      throws InterruptedException {
    // a one-core run's loop would spin, at real-time priority, waiting for the in-process warm-up
    // server that needs the same core: its warm-up loop sleeps in epoll_wait instead (2026-11-28: 1,886
    // warm-up requests in 5 s instead of 20,000, and the run then fell behind its schedule)
    EngineOptions warm = options.realtimeLoop()
        ? options.withLayout(EngineLayout.asGiven(1, false, "the JIT warm-up of a one-core run")) : options;
    return Optional.of(JitWarmUp.run(this, warm, requests, target));
  }

  /**
   * The task queues of a real-time loop ({@link EngineLayout#ONE_CORE}): queues whose {@code poll}
   * never waits for a producer. Netty's own (JCTools' MPSC queues) let a producer claim a slot and
   * then store the task; a consumer that finds the slot claimed and still empty spins in {@code
   * poll} until the store shows. A real-time loop that preempts the producer between the two (the
   * arrival pump handing it a session, on the loop's one core, when the loop's 50 us yield ends)
   * spins there with the core to itself: the producer cannot run until the kernel throttles the
   * loop, 950 ms later. A ConcurrentLinkedQueue links a task whole, in one compare-and-set: it is
   * there or it is not. This was taken for the cause of the ~960 ms stalls of two-host audits; it was
   * not (a profile found the loop spinning in HotSpot's handle_wrong_method instead, waiting for the
   * JVM's compiler or VM thread: bench/results/2026-11-29/loop-stall/NOTES.md), but the hazard is the
   * same kind, so the queues stay.
   */
  private static final EventLoopTaskQueueFactory NON_SPINNING_TASKS = maxCapacity -> new ConcurrentLinkedQueue<>();

  /** {@link #run} with event-loop threads named {@code threadPrefix-N-M}. */
  EngineResult run(Schedule schedule, EngineOptions options, Ticker ticker, RecordSink sink,
      EngineProgress progress, String threadPrefix) throws InterruptedException {
    Target target = schedule.workload().target();
    // the address resolved once at the job's start (a hand-built target: resolved here, once);
    // every connection goes there, and the Host header keeps the name (target.hostHeader())
    InetSocketAddress remote = target.socketAddress();
    if (remote.isUnresolved()) {
      throw new IllegalArgumentException("cannot resolve target host " + target.host());
    }
    int loops = options.eventLoops() > 0 ? options.eventLoops() : Runtime.getRuntime().availableProcessors();
    boolean epoll = Epoll.isAvailable();
    DefaultThreadFactory threads = new DefaultThreadFactory(threadPrefix, true);
    List<SpinSelectStrategy> realtimeStrategies = new ArrayList<>();
    EventLoopGroup group = !epoll ? new NioEventLoopGroup(loops, threads)
        : options.busyPoll() && options.realtimeLoop()
            ? new EpollEventLoopGroup(loops, new ThreadPerTaskExecutor(threads), DefaultEventExecutorChooserFactory.INSTANCE,
                () -> {
                  SpinSelectStrategy s = new SpinSelectStrategy(ticker, true);
                  realtimeStrategies.add(s); // created here, on this thread, once per loop
                  return s;
                }, RejectedExecutionHandlers.reject(), NON_SPINNING_TASKS, NON_SPINNING_TASKS)
        : options.busyPoll()
            ? new EpollEventLoopGroup(loops, threads, () -> new SpinSelectStrategy(ticker, false))
            : new EpollEventLoopGroup(loops, threads);
    Bootstrap bootstrap = new Bootstrap().group(group)
        .channel(epoll ? EpollSocketChannel.class : NioSocketChannel.class)
        .option(ChannelOption.TCP_NODELAY, true)
        .option(ChannelOption.CONNECT_TIMEOUT_MILLIS,
            (int) Math.max(1, TimeUnit.NANOSECONDS.toMillis(options.connectTimeoutNanos())));
    if (epoll && !options.sourceAddresses().isEmpty()) {
      // the kernel picks the port at connect(), per 4-tuple, so each source address has ~28k ports
      bootstrap.option(EpollChannelOption.IP_BIND_ADDRESS_NO_PORT, true);
    }
    LoopPinning.Applied pinned = null;
    if (options.pinning() != null) {
      // on the loop thread itself: its own set, then every other thread of the JVM moved off its core
      try {
        pinned = group.next().submit(options.pinning()::apply).get();
      } catch (ExecutionException e) {
        System.err.println("crosscheck: the event loop could not be given cpu" + options.pinning().loopCpu()
            + " (" + e.getCause().getMessage() + "): the run goes on unpinned; run.json's engineResult says loopCpu -1");
      }
    }
    String noRealtime = options.realtimeLoop() ? realtime(group) : null;
    LoopWatch watch = null;
    if (noRealtime == null && realtimeStrategies.size() == 1) {
      try {
        EventLoop loop = group.next();
        watch = new LoopWatch(realtimeStrategies.get(0), loop.submit(Thread::currentThread).get(),
            loop.submit(LoopWatch::currentTid).get(), ticker, System.err);
      } catch (ExecutionException e) {
        System.err.println("crosscheck: the loop watch did not start: " + e.getCause());
      }
    }
    EngineRun run = new EngineRun(ticker, options, progress, sink, schedule.workload().phases(),
        bootstrap, remote, target.hostHeader(), options.startNanos(ticker.nanoTime(), START_LEAD_NANOS));
    boolean interrupted = false;
    ArrivalPump pump = null;
    try {
      if (schedule.workload().arrival() instanceof Arrival.Closed closed) {
        startClosedUsers(run, schedule, closed, group);
      } else {
        pump = new ArrivalPump(run, schedule, group);
        pump.start();
      }
      run.release(); // the starter's own hold
      long waitNanos = run.deadlineNanos - ticker.nanoTime()
          + Math.min(DEADLINE_GRACE_NANOS, options.requestTimeoutNanos() + options.connectTimeoutNanos());
      try {
        run.awaitDone(waitNanos);
      } catch (InterruptedException e) {
        interrupted = true;
      }
      run.stop();
      abortInFlight(run, group);
      if (options.realtimeLoop() && noRealtime == null) {
        noRealtime = stillRealtime(group); // what the run's end found, not only what its start asked for
      }
    } finally {
      if (watch != null) {
        watch.close();
      }
      shutDown(group);
      if (pinned != null) {
        pinned.close();
      }
    }
    if (pump != null) {
      pump.recordUnreached();
    }
    long endNanos = ticker.nanoTime();
    Map<String, Long> extra = new HashMap<>(run.source.gauges());
    extra.put("eventLoops", (long) loops);
    if (options.pinning() != null) {
      extra.put("loopCpu", pinned != null ? (long) options.pinning().loopCpu() : -1L);
      extra.put("threadsMovedOffLoopCpu", pinned != null ? (long) pinned.threadsMoved() : 0L);
    }
    if (options.realtimeLoop()) {
      extra.put("loopRealtime", noRealtime == null ? 1L : 0L);
    }
    extra.put("epollTransport", epoll ? 1L : 0L);
    extra.put("maxConnectionsAllowed", (long) run.maxConnections);
    extra.put("peakConnections", (long) run.peakConnections());
    // not sent: recorded by EngineRun.recordNotSent, the one path that counts behind-schedule
    extra.put("requestsNotSent", run.faults.count(GeneratorFaults.BEHIND_SCHEDULE));
    extra.putAll(run.faults.gauges());
    extra.put("arrivalsNotSentUnrecorded", run.arrivalsNotSentUnrecorded.sum());
    extra.put("requestsNotSentUnrecorded", run.requestsNotSentUnrecorded.sum());
    List<String> notes = new ArrayList<>(run.faults.describe());
    if (noRealtime != null) {
      notes.add("the event loop ran at normal priority: " + noRealtime);
    }
    if (watch != null) {
      notes.addAll(watch.notes());
    }
    if (run.notSentUnrecordedNote() != null) {
      notes.add(run.notSentUnrecordedNote());
    }
    if (interrupted) {
      Thread.currentThread().interrupt(); // the caller reports the run as interrupted
    }
    return new EngineResult(run.startNanos, endNanos, run.requestsIssued.sum(),
        run.connectionsOpened.sum(), progress.sessionsStarted(), progress.sessionsCompleted(), 0, extra,
        notes);
  }

  /** Closed model: each user runs its sessions back to back on one loop. */
  /**
   * Puts every loop thread of {@code group} under SCHED_FIFO (on the thread itself); the threads end
   * with the group, so nothing needs undoing.
   *
   * @return null when every loop got it, else why not (the run goes on at normal priority)
   */
  private static String realtime(EventLoopGroup group) throws InterruptedException {
    for (EventExecutor loop : group) {
      try {
        loop.submit(() -> {
          ThreadScheduling.fifo(ThreadScheduling.LOOP_FIFO_PRIORITY);
          return null;
        }).get();
      } catch (ExecutionException e) {
        String why = e.getCause().getMessage();
        System.err.println("crosscheck: the event loop could not have real-time priority (" + why
            + "): the run goes on at normal priority; run.json's engineResult says loopRealtime 0");
        return why;
      }
    }
    return null;
  }

  /** Null when every loop thread of {@code group} still runs under SCHED_FIFO, else which did not. */
  private static String stillRealtime(EventLoopGroup group) throws InterruptedException {
    for (EventExecutor loop : group) {
      try {
        if (!loop.submit(ThreadScheduling::isFifo).get()) {
          return "the loop thread was no longer under SCHED_FIFO at the run's end";
        }
      } catch (ExecutionException e) {
        return e.getCause().getMessage();
      }
    }
    return null;
  }

  private static void startClosedUsers(EngineRun run, Schedule schedule, Arrival.Closed closed, EventLoopGroup group) {
    for (int u : schedule.closedUsers()) { // this shard's users (every user unsharded)
      EventLoop loop = group.next();
      run.hold();
      int user = u;
      long firstNanos = run.startNanos + schedule.closedUserStartOffsetNanos(u);
      run.at(loop, firstNanos, () -> startUserSession(run, schedule, closed, loop, user, 0, firstNanos));
    }
  }

  private static void startUserSession(
      EngineRun run, Schedule schedule, Arrival.Closed closed, EventLoop loop, int user, long k, long atNanos) {
    boolean more = closed.sessionsPerUser() == 0 || k < closed.sessionsPerUser();
    if (!more || !run.accepts(atNanos)) {
      run.release();
      return;
    }
    // the next session starts when this one ends, back to back; a session cut by the deadline (its
    // next request fell after it) ends the user, who would still be thinking when the run is over
    new SessionInstance(run, schedule.closedSession(user, k), loop, parallelism(run), complete -> {
      if (complete) {
        startUserSession(run, schedule, closed, loop, user, k + 1, run.ticker.nanoTime());
      } else {
        run.release();
      }
    }).start(atNanos);
  }

  static int parallelism(EngineRun run) {
    return run.options.policy() == ConnectionPolicy.BROWSER ? run.options.connectionsK() : 1;
  }

  /** Ends every request still in flight as aborted, on its own loop, and waits for the records. */
  private static void abortInFlight(EngineRun run, EventLoopGroup group) {
    long untilNanos = System.nanoTime() + ABORT_GRACE_NANOS;
    // a barrier on every loop: a task that saw "not stopping" has finished, so every channel the
    // run will ever open is in the group now (later opens end at once as aborted)
    List<Future<?>> pending = new ArrayList<>();
    for (EventExecutor loop : group) {
      pending.add(loop.submit(() -> { }));
    }
    awaitAll(pending, untilNanos);
    pending.clear();
    // one task per loop closes that loop's channels (not one task per channel: there may be tens
    // of thousands at the generator's limit)
    for (EventExecutor loop : group) {
      pending.add(loop.submit(() -> {
        for (Channel ch : run.channels) {
          ClientConnection c = ch.eventLoop() == loop ? ch.attr(EngineRun.CONNECTION).get() : null;
          if (c != null) {
            c.close(Outcome.ABORTED, "run stopped");
          }
        }
      }));
    }
    awaitAll(pending, untilNanos);
  }

  /**
   * Shuts the loops down and waits until they are: their last tasks write records (the abort's
   * closes when {@link #abortInFlight} ran out of time, the connects their shutdown fails, the
   * tasks queued before it), so neither {@link ArrivalPump#recordUnreached} nor the caller, who
   * closes the sink next, may run beside them. No time bound: once stopping, nothing feeds the loops
   * new work (the pump and every session stop, timers are cancelled), so a loop ends when it has run
   * what was queued and closed its channels; a bounded wait (2 s) lost those records on a saturated
   * host, where the loops can still be at it 2 s after the abort sweep's own grace.
   */
  private static void shutDown(EventLoopGroup group) {
    group.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly();
  }

  private static void awaitAll(List<Future<?>> pending, long untilNanos) {
    for (Future<?> f : pending) {
      f.awaitUninterruptibly(Math.max(0, untilNanos - System.nanoTime()), TimeUnit.NANOSECONDS);
    }
  }
}
