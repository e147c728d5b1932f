package io.crosscheck.wire;

import static io.crosscheck.wire.TestFlow.at;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The population an embedded site states in its replies' Server field ({@link StatedPopulation})
 * is kept by the reconstruction, counted per reply, wherever the head is cut across segments; a
 * request's Server-like field, a Server field without the comment, and other sites' fields state
 * nothing.
 */
class PopulationStatementTest {
  private static final String STATING = "HTTP/1.1 404 Not Found\r\nserver: crosscheck-tpcw (population customers=1000"
      + " items=10000)\r\ncontent-length: 2\r\n\r\nno";

  private static Map<String, Long> statements(String... responses) {
    RecordingListener seen = new RecordingListener();
    WireReconstructor r = new WireReconstructor(seen, WireOptions.DEFAULTS);
    TestFlow f = new TestFlow(r, 41_000).handshake(0, 10, 20);
    long t = 100;
    for (String response : responses) {
      f.client(t, "GET /tpcw/TPCW_home_interaction?C_ID=5000 HTTP/1.1\r\nServer: x (population users=7)\r\n\r\n");
      int cut = response.length() / 2;
      f.server(t + 10, response.substring(0, cut)).server(t + 20, response.substring(cut));
      t += 100;
    }
    f.clientFin(t).serverFin(t + 10).clientAck(t + 20);
    WireStats stats = r.finish(at(1_000_000));
    assertEquals(0, stats.internalErrors());
    assertEquals(responses.length, seen.exchanges.size());
    return r.populationStatements();
  }

  @Test
  void everyReplyThatStatesThePopulationIsCountedUnderItsStatement() {
    String other = STATING.replace("customers=1000", "customers=28800");
    Map<String, Long> expected = new LinkedHashMap<>();
    expected.put("customers=1000 items=10000", 2L);
    expected.put("customers=28800 items=10000", 1L);
    assertEquals(expected, statements(STATING, other, STATING));
    assertEquals(Map.of("customers", 1000L, "items", 10_000L), StatedPopulation.parse("customers=1000 items=10000"));
  }

  @Test
  void repliesWithoutTheCommentStateNothing() {
    assertEquals(Map.of(), statements("HTTP/1.1 200 OK\r\nServer: crosscheck-tpcw\r\ncontent-length: 0\r\n\r\n",
        "HTTP/1.1 200 OK\r\nServer: nginx (population\r\ncontent-length: 0\r\n\r\n",
        "HTTP/1.1 200 OK\r\nX-Server: a (population users=3)\r\ncontent-length: 0\r\n\r\n"));
  }

  @Test
  void theHeaderTheSitesWriteParsesBack() {
    Map<String, Long> counts = new LinkedHashMap<>();
    counts.put("customers", 28_800L);
    counts.put("items", 10_000L);
    String header = StatedPopulation.serverHeader("crosscheck-tpcw", counts);
    assertEquals("crosscheck-tpcw (population customers=28800 items=10000)", header);
    assertEquals(Map.of("customers=28800 items=10000", 1L), statements("HTTP/1.1 200 OK\r\nServer: " + header
        + "\r\ncontent-length: 0\r\n\r\n"));
  }
}
