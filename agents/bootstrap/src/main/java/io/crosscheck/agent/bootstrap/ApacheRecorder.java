package io.crosscheck.agent.bootstrap;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * The entry points of the {@code apache-httpclient} hook family: Apache HttpClient 5.x classic
 * ({@code org.apache.hc.client5.http.impl.classic} on httpcore5's blocking {@code
 * DefaultBHttpClientConnection}) and 4.x ({@code org.apache.http.impl.client} on httpcore 4's {@code
 * DefaultBHttpClientConnection}, JMeter's client): the same classes and methods under other
 * packages. Static, on the bootstrap class path, never throwing.
 *
 * <p>The classic client does its I/O on the thread that calls {@code execute}, so the model is the
 * thread-bound one of the HttpURLConnection family, in a thread-local of its own: {@code
 * InternalHttpClient.doExecute} (or MinimalHttpClient's; outermost) is the intended start; {@code
 * InternalExecRuntime.connectEndpoint} (4.x: {@code DefaultHttpClientConnectionOperator.connect}) the
 * connect start of the connection the thread opens next;
 * {@code sendRequestHeader} on a connection begins an exchange (the connection object, kept while
 * pooled, says new or reused; its local address is the connection id); the thread's socket writes
 * and reads ({@code Socket$SocketOutputStream} / {@code $SocketInputStream}) give the send start,
 * the first byte and the byte counts; {@code HttpRequestExecutor.execute} returns the response head
 * (status; a reply without a streamed body ends there); the client's {@code ResponseEntityProxy}
 * sees the body's end of stream ({@code eofDetected}: last byte = the socket read that delivered it)
 * and the generator's close ({@code streamClosed}, which consumes what is left of the body); a read of the body stream ({@code
 * EofSensorInputStream}) that throws ends it with that failure. A failure thrown out of {@code
 * execute}/{@code doExecute} ends the exchange.
 *
 * <p>The Apache objects are reached by reflection (cached per class): this class is loaded by the
 * bootstrap loader and cannot name them.
 */
public final class ApacheRecorder {
  private static final Map<Object, Connection> CONNS = Collections.synchronizedMap(new WeakHashMap<>());
  private static final ClassValue<Map<String, Method>> METHODS = new ClassValue<>() {
    @Override
    protected Map<String, Method> computeValue(Class<?> type) {
      return new java.util.concurrent.ConcurrentHashMap<>();
    }
  };

  private ApacheRecorder() {}

  // --- InternalHttpClient.doExecute(host, request, context) ---

  /** Enter of doExecute: the outermost call is the intended start. */
  public static void executeEnter() {
    if (!Recorder.active) {
      return;
    }
    ThreadState s = Recorder.state();
    if (s.apacheExecuteDepth++ == 0) {
      s.apacheIntendedNanos = System.nanoTime();
      s.apacheBegun = 0;
    }
  }

  /** Exit of doExecute: a failure ends the exchange, or is a connect error when none began. */
  public static void executeExit(Object host, Object request, Throwable thrown) {
    ThreadState s = Recorder.state();
    if (s.apacheExecuteDepth == 0) {
      return;
    }
    if (--s.apacheExecuteDepth > 0 || thrown == null || !Recorder.active) {
      return;
    }
    try {
      Exchange ex = s.current;
      if (ex != null && !ex.queued && s.apacheBegun > 0) {
        failed(s, ex, thrown);
        return;
      }
      AgentConfig c = Recorder.config;
      if (s.apacheBegun == 0 && request != null && (c == null || !otherServer(host, c))) {
        // nothing was sent: the connection could not be opened (or the request was refused locally)
        Exchange row = newExchange(s, methodOf(request), targetOf(request), s.apacheIntendedNanos);
        row.end(Outcomes.isConnect(thrown) ? "connect-error" : "aborted", Recorder.describe(thrown));
        Recorder.finish(row, s);
      }
    } catch (Throwable t) {
      AgentControl.adviceError("apache.executeExit", t);
    }
  }

  /** The target host of doExecute (an HttpHost) is not the filtered server's. */
  private static boolean otherServer(Object host, AgentConfig c) throws ReflectiveOperationException {
    Object name = call(host, "getHostName");
    Object port = call(host, "getPort");
    return Recorder.otherServer(c, name == null ? null : name.toString(),
        port instanceof Integer i && i >= 0 ? i : 80);
  }

  // --- InternalExecRuntime.connectEndpoint(context) ---

  /** Enter of connectEndpoint: the start of the connection this thread opens next. */
  public static void connectEnter() {
    if (!Recorder.active) {
      return;
    }
    Recorder.state().connectStartNanos = System.nanoTime();
  }

  // --- DefaultBHttpClientConnection ---

  /** Enter of sendRequestHeader(request): an exchange begins on {@code connection}. */
  public static void requestHeader(Object connection, Object request) {
    if (!Recorder.active) {
      return;
    }
    try {
      ThreadState s = Recorder.state();
      s.apacheBegun++;
      AgentConfig c = Recorder.config;
      if (c != null && otherServer(call(connection, "getRemoteAddress"), connection, c)) {
        Recorder.begin(s, null); // not recorded: its socket I/O is no other exchange's either
        return;
      }
      String id = idOf(call(connection, "getLocalAddress"), connection, "getLocalPort");
      Exchange ex = newExchange(s, methodOf(request), targetOf(request),
          s.apacheBegun == 1 && s.apacheIntendedNanos >= 0 ? s.apacheIntendedNanos : System.nanoTime());
      Connection conn;
      synchronized (CONNS) {
        conn = CONNS.get(connection);
        if (conn == null || !conn.id.equals(id)) {
          conn = new Connection(id, s.connectStartNanos);
          CONNS.put(connection, conn);
        }
        ex.connectionReused = conn.exchanges++ > 0 || conn.openNanos < 0;
      }
      s.connectStartNanos = -1;
      ex.connectionId = conn.id;
      ex.connectionOpenNanos = conn.openNanos;
      Recorder.begin(s, ex);
    } catch (Throwable t) {
      AgentControl.adviceError("apache.requestHeader", t);
    }
  }

  /** The connection's peer ({@code remote}) is not the filtered server; an unknown peer is recorded. */
  private static boolean otherServer(Object remote, Object connection, AgentConfig c)
      throws ReflectiveOperationException {
    if (remote instanceof InetSocketAddress a) { // 5.x: a SocketAddress
      return Recorder.otherServer(c, a.getAddress() != null ? a.getAddress().getHostAddress() : a.getHostString(),
          a.getPort());
    }
    if (remote instanceof InetAddress a && call(connection, "getRemotePort") instanceof Integer p) { // 4.x
      return Recorder.otherServer(c, a.getHostAddress(), p);
    }
    return false;
  }

  /** {@code address:port} of a 5.x SocketAddress, or of a 4.x InetAddress and {@code portMethod}. */
  private static String idOf(Object local, Object connection, String portMethod) throws ReflectiveOperationException {
    if (local instanceof InetSocketAddress a && a.getAddress() != null) {
      return a.getAddress().getHostAddress() + ":" + a.getPort();
    }
    if (local instanceof InetAddress a && call(connection, portMethod) instanceof Integer port) {
      return a.getHostAddress() + ":" + port;
    }
    return local instanceof SocketAddress ? local.toString() : "";
  }

  /** The request's method: {@code getMethod()} (5.x, and 4.x's request classes) or its request line's. */
  private static String methodOf(Object request) throws ReflectiveOperationException {
    Object m = call(request, "getMethod");
    return text(m != null ? m : call(call(request, "getRequestLine"), "getMethod"));
  }

  /** The request target as sent (path?query): 5.x {@code getRequestUri()}, 4.x the request line's URI. */
  private static String targetOf(Object request) throws ReflectiveOperationException {
    Object u = call(request, "getRequestUri");
    String uri = text(u != null ? u : call(call(request, "getRequestLine"), "getUri"));
    if (uri.startsWith("http://") || uri.startsWith("https://")) {
      try {
        return AsyncRecorder.target(java.net.URI.create(uri));
      } catch (IllegalArgumentException e) {
        return uri;
      }
    }
    return uri;
  }

  /**
   * The thread's state when recording is on and its current exchange is not yet handed to the
   * writer; null otherwise (nothing to do).
   */
  private static ThreadState withUnqueuedExchange() {
    if (!Recorder.active) {
      return null;
    }
    ThreadState s = Recorder.state();
    Exchange ex = s.current;
    return ex == null || ex.queued ? null : s;
  }

  /** Exit of HttpRequestExecutor.execute(request, connection, callback, context): the response head. */
  public static void responseHead(Object response, Throwable thrown) {
    ThreadState s = withUnqueuedExchange();
    if (s == null) {
      return;
    }
    Exchange ex = s.current;
    try {
      if (thrown != null) {
        failed(s, ex, thrown);
        return;
      }
      Object code = call(response, "getCode"); // 5.x
      if (code == null) {
        code = call(call(response, "getStatusLine"), "getStatusCode"); // 4.x
      }
      if (code instanceof Integer i) {
        ex.status = i;
      }
      Object entity = call(response, "getEntity");
      if (entity == null || !Boolean.TRUE.equals(call(entity, "isStreaming"))) {
        ex.complete();
        Recorder.finish(ex, s);
      }
    } catch (Throwable t) {
      AgentControl.adviceError("apache.responseHead", t);
    }
  }

  private static void failed(ThreadState s, Exchange ex, Throwable thrown) {
    ex.end(Outcomes.of(thrown, ex), Recorder.describe(thrown));
    Recorder.finish(ex, s);
  }

  // --- the reply body: ResponseEntityProxy (the client's EofSensorWatcher) ---

  /** Enter of eofDetected: the generator read the body to its end. */
  public static void bodyEof() {
    if (!Recorder.active) {
      return;
    }
    ThreadState s = Recorder.state();
    Exchange ex = s.current;
    if (ex == null || ex.ended) {
      return;
    }
    ex.complete();
  }

  /** Enter of an EofSensorInputStream read. */
  public static void bodyReadEnter() {
    if (Recorder.active) {
      Recorder.state().apacheBodyReadDepth++;
    }
  }

  /** Exit of an EofSensorInputStream read: a failure of the outermost one ends the exchange with it. */
  public static void bodyReadExit(Throwable thrown) {
    ThreadState s = Recorder.state();
    if (s.apacheBodyReadDepth == 0) {
      return;
    }
    if (--s.apacheBodyReadDepth > 0 || thrown == null || !Recorder.active) {
      return;
    }
    Exchange ex = s.current;
    if (ex != null && !ex.queued) {
      if (!ex.ended) {
        ex.end(Outcomes.of(thrown, ex), Recorder.describe(thrown));
      }
      Recorder.finish(ex, s);
    }
  }

  /**
   * Exit of streamClosed / streamAbort: the generator's close; hands the exchange to the writer. A
   * close that returns normally has consumed the rest of the body (the client's {@code
   * ResponseEntityProxy} closes the wrapped stream so that the connection can be reused:
   * {@code EntityUtils.consume} relies on it), so it ends the reply: last byte = the socket read that
   * delivered it.
   */
  public static void bodyClosed(boolean abort, Throwable thrown) {
    ThreadState s = withUnqueuedExchange();
    if (s == null) {
      return;
    }
    Exchange ex = s.current;
    if (abort && s.apacheBodyReadDepth > 0) {
      return; // a read failed: its exit ends the exchange with the failure
    }
    ex.closeNanos = System.nanoTime();
    if (!ex.ended) {
      if (!abort && thrown == null) {
        ex.complete();
      } else if (thrown != null) {
        ex.end(Outcomes.of(thrown, ex), Recorder.describe(thrown));
      } else {
        ex.cutShort("aborted before the end of the reply");
      }
    }
    Recorder.finish(ex, s);
  }

  // --- rows (the socket streams' instants and bytes: Recorder.socketWrite/socketRead, shared) ---

  private static Exchange newExchange(ThreadState s, String method, String url, long intendedNanos) {
    return Recorder.newExchange(s, null, method, url == null || url.isEmpty() ? "/" : url, intendedNanos, true);
  }

  // --- reflection on the client's public API ---

  private static String text(Object o) {
    return o == null ? "" : o.toString();
  }

  /** {@code target.name()}, through a public class or interface that declares it; null when none. */
  static Object call(Object target, String name) throws ReflectiveOperationException {
    if (target == null) {
      return null;
    }
    Map<String, Method> methods = METHODS.get(target.getClass());
    Method m = methods.get(name);
    if (m == null) {
      m = accessible(target.getClass(), name);
      if (m == null) {
        return null;
      }
      methods.put(name, m);
    }
    return m.invoke(target);
  }

  private static Method accessible(Class<?> type, String name) {
    for (Class<?> c = type; c != null; c = c.getSuperclass()) {
      if (Modifier.isPublic(c.getModifiers())) {
        try {
          return c.getMethod(name);
        } catch (NoSuchMethodException e) {
          // not here
        }
      }
      for (Class<?> i : c.getInterfaces()) {
        Method m = accessible(i, name);
        if (m != null) {
          return m;
        }
      }
    }
    return null;
  }
}
