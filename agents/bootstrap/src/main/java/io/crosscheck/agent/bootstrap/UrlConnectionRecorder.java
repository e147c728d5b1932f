package io.crosscheck.agent.bootstrap;

import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.Socket;
import java.net.URL;
import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * The {@code HttpURLConnection} family's entry points, called by the advice inlined into the JDK's
 * classes: static, on the bootstrap class path, and never throwing (every body catches, counts and
 * logs through {@link AgentControl}). The exchange's life and the socket timing are {@link
 * Recorder}'s.
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
public final class UrlConnectionRecorder {
  // keyed by JDK objects that do not override equals/hashCode: identity semantics, weak keys
  private static final Map<Object, Long> INTENDED = Collections.synchronizedMap(new WeakHashMap<>());
  private static final Map<Object, Connection> CONNECTIONS = Collections.synchronizedMap(new WeakHashMap<>());
  private static final Map<Object, Exchange> STREAMS = Collections.synchronizedMap(new WeakHashMap<>());
  private static final Map<Object, Exchange> BY_HUC = Collections.synchronizedMap(new WeakHashMap<>());

  private UrlConnectionRecorder() {}

  /** Forgets an earlier recording's per-object state; connections stay known (see {@link Recorder#reset}). */
  static void reset() {
    INTENDED.clear();
    STREAMS.clear();
    BY_HUC.clear();
  }

  /** {@code ex} was handed to the writer: its connection object no longer leads to it. */
  static void finished(Exchange ex) {
    BY_HUC.remove(ex.httpUrlConnection, ex);
  }

  // --- HttpURLConnection (sun.net.www.protocol.http.HttpURLConnection) ---

  /** Enter of connect/getInputStream/getOutputStream: the first one is the intended start. */
  public static void connectionCall(Object huc) {
    if (!Recorder.active) {
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
    if (!Recorder.active) {
      return;
    }
    try {
      ThreadState s = Recorder.state();
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
    AgentConfig c = Recorder.config;
    return c != null && Recorder.otherServer(c, url.getHost(), url.getPort() >= 0 ? url.getPort() : url.getDefaultPort());
  }

  /** The request target of {@code url} as sent: path and query, "/" when empty. */
  private static String targetOf(URL url) {
    String file = url.getFile();
    return file == null || file.isEmpty() ? "/" : file;
  }

  /** Enter of getInputStream: true when outermost. */
  public static boolean getInputStreamEnter() {
    return Recorder.state().getInputStreamDepth++ == 0;
  }

  /**
   * Exit of getInputStream: binds the returned stream to the exchange, or ends the exchange with the
   * failure.
   */
  public static void getInputStreamExit(boolean outermost, HttpURLConnection huc, InputStream stream,
      int responseCode, Throwable thrown) {
    ThreadState s = Recorder.state();
    s.getInputStreamDepth = Math.max(0, s.getInputStreamDepth - 1);
    if (!outermost || !Recorder.active) {
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
        ex = Recorder.newExchange(s, huc, huc.getRequestMethod(), targetOf(url), intendedOf(huc), true);
        ex.end("connect-error", Recorder.describe(thrown));
        Recorder.finish(ex, s);
        return;
      }
      ex.status = responseCode > 0 ? responseCode : ex.status;
      ex.end(Outcomes.of(thrown, ex), Recorder.describe(thrown));
      Recorder.finish(ex, s);
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
    if (!Recorder.active) {
      return;
    }
    try {
      Exchange ex = BY_HUC.get(huc);
      if (ex != null && !ex.queued) {
        if (!ex.ended) {
          ex.cutShort("disconnected before the end of the reply");
        }
        ThreadState s = Recorder.STATE.get();
        Recorder.finish(ex, s);
      }
    } catch (Throwable t) {
      AgentControl.adviceError("disconnect", t);
    }
  }

  // --- the transport: sun.net.www.http.HttpClient, one per TCP connection ---

  /** Enter of openServer(): a new connection is being opened on this thread. */
  public static void openServerEnter() {
    if (!Recorder.active) {
      return;
    }
    Recorder.state().connectStartNanos = System.nanoTime();
  }

  /** Exit of openServer(): the connection, with its local address, if it opened. */
  public static void openServerExit(Object client, Socket socket, Throwable thrown) {
    if (!Recorder.active) {
      return;
    }
    try {
      ThreadState s = Recorder.state();
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
    ThreadState s = Recorder.state();
    if (s.clientWriteDepth++ > 0 || !Recorder.active) {
      return;
    }
    try {
      if (s.pendingIgnored || s.pendingConnection == null) {
        Recorder.begin(s, null); // not recorded: its socket I/O is no other exchange's either
        return;
      }
      Object huc = s.pendingConnection;
      Exchange previous = BY_HUC.get(huc);
      if (previous != null && !previous.queued) {
        previous.end("aborted", "superseded by a retry or redirect in the same HttpURLConnection");
        Recorder.finish(previous, s);
      }
      Exchange ex = Recorder.newExchange(s, huc, s.pendingMethod, s.pendingUrl, s.pendingIntendedNanos, true);
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
      Recorder.begin(s, ex);
    } catch (Throwable t) {
      AgentControl.adviceError("requestWriteEnter", t);
    }
  }

  /** Exit of writeRequests(..). */
  public static void requestWriteExit() {
    ThreadState s = Recorder.state();
    s.clientWriteDepth = Math.max(0, s.clientWriteDepth - 1);
  }

  // --- the reply body: HttpURLConnection$HttpInputStream ---

  /** Enter of a body read: true when outermost. */
  public static boolean bodyReadEnter() {
    return Recorder.state().bodyReadDepth++ == 0;
  }

  /** Exit of a body read that returned {@code n}; -1 (end of stream) ends the reply. */
  public static void bodyReadExit(boolean outermost, Object stream, int n) {
    ThreadState s = Recorder.state();
    s.bodyReadDepth = Math.max(0, s.bodyReadDepth - 1);
    if (!outermost || n >= 0 || !Recorder.active) {
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
    if (!Recorder.active) {
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
      Recorder.finish(ex, Recorder.STATE.get());
    } catch (Throwable t) {
      AgentControl.adviceError("bodyClosed", t);
    }
  }
}
