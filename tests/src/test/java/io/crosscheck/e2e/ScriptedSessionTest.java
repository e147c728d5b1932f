package io.crosscheck.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.crosscheck.engine.Engine;
import io.crosscheck.engine.EngineOptions;
import io.crosscheck.engine.EngineProgress;
import io.crosscheck.engine.legacy.LegacyHttpClientEngine;
import io.crosscheck.engine.legacy.LegacyOptions;
import io.crosscheck.engine.legacy.LegacyUrlConnectionEngine;
import io.crosscheck.engine.netty.NettyEngine;
import io.crosscheck.model.Arrival;
import io.crosscheck.model.Phases;
import io.crosscheck.model.Reply;
import io.crosscheck.model.RequestPlan;
import io.crosscheck.model.SessionLength;
import io.crosscheck.model.SessionScript;
import io.crosscheck.model.SessionScriptFactory;
import io.crosscheck.model.SessionSource;
import io.crosscheck.model.Target;
import io.crosscheck.model.ThinkTime;
import io.crosscheck.model.Workload;
import io.crosscheck.record.RequestRecord;
import io.crosscheck.schedule.Schedule;
import io.crosscheck.schedule.Ticker;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Scripted sessions (the RUBiS kind: the next request depends on the previous reply) run the same
 * way in every engine: each engine hands the script the status and the full body of each reply.
 */
class ScriptedSessionTest {
  @RegisterExtension
  static final EmbeddedServerExtension server = new EmbeddedServerExtension();

  /** Asks for a 404, then a size that depends on the 404's body, then one step per reply. */
  private static final class Follow implements SessionScript {
    private final Map<Long, String> seen;
    private final long sessionId;
    private final StringBuilder trace = new StringBuilder();
    private int seq;

    Follow(Map<Long, String> seen, long sessionId) {
      this.seen = seen;
      this.sessionId = sessionId;
    }

    @Override
    public RequestPlan next(Reply previous) {
      if (previous != null) {
        trace.append(previous.status()).append(':').append(previous.body().length()).append(' ');
      }
      String path = switch (seq) {
        case 0 -> "/fault/status/404";
        case 1 -> previous.status() == 404 ? "/static/2k" : "/static/1";
        case 2 -> "/chunked/" + previous.body().length() / 2;
        default -> null;
      };
      if (path == null) {
        seen.put(sessionId, trace.toString().trim());
        return null;
      }
      return new RequestPlan(seq++, "GET", path, "", 1_000_000L, false);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"netty", "legacy-urlconnection", "legacy-httpclient"})
  void everyEngineHandsRepliesToTheScript(String engineName) throws Exception {
    Map<Long, String> seen = new ConcurrentHashMap<>();
    SessionScriptFactory factory = new SessionScriptFactory() {
      @Override
      public SessionScript create(long sessionId, long seed) {
        return new Follow(seen, sessionId);
      }

      @Override
      public String describe() {
        return "follow-test";
      }
    };
    Workload w = new Workload(new Target("127.0.0.1", server.port()), new Arrival.Closed(20, 2),
        new SessionSource.Scripted(factory), new SessionLength.Fixed(1), new ThinkTime.None(),
        new Phases(0, 30_000_000_000L, 0), 7);
    Engine engine = engine(engineName);
    ConcurrentLinkedQueue<RequestRecord> records = new ConcurrentLinkedQueue<>();
    engine.run(Schedule.of(w), EngineOptions.defaults(), Ticker.system(), records::add, new EngineProgress());
    assertEquals(40, seen.size(), "every session ran to its end");
    // the JDK's URL.openStream throws on a 404 and never reads its body: the client sees no body
    String expected = engineName.equals("legacy-urlconnection") ? "404:0 200:2048 200:1024" : null;
    for (String trace : seen.values()) {
      if (expected != null) {
        assertEquals(expected, trace);
      } else {
        assertEquals(List.of("404", "200:2048", "200:1024"),
            List.of(trace.split(" ")[0].split(":")[0], trace.split(" ")[1], trace.split(" ")[2]), trace);
      }
    }
    assertEquals(120, records.size());
  }

  /**
   * A user may think before a session's first request (TPC-W's emulated browser sleeps before its
   * Home page): every engine waits that long after the session's start, for the first session and for
   * the ones after it, and the request's intended start says so.
   */
  @ParameterizedTest
  @ValueSource(strings = {"netty", "legacy-urlconnection", "legacy-httpclient"})
  void everyEngineHonoursAThinkBeforeTheFirstRequest(String engineName) throws Exception {
    long thinkNanos = 300_000_000L;
    SessionScriptFactory factory = new SessionScriptFactory() {
      @Override
      public SessionScript create(long sessionId, long seed) {
        return new SessionScript() {
          private int seq;

          @Override
          public RequestPlan next(Reply previous) {
            return seq < 2 ? new RequestPlan(seq, "GET", "/static/100", "", seq++ == 0 ? thinkNanos : 0, false) : null;
          }
        };
      }

      @Override
      public String describe() {
        return "think-first-test";
      }
    };
    Workload w = new Workload(new Target("127.0.0.1", server.port()), new Arrival.Closed(3, 2),
        new SessionSource.Scripted(factory), new SessionLength.Fixed(1), new ThinkTime.None(),
        new Phases(0, 30_000_000_000L, 0), 7);
    Engine engine = engine(engineName);
    ConcurrentLinkedQueue<RequestRecord> records = new ConcurrentLinkedQueue<>();
    long startNanos = engine.run(Schedule.of(w), EngineOptions.defaults(), Ticker.system(), records::add,
        new EngineProgress()).startNanos();
    assertEquals(12, records.size(), "3 users x 2 sessions x 2 requests");
    Map<Long, List<RequestRecord>> bySession = new java.util.TreeMap<>();
    records.forEach(r -> bySession.computeIfAbsent(r.sessionId(), k -> new java.util.ArrayList<>()).add(r));
    long latestNanos = 0;
    for (List<RequestRecord> session : bySession.values()) {
      session.sort(java.util.Comparator.comparingInt(RequestRecord::seq));
      RequestRecord first = session.get(0);
      // closed session ids are user + k * users: the first session starts at the run's start
      long sessionStartNanos = first.sessionId() < 3 ? startNanos
          : bySession.get(first.sessionId() - 3).get(1).lastByteNanos();
      long waitedNanos = first.intendedStartNanos() - sessionStartNanos;
      // the think counted once: at least the think, under twice it (a 50 ms margin was a host-timing bound: 88 ms
      // late at a load average of 20, 2026-11-27; the lateness is printed below)
      org.junit.jupiter.api.Assertions.assertTrue(waitedNanos >= thinkNanos && waitedNanos < 2 * thinkNanos,
          engineName + " session " + first.sessionId() + ": first request intended " + waitedNanos / 1e6
              + " ms after the session's start (think 300 ms)");
      latestNanos = Math.max(latestNanos, waitedNanos - thinkNanos);
      org.junit.jupiter.api.Assertions.assertTrue(first.sendStartNanos() >= first.intendedStartNanos(),
          "sent no earlier than intended");
    }
    System.out.printf(java.util.Locale.ROOT, "[think first] %s: first requests intended at most %.1f ms after the"
        + " session's start plus its 300 ms think, over %d sessions%n", engineName, latestNanos / 1e6, bySession.size());
  }

  private static Engine engine(String name) {
    return switch (name) {
      case "netty" -> new NettyEngine();
      case "legacy-urlconnection" -> new LegacyUrlConnectionEngine(
          LegacyOptions.faithful().withTiming(LegacyOptions.TimingClock.NANOS));
      default -> new LegacyHttpClientEngine(LegacyOptions.faithful().withTiming(LegacyOptions.TimingClock.NANOS));
    };
  }
}
