package io.crosscheck.engine.netty;

import io.crosscheck.engine.EngineOptions;
import io.crosscheck.model.ConnectionPolicy;
import io.crosscheck.record.Outcome;
import java.util.ArrayDeque;
import java.util.Map;

/**
 * Where a session's requests find TCP connections: the connection policies of DESIGN.md §2.
 *
 * <p>{@link #dispatch} runs on the session's event loop; {@link #release} and {@link #closed} run
 * on the connection's event loop, so a reusable connection is back in place before its session
 * learns that the reply came (the JDK's keep-alive cache takes a connection back when the stream
 * is read to EOF, before the user's next request).
 */
abstract class ConnectionSource {
  final EngineRun run;

  ConnectionSource(EngineRun run) {
    this.run = run;
  }

  static ConnectionSource of(EngineRun run, EngineOptions options) {
    ConnectionPolicy p = options.policy();
    return switch (p) {
      case PER_SESSION -> new Lanes(run);
      case BROWSER -> new Lanes(run);
      case PER_REQUEST -> new PerRequest(run);
      case SHARED_CACHE -> new SharedCache(run, options.connectionsK());
    };
  }

  /** Sends {@code ex}, reusing a connection where the policy allows, else opening one. */
  abstract void dispatch(InFlightExchange ex);

  /** {@code ex} has ended; its connection (if any) may be reused. */
  void release(InFlightExchange ex) {}

  /** A connection closed (by either side). */
  void closed(ClientConnection c) {}

  /** The session ended; close what it owns. */
  void sessionEnded(SessionInstance s) {}

  /** Gauges for the engine result, e.g. {@code maxIdleConnections}. */
  Map<String, Long> gauges() {
    return Map.of();
  }

  /** per-session and browser: the session owns up to K lanes, each with its own connection. */
  private static final class Lanes extends ConnectionSource {
    Lanes(EngineRun run) {
      super(run);
    }

    @Override
    void dispatch(InFlightExchange ex) {
      SessionInstance s = ex.session;
      ClientConnection c = s.lanes[ex.lane];
      if (c != null && c.usable()) {
        c.send(ex);
      } else {
        s.lanes[ex.lane] = ClientConnection.open(run, s.loop, ex);
      }
    }

    @Override
    void sessionEnded(SessionInstance s) {
      for (int i = 0; i < s.lanes.length; i++) {
        if (s.lanes[i] != null) {
          s.lanes[i].close(Outcome.ABORTED, "session ended");
          s.lanes[i] = null;
        }
      }
    }
  }

  /** per-request: a new connection for every request, closed after its reply. */
  private static final class PerRequest extends ConnectionSource {
    PerRequest(EngineRun run) {
      super(run);
    }

    @Override
    void dispatch(InFlightExchange ex) {
      ClientConnection.open(run, ex.session.loop, ex);
    }

    @Override
    void release(InFlightExchange ex) {
      if (ex.connection != null) {
        ex.connection.close(Outcome.ABORTED, "");
      }
    }
  }

  /**
   * shared-cache: one idle stack shared by every session, at most K idle connections, the most
   * recently returned taken first; a connection returned to a full cache is closed — the JDK's
   * {@code sun.net.www.http.KeepAliveCache} with {@code http.maxConnections=K}, including its
   * default 5 s idle timeout (an older idle connection is closed instead of reused).
   */
  private static final class SharedCache extends ConnectionSource {
    /** The JDK's default keep-alive timeout: an idle connection older than this is closed. */
    private static final long IDLE_TIMEOUT_NANOS = 5_000_000_000L;

    private record Idle(ClientConnection connection, long returnedNanos) {}

    private final int maxIdle;
    private final ArrayDeque<Idle> idle = new ArrayDeque<>();
    private long maxIdleSeen;
    private long reuses;

    SharedCache(EngineRun run, int maxIdle) {
      super(run);
      this.maxIdle = maxIdle;
    }

    @Override
    void dispatch(InFlightExchange ex) {
      ClientConnection c = null;
      long now = run.ticker.nanoTime();
      synchronized (idle) {
        Idle i;
        while (c == null && (i = idle.pollFirst()) != null) {
          if (now - i.returnedNanos() <= IDLE_TIMEOUT_NANOS) {
            c = i.connection();
          } else {
            ClientConnection stale = i.connection();
            run.later(stale.loop(), () -> stale.close(Outcome.ABORTED, ""));
          }
        }
      }
      if (c == null) {
        run.onLoop(ex.session.loop, () -> ClientConnection.open(run, ex.session.loop, ex));
        return;
      }
      ClientConnection taken = c;
      run.onLoop(
          c.loop(),
          () -> {
            if (taken.usable()) {
              synchronized (idle) {
                reuses++;
              }
              taken.send(ex);
            } else {
              dispatch(ex); // closed while idle: try the next one
            }
          });
    }

    @Override
    void release(InFlightExchange ex) {
      ClientConnection c = ex.connection;
      if (c == null || !c.usable()) {
        return;
      }
      boolean kept;
      synchronized (idle) {
        kept = idle.size() < maxIdle;
        if (kept) {
          idle.addFirst(new Idle(c, run.ticker.nanoTime()));
          maxIdleSeen = Math.max(maxIdleSeen, idle.size());
        }
      }
      if (!kept) {
        c.close(Outcome.ABORTED, "");
      }
    }

    @Override
    void closed(ClientConnection c) {
      synchronized (idle) {
        idle.removeIf(i -> i.connection() == c);
      }
    }

    @Override
    Map<String, Long> gauges() {
      synchronized (idle) {
        return Map.of("maxIdleConnections", maxIdleSeen, "connectionReuses", reuses,
            "maxIdleAllowed", (long) maxIdle);
      }
    }
  }
}
