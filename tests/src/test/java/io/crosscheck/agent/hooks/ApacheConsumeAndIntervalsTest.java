package io.crosscheck.agent.hooks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.crosscheck.agent.AgentFiles;
import io.crosscheck.agent.hooks.targets.ApacheConsumeTarget;
import io.crosscheck.e2e.EmbeddedServerExtension;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code apache-httpclient} family with a generator that closes its responses unread ({@code
 * EntityUtils.consume}: the client consumes the rest of the body on close) and a reported interval
 * ({@code reportedBy}) around each pair of requests: every exchange is complete (ok, a last byte, the
 * whole body counted) and belongs to its thread's interval, which spans it.
 */
@org.junit.jupiter.api.Tag("every-jdk") // its subject depends on the JDK: runs on Temurin 25 too (tests/pom.xml)
class ApacheConsumeAndIntervalsTest {
  static final int PAGES = 15;
  static final int BODY_BYTES = 20_000;

  @RegisterExtension
  static final EmbeddedServerExtension server = new EmbeddedServerExtension();

  @Test
  void consumedBodiesAreCompleteAndJoinTheirReportedInterval(@TempDir Path out) throws Exception {
    Path home = Paths.get(System.getProperty("java.home"));
    HookRun run = HookRun.run(home, out, "apache-httpclient,reportedBy=" + ApacheConsumeTarget.class.getName() + "#page",
        ApacheConsumeTarget.class, server.target(), Integer.toString(PAGES), Integer.toString(BODY_BYTES));
    assertEquals(0, run.exitCode, run.output);
    assertEquals(2 * PAGES, run.rows.size(), "one row per request");
    for (AgentFiles.Row row : run.rows) {
      assertEquals("ok", row.get("outcome"), "a body consumed by close is complete: " + row);
      long first = row.num("firstByteNanos");
      long last = row.num("lastByteNanos");
      assertTrue(first > 0 && last >= first, "first and last byte: " + row);
      assertTrue(row.num("responseBytes") > BODY_BYTES, "the whole body on the socket: " + row);
      assertTrue(row.num("closeNanos") >= last, "closed after its last byte: " + row);
    }
    List<AgentFiles.Row> intervals = AgentFiles.rows(out.resolve("intervals.csv"), null);
    assertEquals(PAGES, intervals.size(), "one interval per page() call");
    Map<String, AgentFiles.Row> byId = new HashMap<>();
    for (AgentFiles.Row i : intervals) {
      assertEquals("2", i.get("exchanges"), "two requests per page(): " + i);
      byId.put(i.get("intervalId"), i);
    }
    for (AgentFiles.Row row : run.rows) {
      AgentFiles.Row interval = byId.get(row.get("intervalId"));
      assertTrue(interval != null, "every row in an interval: " + row);
      assertTrue(interval.num("startNanos") <= row.num("intendedStartNanos")
          && row.num("lastByteNanos") <= interval.num("endNanos"),
          "the interval spans its exchange: " + interval + " / " + row);
    }
  }
}
