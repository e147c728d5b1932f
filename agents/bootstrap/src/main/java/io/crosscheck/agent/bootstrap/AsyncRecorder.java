package io.crosscheck.agent.bootstrap;

import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.URI;
import java.nio.channels.SocketChannel;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/**
 * The entry points of the {@code java-http-client} hook family: {@code java.net.http.HttpClient}
 * (the JDK's {@code jdk.internal.net.http}, HTTP/1.1 over plain TCP). Static, on the bootstrap class
 * path, never throwing.
 *
 * <p>The JDK client is asynchronous: the caller's thread only starts the request ({@code
 * HttpClientImpl.sendAsync}, which {@code send} calls too), the SelectorManager thread does the
 * socket I/O and executor threads run the callbacks. So the state is kept on the client's own objects
 * in weak identity maps (their classes do not override equals/hashCode), and every update of an
 * exchange is made under its lock:
 *
 * <ul>
 *   <li>a <em>call</em> (one send/sendAsync: the caller's thread and the intended start) is bound to
 *       its {@code MultiExchange} when the first {@code Exchange} is built, inside {@code sendAsync}
 *       on the caller's thread; every later {@code Exchange} (a redirect, a retry) finds it through
 *       its {@code multi} field;
 *   <li>a {@code Http1Exchange} is one row: built with the {@code HttpConnection} it will use, a new
 *       one or one from the pool; the connection's exchange count says which;
 *   <li>a {@code PlainHttpConnection} owns one {@code SocketChannel}: its constructor binds the
 *       channel to the connection, {@code connectAsync} is the connect start; the channel's writes
 *       and reads ({@code SocketChannelImpl}) are the send start, the first byte and the byte counts
 *       of the exchange current on the connection (HTTP/1.1: one at a time);
 *   <li>a {@code Response} (built when the status line and headers are parsed) gives the status;
 *   <li>{@code Http1Response.onFinished()} (the body parser saw the end of the body) ends the row:
 *       last byte = the channel read that delivered the body's last bytes; the status is the
 *       response's;
 *   <li>a call whose future completes exceptionally ends its open rows with the failure.
 * </ul>
 *
 * <p>Not covered: HTTP/2 (h2c upgrades or TLS with ALPN), TLS ({@code AsyncSSLConnection}: rows are
 * written without channel instants), connections opened before the agent started, and reported
 * intervals (intervalId is -1: the rows are made on the client's selector thread, possibly after the
 * caller's reporting method has returned). The caller's user index and sequence are shared with the
 * other families (one {@link ThreadState} per thread).
 */
public final class AsyncRecorder {
  /** One send/sendAsync. Guarded by itself. */
  static final class Call {
    final ThreadState caller;
    final long intendedNanos;
    final List<Exchange> rows = new ArrayList<>(2);
    boolean bound;

    Call(ThreadState caller, long intendedNanos) {
      this.caller = caller;
      this.intendedNanos = intendedNanos;
    }
  }

  /** One PlainHttpConnection and its channel. */
  static final class Conn {
    volatile String id = "";
    volatile long openNanos = -1;
    /** Guarded by this. */
    int exchanges;
    volatile Exchange current;
  }

  private static final ThreadLocal<Call> PENDING = new ThreadLocal<>();
  private static final Map<Object, Call> CALLS = Collections.synchronizedMap(new WeakHashMap<>());
  private static final Map<Object, Call> ATTEMPTS = Collections.synchronizedMap(new WeakHashMap<>());
  private static final Map<Object, Exchange> ROWS = Collections.synchronizedMap(new WeakHashMap<>());
  /** The row of each attempt (jdk.internal.net.http.Exchange), for its response head. */
  private static final Map<Object, Exchange> ATTEMPT_ROWS = Collections.synchronizedMap(new WeakHashMap<>());
  private static final Map<Object, Conn> CONNS = Collections.synchronizedMap(new WeakHashMap<>());
  private static final Map<Object, Conn> CHANNELS = Collections.synchronizedMap(new WeakHashMap<>());
  /** No channel was ever bound: the channel hooks return at once. */
  private static volatile boolean noChannels = true;

  private AsyncRecorder() {}

  // --- the call: HttpClientImpl.sendAsync(request, handler, pushHandler, executor) ---

  /** Enter of sendAsync on the caller's thread: the intended start. */
  public static void sendEnter() {
    if (!Recorder.active) {
      return;
    }
    try {
      PENDING.set(new Call(Recorder.state(), System.nanoTime()));
    } catch (Throwable t) {
      AgentControl.adviceError("javaHttpClient.sendEnter", t);
    }
  }

  /** Exit of sendAsync: the call's failure ends its open rows. */
  public static void sendExit(CompletableFuture<?> future) {
    Call call = PENDING.get();
    PENDING.remove();
    if (call == null || future == null || !Recorder.active) {
      return;
    }
    try {
      future.whenComplete((r, t) -> callDone(call, t));
    } catch (Throwable t) {
      AgentControl.adviceError("javaHttpClient.sendExit", t);
    }
  }

  private static void callDone(Call call, Throwable failure) {
    if (failure == null) {
      return; // rows end when their body ends (a streamed body may still be read)
    }
    try {
      Throwable cause = failure;
      while ((cause instanceof CompletionException || cause instanceof ExecutionException)
          && cause.getCause() != null) {
        cause = cause.getCause();
      }
      List<Exchange> rows;
      synchronized (call) {
        rows = new ArrayList<>(call.rows);
      }
      for (Exchange ex : rows) {
        synchronized (ex) {
          if (ex.queued || ex.ended) {
            continue;
          }
          String outcome = Outcomes.of(cause, ex);
          ex.end(outcome, Recorder.describe(cause));
        }
        finish(ex);
      }
    } catch (Throwable t) {
      AgentControl.adviceError("javaHttpClient.callDone", t);
    }
  }

  // --- the attempts: jdk.internal.net.http.Exchange(request, multi) ---

  /** Exit of an Exchange constructor: binds it to its call. */
  public static void attemptCreated(Object exchange, Object multi) {
    if (!Recorder.active || exchange == null || multi == null) {
      return;
    }
    try {
      Call call;
      synchronized (CALLS) {
        call = CALLS.get(multi);
        if (call == null) {
          Call pending = PENDING.get(); // the first one: built by sendAsync on the caller's thread
          if (pending == null || pending.bound) {
            return;
          }
          pending.bound = true;
          CALLS.put(multi, pending);
          call = pending;
        }
      }
      ATTEMPTS.put(exchange, call);
    } catch (Throwable t) {
      AgentControl.adviceError("javaHttpClient.attemptCreated", t);
    }
  }

  // --- the HTTP/1.1 exchange: Http1Exchange(exchange, connection) ---

  /** Exit of the Http1Exchange constructor: one row, on {@code connection}. */
  public static void http1Created(Object http1, Object exchange, Object connection, String method, URI uri) {
    if (!Recorder.active || http1 == null) {
      return;
    }
    try {
      Call call = ATTEMPTS.get(exchange);
      if (call == null) {
        return; // begun before the agent, or not by send/sendAsync
      }
      AgentConfig c = Recorder.config;
      int port = uri.getPort() >= 0 ? uri.getPort() : "https".equalsIgnoreCase(uri.getScheme()) ? 443 : 80;
      if (c != null && Recorder.otherServer(c, uri.getHost(), port)) {
        return;
      }
      Exchange ex;
      synchronized (call) { // the first attempt starts at the call; a redirect or retry now
        ex = Recorder.newExchange(call.caller, null, method, target(uri),
            call.rows.isEmpty() ? call.intendedNanos : System.nanoTime(), false);
        call.rows.add(ex);
      }
      Conn conn = connection == null ? null : CONNS.get(connection);
      if (conn == null) {
        ex.detail = "connection not observed (TLS, a proxy, or opened before the agent)";
      } else {
        Exchange previous;
        synchronized (conn) {
          ex.connectionReused = conn.exchanges++ > 0;
          ex.connectionId = conn.id;
          ex.connectionOpenNanos = conn.openNanos;
          previous = conn.current;
          conn.current = ex;
        }
        if (previous != null) {
          synchronized (previous) {
            previous.end("aborted", "its connection began another exchange");
          }
          finish(previous);
        }
      }
      ROWS.put(http1, ex);
      ATTEMPT_ROWS.put(exchange, ex);
    } catch (Throwable t) {
      AgentControl.adviceError("javaHttpClient.http1Created", t);
    }
  }

  static String target(URI uri) {
    String path = uri.getRawPath();
    String t = path == null || path.isEmpty() ? "/" : path;
    return uri.getRawQuery() == null ? t : t + "?" + uri.getRawQuery();
  }

  /** Exit of a Response constructor: the status line and headers of {@code exchange}'s reply. */
  public static void responseHead(Object exchange, int status) {
    if (!Recorder.active || exchange == null) {
      return;
    }
    try {
      Exchange ex = ATTEMPT_ROWS.get(exchange);
      if (ex != null) {
        synchronized (ex) {
          if (!ex.ended) {
            ex.status = status;
          }
        }
      }
    } catch (Throwable t) {
      AgentControl.adviceError("javaHttpClient.responseHead", t);
    }
  }

  /** Enter of Http1Response.onFinished(): the body parser saw the body's end. */
  public static void responseFinished(Object http1, int status) {
    if (!Recorder.active || http1 == null) {
      return;
    }
    try {
      Exchange ex = ROWS.get(http1);
      if (ex == null) {
        return;
      }
      synchronized (ex) {
        if (ex.ended) {
          return;
        }
        ex.status = status;
        ex.complete();
      }
      finish(ex);
    } catch (Throwable t) {
      AgentControl.adviceError("javaHttpClient.responseFinished", t);
    }
  }

  // --- the connection: PlainHttpConnection and its SocketChannel ---

  /** Exit of the PlainHttpConnection constructor: binds its channel. */
  public static void connectionCreated(Object connection, Object channel) {
    if (!Recorder.active || connection == null || channel == null) {
      return;
    }
    try {
      Conn conn = new Conn();
      CONNS.put(connection, conn);
      CHANNELS.put(channel, conn);
      noChannels = false;
    } catch (Throwable t) {
      AgentControl.adviceError("javaHttpClient.connectionCreated", t);
    }
  }

  /** Enter of PlainHttpConnection.connectAsync: the connect start. */
  public static void connectStart(Object connection) {
    if (!Recorder.active || connection == null) {
      return;
    }
    try {
      Conn conn = CONNS.get(connection);
      if (conn == null || conn.openNanos >= 0) {
        return;
      }
      conn.openNanos = System.nanoTime();
      Exchange ex = conn.current;
      if (ex != null) {
        synchronized (ex) {
          if (ex.connectionOpenNanos < 0) {
            ex.connectionOpenNanos = conn.openNanos;
          }
        }
      }
    } catch (Throwable t) {
      AgentControl.adviceError("javaHttpClient.connectStart", t);
    }
  }

  /** Enter of a channel write or read: its start instant, or 0 when nothing is recorded. */
  public static long channelEnter() {
    return Recorder.active && !noChannels ? System.nanoTime() : 0L;
  }

  /**
   * Exit of a SocketChannelImpl {@code write} or {@code read} ({@code method}, the advised method's
   * name) that returned {@code n}, begun at {@code startNanos}: the bytes a write sent or a read
   * received (-1, a read at the end of the stream, and 0 count nothing), on the exchange its
   * connection carries. A read is stamped (first byte, last read) before the connection's address
   * is looked up; a write keeps the instant it began.
   */
  public static void channelExit(Object channel, String method, long n, long startNanos) {
    if (startNanos == 0L || n <= 0) {
      return;
    }
    boolean write = "write".equals(method);
    try {
      Conn conn = CHANNELS.get(channel);
      Exchange ex = conn == null ? null : conn.current;
      if (ex == null) {
        return;
      }
      long now = write ? 0L : System.nanoTime();
      connectionIdOf(conn, channel, ex);
      synchronized (ex) {
        if (ex.ended) {
          return;
        }
        if (write) {
          if (ex.sendStartNanos < 0) {
            ex.sendStartNanos = startNanos;
          }
          ex.requestBytes += n;
        } else {
          if (ex.firstByteNanos < 0) {
            ex.firstByteNanos = now;
          }
          ex.lastSocketReadNanos = now;
          ex.responseBytes += n;
        }
      }
    } catch (Throwable t) {
      AgentControl.adviceError(write ? "javaHttpClient.channelWrite" : "javaHttpClient.channelRead", t);
    }
  }

  private static void connectionIdOf(Conn conn, Object channel, Exchange ex) {
    if (conn.id.isEmpty() && channel instanceof SocketChannel ch) {
      try {
        SocketAddress local = ch.getLocalAddress();
        if (local instanceof InetSocketAddress a) {
          conn.id = a.getAddress().getHostAddress() + ":" + a.getPort();
        }
      } catch (Exception e) {
        return; // closed: no address
      }
    }
    synchronized (ex) {
      if (ex.connectionId.isEmpty()) {
        ex.connectionId = conn.id;
      }
    }
  }

  private static void finish(Exchange ex) {
    Recorder.finish(ex, null);
  }
}
