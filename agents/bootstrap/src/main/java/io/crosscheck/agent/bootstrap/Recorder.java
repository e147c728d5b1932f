package io.crosscheck.agent.bootstrap;

import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.Socket;
import java.net.URL;
import java.util.Collections;
import java.util.Map;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The entry points that advice inlined into the target's classes calls: static, on the bootstrap
 * class path, and never throwing (every body catches, counts and logs through {@link AgentControl}).
 *
 * <p>The exchange model for {@code HttpURLConnection} (the JDK's {@code sun.net.www.protocol.http}
 * implementation, the same on JDK 17 and 25): the first public call on a connection object is the
 * intended start; its {@code writeRequests()} names the request; the transport's ({@code
 * sun.net.www.http.HttpClient}) {@code writeRequests(..)} begins the exchange on a TCP connection
 * ({@code openServer()} just before, when it is a new one); the socket's first write is the send
 * start, its first read the first byte; the returned {@code HttpInputStream}'s end of stream ends the
 * reply (last byte = the socket read that delivered it) and its {@code close()} is the generator's
 * close. A failure of {@code getInputStream} ends it with a status or an error; {@code disconnect()}
 * ends one whose stream was never read (the Elastic agent's rule). Per-object state lives in weak
 * identity maps: no field can be added to JDK classes already loaded.
 *
 * <p>Thread-safety: per-thread state in one thread-local; the maps are synchronized.
 */
public final class Recorder {
  static volatile boolean active;
  static volatile AgentConfig config;
  static volatile RecordWriter writer;

  private static final ThreadLocal<ThreadState> STATE = new ThreadLocal<>();
  /** Dense user indexes, one per thread that made an exchange (any hook family). */
  static final AtomicInteger USERS = new AtomicInteger();
  private static final AtomicLong INTERVALS = new AtomicLong();
  static final AtomicLong EXCHANGES = new AtomicLong();
  static final AtomicLong OTHER_SERVER = new AtomicLong();
  static final AtomicLong REPORTS_WITHOUT_EXCHANGE = new AtomicLong();
  static final AtomicInteger THREADS = new AtomicInteger();

  // keyed by JDK objects that do not override equals/hashCode: identity semantics, weak keys
  private static final Map<Object, Long> INTENDED = Collections.synchronizedMap(new WeakHashMap<>());
  private static final Map<Object, Connection> CONNECTIONS = Collections.synchronizedMap(new WeakHashMap<>());
  private static final Map<Object, Exchange> STREAMS = Collections.synchronizedMap(new WeakHashMap<>());
  private static final Map<Object, Exchange> BY_HUC = Collections.synchronizedMap(new WeakHashMap<>());
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
    INTENDED.clear();
    STREAMS.clear();
    BY_HUC.clear();
    LIVE.clear();
  }

  // --- HttpURLConnection (sun.net.www.protocol.http.HttpURLConnection) ---

  /** Enter of connect/getInputStream/getOutputStream: the first one is the intended start. */
  public static void connectionCall(Object huc) {
    if (!active) {
      return;
    }
    try {
      long now = System.nanoTime();
      INTENDED.putIfAbsent(huc, now);
    } catch (Throwable t) {
      AgentControl.adviceError("connectionCall", t);
    }
  }

  /** Enter of its private {@code writeRequests()}: the request about to be written. */
  public static void requestNamed(HttpURLConnection huc) {
    if (!active) {
      return;
    }
    try {
      ThreadState s = state();
      long now = System.nanoTime();
      Long intended = INTENDED.remove(huc); // a retry or redirect in the same object starts now
      URL url = huc.getURL();
      s.pendingIgnored = otherServer(url);
      s.pendingConnection = huc;
      s.pendingMethod = huc.getRequestMethod();
      s.pendingUrl = targetOf(url);
      s.pendingIntendedNanos = intended != null ? intended : now;
    } catch (Throwable t) {
      AgentControl.adviceError("requestNamed", t);
    }
  }

  /** True (and counted) when a server filter is set and {@code url} is not that server's. */
  private static boolean otherServer(URL url) {
    AgentConfig c = config;
    return c != null && otherServer(c, url.getHost(), url.getPort() >= 0 ? url.getPort() : url.getDefaultPort());
  }

  /** True (and counted) when {@code c} has a server filter and {@code host:port} is another server. */
  static boolean otherServer(AgentConfig c, String host, int port) {
    if (c.serverPort < 0 || port == c.serverPort && host != null && AgentConfig.normalHost(host).equals(c.serverHost)) {
      return false;
    }
    OTHER_SERVER.incrementAndGet();
    return true;
  }

  /** The request target of {@code url} as sent: path and query, "/" when empty. */
  private static String targetOf(URL url) {
    String file = url.getFile();
    return file == null || file.isEmpty() ? "/" : file;
  }

  /** Enter of getInputStream: true when outermost. */
  public static boolean getInputStreamEnter() {
    return state().getInputStreamDepth++ == 0;
  }

  /**
   * Exit of getInputStream: binds the returned stream to the exchange, or ends the exchange with the
   * failure.
   */
  public static void getInputStreamExit(boolean outermost, HttpURLConnection huc, InputStream stream,
      int responseCode, Throwable thrown) {
    ThreadState s = state();
    s.getInputStreamDepth = Math.max(0, s.getInputStreamDepth - 1);
    if (!outermost || !active) {
      return;
    }
    try {
      Exchange ex = BY_HUC.get(huc);
      if (thrown == null) {
        if (ex != null && !ex.ended) {
          ex.status = responseCode > 0 ? responseCode : ex.status;
          if (stream != null) {
            STREAMS.put(stream, ex);
          }
        }
        return;
      }
      if (ex == null || ex.ended) {
        // failed before any request was written: a connect error (or an ignored server)
        if (s.pendingIgnored && s.pendingConnection == huc) {
          return;
        }
        URL url = huc.getURL();
        if (otherServer(url)) {
          return;
        }
        ex = newExchange(s, huc, huc.getRequestMethod(), targetOf(url), intendedOf(huc), true);
        ex.end("connect-error", describe(thrown));
        finish(ex, s);
        return;
      }
      ex.status = responseCode > 0 ? responseCode : ex.status;
      ex.end(Outcomes.of(thrown, ex), describe(thrown));
      finish(ex, s);
    } catch (Throwable t) {
      AgentControl.adviceError("getInputStreamExit", t);
    }
  }

  private static long intendedOf(Object huc) {
    Long v = INTENDED.remove(huc);
    return v != null ? v : System.nanoTime();
  }

  /** Enter of disconnect(): ends an exchange whose stream was never read to its end. */
  public static void disconnect(Object huc) {
    if (!active) {
      return;
    }
    try {
      Exchange ex = BY_HUC.get(huc);
      if (ex != null && !ex.queued) {
        if (!ex.ended) {
          ex.cutShort("disconnected before the end of the reply");
        }
        ThreadState s = STATE.get();
        finish(ex, s);
      }
    } catch (Throwable t) {
      AgentControl.adviceError("disconnect", t);
    }
  }

  // --- the transport: sun.net.www.http.HttpClient, one per TCP connection ---

  /** Enter of openServer(): a new connection is being opened on this thread. */
  public static void openServerEnter() {
    if (!active) {
      return;
    }
    state().connectStartNanos = System.nanoTime();
  }

  /** Exit of openServer(): the connection, with its local address, if it opened. */
  public static void openServerExit(Object client, Socket socket, Throwable thrown) {
    if (!active) {
      return;
    }
    try {
      ThreadState s = state();
      long start = s.connectStartNanos;
      s.connectStartNanos = -1;
      if (thrown == null && socket != null) {
        CONNECTIONS.put(client, new Connection(idOf(socket), start));
      }
    } catch (Throwable t) {
      AgentControl.adviceError("openServerExit", t);
    }
  }

  private static String idOf(Socket socket) {
    return socket.getLocalAddress().getHostAddress() + ":" + socket.getLocalPort();
  }

  /** Enter of writeRequests(..): the outermost call begins an exchange on {@code client}'s connection. */
  public static void requestWriteEnter(Object client, Socket socket) {
    ThreadState s = state();
    if (s.clientWriteDepth++ > 0 || !active) {
      return;
    }
    try {
      if (s.pendingIgnored || s.pendingConnection == null) {
        begin(s, null); // not recorded: its socket I/O is no other exchange's either
        return;
      }
      Object huc = s.pendingConnection;
      Exchange previous = BY_HUC.get(huc);
      if (previous != null && !previous.queued) {
        previous.end("aborted", "superseded by a retry or redirect in the same HttpURLConnection");
        finish(previous, s);
      }
      Exchange ex = newExchange(s, huc, s.pendingMethod, s.pendingUrl, s.pendingIntendedNanos, true);
      s.pendingConnection = null;
      if (socket != null) {
        Connection c;
        synchronized (CONNECTIONS) {
          c = CONNECTIONS.get(client);
          if (c == null) { // opened before the agent was attached
            c = new Connection(idOf(socket), -1);
            c.exchanges = 1;
            CONNECTIONS.put(client, c);
          }
          ex.connectionReused = c.exchanges++ > 0;
        }
        ex.connectionId = c.id;
        ex.connectionOpenNanos = c.openNanos;
      }
      BY_HUC.put(huc, ex);
      begin(s, ex);
    } catch (Throwable t) {
      AgentControl.adviceError("requestWriteEnter", t);
    }
  }

  /** Exit of writeRequests(..). */
  public static void requestWriteExit() {
    ThreadState s = state();
    s.clientWriteDepth = Math.max(0, s.clientWriteDepth - 1);
  }

  /**
   * A new row for the thread of {@code s}, in flight until {@link #finish}. {@code onItsThread}: made
   * on that thread, inside whatever reported interval it has open (the java-http-client family makes
   * its rows on the client's selector thread: no interval).
   */
  static Exchange newExchange(ThreadState s, Object huc, String method, String url, long intendedNanos,
      boolean onItsThread) {
    long interval = onItsThread ? intervalFor(s, intendedNanos) : -1;
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

  // --- the reply body: HttpURLConnection$HttpInputStream ---

  /** Enter of a body read: true when outermost. */
  public static boolean bodyReadEnter() {
    return state().bodyReadDepth++ == 0;
  }

  /** Exit of a body read that returned {@code n}; -1 (end of stream) ends the reply. */
  public static void bodyReadExit(boolean outermost, Object stream, int n) {
    ThreadState s = state();
    s.bodyReadDepth = Math.max(0, s.bodyReadDepth - 1);
    if (!outermost || n >= 0 || !active) {
      return;
    }
    try {
      Exchange ex = STREAMS.get(stream);
      if (ex != null && !ex.ended) {
        ex.complete();
        if (s.current == ex) {
          s.current = null; // its close may never come; later socket reads are not its own
          s.unclosed = ex;
        }
      }
    } catch (Throwable t) {
      AgentControl.adviceError("bodyReadExit", t);
    }
  }

  /** Exit of the body stream's close(): the generator's close; hands the exchange to the writer. */
  public static void bodyClosed(Object stream) {
    if (!active) {
      return;
    }
    try {
      Exchange ex = STREAMS.remove(stream);
      if (ex == null || ex.queued) {
        return;
      }
      ex.closeNanos = System.nanoTime();
      if (!ex.ended) {
        ex.cutShort("closed before the end of the reply");
      }
      finish(ex, STATE.get());
    } catch (Throwable t) {
      AgentControl.adviceError("bodyClosed", t);
    }
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
      BY_HUC.remove(ex.httpUrlConnection, ex);
    }
    if (s != null && s.current == ex) {
      s.current = null;
    }
    RecordWriter w = writer;
    if (w != null) {
      w.offer(ex);
    }
  }

  // --- reported intervals ---

  private static long intervalFor(ThreadState s, long intendedNanos) {
    AgentConfig c = config;
    if (c == null) {
      return -1;
    }
    if (c.reportedBy != null) {
      if (s.intervalDepth == 0) {
        return -1;
      }
      s.intervalExchanges++;
      return s.intervalId;
    }
    if (c.reportedValue != null) {
      if (s.intervalId < 0) {
        s.intervalId = INTERVALS.incrementAndGet();
        s.intervalExchanges = 0;
        s.intervalStartNanos = -1;
      }
      if (s.intervalStartNanos < 0) {
        s.intervalStartNanos = intendedNanos;
      }
      s.intervalExchanges++;
      return s.intervalId;
    }
    return -1;
  }

  /** Enter of the reportedBy method: the outermost call opens an interval. */
  public static void intervalEnter() {
    if (!active) {
      return;
    }
    try {
      ThreadState s = state();
      if (s.intervalDepth++ == 0) {
        s.intervalId = INTERVALS.incrementAndGet();
        s.intervalStartNanos = System.nanoTime();
        s.intervalExchanges = 0;
      }
    } catch (Throwable t) {
      AgentControl.adviceError("intervalEnter", t);
    }
  }

  /** Exit of the reportedBy method: the outermost call closes the interval. */
  public static void intervalExit() {
    ThreadState s = STATE.get();
    if (s == null || s.intervalDepth == 0) {
      return;
    }
    try {
      if (--s.intervalDepth == 0) {
        long end = System.nanoTime();
        AgentConfig c = config;
        if (s.intervalExchanges > 0 && active && c != null) {
          queueInterval(new IntervalRow(s.intervalId, s.threadId, s.threadName,
              c.reportedBy.toString(), s.intervalStartNanos, end, end - s.intervalStartNanos, "", "",
              s.intervalExchanges));
        } else if (s.intervalExchanges == 0) {
          REPORTS_WITHOUT_EXCHANGE.incrementAndGet();
        }
        s.intervalId = -1;
      }
    } catch (Throwable t) {
      AgentControl.adviceError("intervalExit", t);
    }
  }

  /** Enter of the reportedValue method: closes the thread's interval with the reported number. */
  public static void reportValue(Object[] args) {
    if (!active) {
      return;
    }
    try {
      AgentConfig c = config;
      ThreadState s = state();
      long end = System.nanoTime();
      if (c == null || c.reportedValue == null) {
        return;
      }
      if (s.intervalId < 0) {
        REPORTS_WITHOUT_EXCHANGE.incrementAndGet();
        return;
      }
      long value = ((Number) args[c.valueArg]).longValue();
      if (c.valueEndArg >= 0) {
        value = ((Number) args[c.valueEndArg]).longValue() - value;
      }
      queueInterval(new IntervalRow(s.intervalId, s.threadId, s.threadName,
          c.reportedValue.toString(), s.intervalStartNanos, end, value * c.valueUnitNanos, Long.toString(value),
          c.valueUnit, s.intervalExchanges));
      s.intervalId = -1;
      s.intervalExchanges = 0;
      s.intervalStartNanos = -1;
    } catch (Throwable t) {
      AgentControl.adviceError("reportValue", t);
    }
  }

  private static void queueInterval(IntervalRow row) {
    RecordWriter w = writer;
    if (w != null) {
      w.offer(row);
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
