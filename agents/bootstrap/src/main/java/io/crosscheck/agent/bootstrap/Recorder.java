package io.crosscheck.agent.bootstrap;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The recording's core, on the bootstrap class path: whether it is active, its config and writer,
 * each thread's state, the counters, and the life of an exchange every hook family shares (a new
 * row, the thread's current exchange, the hand-over to the {@link RecordWriter}), plus the socket
 * hooks that time the thread-bound families' bytes. The families' entry points are in {@link
 * UrlConnectionRecorder}, {@link ApacheRecorder} and {@link AsyncRecorder}; reported intervals in
 * {@link ReportedIntervals}. Static, and never throwing into the host (every body catches, counts
 * and logs through {@link AgentControl}); the hot path allocates nothing beyond the exchange row.
 *
 * <p>Thread-safety: per-thread state in one thread-local; the shared sets are concurrent.
 */
public final class Recorder {
  static volatile boolean active;
  static volatile AgentConfig config;
  static volatile RecordWriter writer;

  static final ThreadLocal<ThreadState> STATE = new ThreadLocal<>();
  /** Dense user indexes, one per thread that made an exchange (any hook family). */
  static final AtomicInteger USERS = new AtomicInteger();
  static final AtomicLong EXCHANGES = new AtomicLong();
  static final AtomicLong OTHER_SERVER = new AtomicLong();
  static final AtomicLong REPORTS_WITHOUT_EXCHANGE = new AtomicLong();
  static final AtomicInteger THREADS = new AtomicInteger();
  /** Exchanges not yet handed to the writer, flushed when recording stops. */
  static final Set<Exchange> LIVE = ConcurrentHashMap.newKeySet();

  private Recorder() {}

  /** The recording that thread states belong to; a later attach's recording starts afresh. */
  private static volatile int generation;

  /** This thread's state in the current recording (every hook family's). */
  static ThreadState state() {
    ThreadState s = STATE.get();
    int g = generation;
    if (s == null || s.generation != g) {
      s = new ThreadState(Thread.currentThread(), g);
      STATE.set(s);
    }
    return s;
  }

  /**
   * Forgets an earlier recording of this JVM (a stop, then another attach): counters, thread states
   * (user index, seq, open interval) and per-object state. Connections stay known: one opened then
   * is reused now. Called before the advice is activated.
   */
  static void reset() {
    generation++;
    USERS.set(0);
    EXCHANGES.set(0);
    OTHER_SERVER.set(0);
    REPORTS_WITHOUT_EXCHANGE.set(0);
    THREADS.set(0);
    UrlConnectionRecorder.reset();
    LIVE.clear();
  }

  /** True (and counted) when {@code c} has a server filter and {@code host:port} is another server. */
  static boolean otherServer(AgentConfig c, String host, int port) {
    if (c.serverPort < 0 || port == c.serverPort && host != null && AgentConfig.normalHost(host).equals(c.serverHost)) {
      return false;
    }
    OTHER_SERVER.incrementAndGet();
    return true;
  }

  /**
   * A new row for the thread of {@code s}, in flight until {@link #finish}. {@code onItsThread}: made
   * on that thread, inside whatever reported interval it has open (the java-http-client family makes
   * its rows on the client's selector thread: no interval).
   */
  static Exchange newExchange(ThreadState s, Object huc, String method, String url, long intendedNanos,
      boolean onItsThread) {
    long interval = onItsThread ? ReportedIntervals.intervalFor(s, intendedNanos) : -1;
    Exchange ex = new Exchange(s.threadId, s.threadName, s.userIndex(), s.seq.getAndIncrement(), method, url,
        interval, huc);
    ex.intendedStartNanos = intendedNanos;
    LIVE.add(ex);
    EXCHANGES.incrementAndGet();
    return ex;
  }

  /**
   * Makes {@code ex} (null: none) the exchange whose socket reads and writes are its thread's (the
   * thread-bound families). The thread's exchange still in flight is written as abandoned; the one it read to its
   * end but never closed is written without a close instant.
   */
  static void begin(ThreadState s, Exchange ex) {
    if (s.current != null && !s.current.queued) {
      Exchange old = s.current;
      old.cutShort("abandoned: its thread began another request");
      finish(old, s);
    }
    if (s.unclosed != null && !s.unclosed.queued) {
      finish(s.unclosed, s);
    }
    s.unclosed = null;
    s.current = ex;
  }

  // --- the socket (java.net.Socket's streams) ---

  /** Enter of a socket write of {@code bytes} bytes. */
  public static void socketWrite(int bytes) {
    if (!active) {
      return;
    }
    ThreadState s = STATE.get();
    Exchange ex = s == null ? null : s.current;
    if (ex == null || ex.ended) {
      return;
    }
    if (ex.sendStartNanos < 0) {
      ex.sendStartNanos = System.nanoTime();
    }
    ex.requestBytes += bytes;
  }

  /** Exit of a socket read that returned {@code n} bytes (-1 at end of stream). */
  public static void socketRead(int n) {
    if (!active || n <= 0) {
      return;
    }
    ThreadState s = STATE.get();
    Exchange ex = s == null ? null : s.current;
    if (ex == null || ex.ended) {
      return;
    }
    long now = System.nanoTime();
    if (ex.firstByteNanos < 0) {
      ex.firstByteNanos = now;
    }
    ex.lastSocketReadNanos = now;
    ex.responseBytes += n;
  }

  /**
   * Hands {@code ex} to the writer, once, whichever thread ends it; {@code s}: the calling thread's
   * state (its current exchange is cleared when it is {@code ex}), or null.
   */
  static void finish(Exchange ex, ThreadState s) {
    synchronized (ex) {
      if (ex.queued) {
        return;
      }
      ex.queued = true;
    }
    LIVE.remove(ex);
    if (ex.httpUrlConnection != null) {
      UrlConnectionRecorder.finished(ex);
    }
    if (s != null && s.current == ex) {
      s.current = null;
    }
    RecordWriter w = writer;
    if (w != null) {
      w.offer(ex);
    }
  }

  /** Hands every exchange still in flight to the writer, as it stands (recording stops). */
  static void flushLive() {
    for (Exchange ex : LIVE.toArray(new Exchange[0])) {
      if (!ex.ended) {
        ex.end("aborted", "in flight when the recording stopped");
      }
      finish(ex, null);
    }
  }

  static String describe(Throwable t) {
    String m = t.getMessage();
    String s = t.getClass().getSimpleName() + (m == null ? "" : ": " + m);
    return s.length() > 200 ? s.substring(0, 200) : s;
  }
}
