package io.crosscheck.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.crosscheck.agent.targets.FetchTarget;
import io.crosscheck.capture.LiveCapture;
import io.crosscheck.capture.LiveCaptureConfig;
import io.crosscheck.compare.Reconstruction;
import io.crosscheck.e2e.EmbeddedServerExtension;
import io.crosscheck.record.RequestCsv;
import io.crosscheck.record.RequestRecord;
import io.crosscheck.wire.WireExchange;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The agent's records of a keep-alive generator against what happened: several threads fetch
 * pages with {@code URL.openStream} from the embedded server (keep-alive; {@code /close/SIZE}
 * replies end their connection, so new and reused connections mix) while {@code lo} is captured.
 * Connections: the agent's distinct connection ids, the server's accepted connections and the
 * capture's connections are the same number, and exactly each connection's first exchange is not
 * reused. Per exchange, in each connection's order: URL, status and request/response bytes equal
 * the wire's, and the instants are ordered. The harness's {@link RequestCsv} reads the file's 18
 * harness columns.
 */
@org.junit.jupiter.api.Tag("every-jdk") // its subject depends on the JDK: runs on Temurin 25 too (tests/pom.xml)
@Timeout(60)
class AgentKeepAliveTest {
  private static final int THREADS = 4;
  private static final int PER_THREAD = 30;

  @RegisterExtension
  static final EmbeddedServerExtension server = new EmbeddedServerExtension();

  @TempDir
  Path tmp;

  @Test
  void recordsMatchTheServersConnectionsAndTheWire() throws Exception {
    Path out = Files.createDirectories(tmp.resolve("out"));
    Path pcap = tmp.resolve("capture.pcap");
    long acceptedBefore = server.connectionsAccepted();
    long completed;
    LiveCapture capture = LiveCapture.start(new LiveCaptureConfig("lo", "tcp port " + server.port(),
        65_535, LiveCaptureConfig.DEFAULT_BUFFER_BYTES, pcap, null)); // whole segments: chunked bodies are parsed
    try (TargetJvm target = TargetJvm.start(TargetJvm.currentJdk(), List.of(TargetJvm.javaagent("out=" + out)),
        FetchTarget.class, tmp.resolve("target"), server.target(),
        "/static/2k,/chunked/20k,/static/64k,/static/300,/close/4k,/static/9k",
        Integer.toString(THREADS), Integer.toString(PER_THREAD), "-", "0", "return")) {
      target.awaitLine("stalling", Duration.ofSeconds(40));
      completed = target.number("completed", "completed");
      target.send("end");
      assertEquals(0, target.awaitExit(Duration.ofSeconds(20)));
    } finally {
      capture.stop();
    }
    assertEquals(THREADS * PER_THREAD, completed);
    long accepted = server.connectionsAccepted() - acceptedBefore;

    List<AgentFiles.Row> rows = AgentFiles.requests(out);
    assertEquals(completed, rows.size(), "rows");
    Map<String, List<AgentFiles.Row>> byConnection = rows.stream()
        .sorted(Comparator.comparingLong(r -> r.num("sendStartNanos")))
        .collect(Collectors.groupingBy(r -> r.get("connectionId"), TreeMap::new, Collectors.toList()));
    assertEquals(accepted, byConnection.size(), "distinct connection ids = connections the server accepted");
    long reused = rows.stream().filter(r -> r.get("connectionReused").equals("true")).count();
    assertTrue(reused >= rows.size() / 2, reused + " of " + rows.size() + " exchanges on reused connections");
    for (List<AgentFiles.Row> exchanges : byConnection.values()) {
      long open = exchanges.get(0).num("connectionOpenNanos");
      for (int i = 0; i < exchanges.size(); i++) {
        AgentFiles.Row r = exchanges.get(i);
        assertEquals(i > 0, r.get("connectionReused").equals("true"), "reused iff not the connection's first: " + r);
        assertEquals(open, r.num("connectionOpenNanos"), "one open instant per connection: " + r);
        assertEquals("ok", r.get("outcome"), r.toString());
        assertEquals(200, r.num("status"));
        long intended = r.num("intendedStartNanos");
        long send = r.num("sendStartNanos");
        long first = r.num("firstByteNanos");
        long last = r.num("lastByteNanos");
        long close = r.num("closeNanos");
        assertTrue(open >= 0 && (i > 0 || intended <= open) && intended <= send && send <= first && first <= last
            && last <= close, "ordered instants: " + r);
        if (i > 0) {
          assertTrue(send > exchanges.get(i - 1).num("lastByteNanos"), "one exchange at a time on a connection: " + r);
        }
      }
    }

    Reconstruction wire = Reconstruction.of(pcap, server.port(), null);
    Map<String, List<WireExchange>> wireByConnection = wire.exchanges().stream()
        .sorted(Comparator.comparingInt(WireExchange::requestIndex))
        .collect(Collectors.groupingBy(WireExchange::connectionId, TreeMap::new, Collectors.toList()));
    long wireConnections = wire.exchanges().stream().map(e -> e.connectionId() + "@" + e.connectionOpenEpochNanos())
        .distinct().count();
    assertEquals(accepted, wireConnections, "connections in the capture");
    assertEquals(byConnection.keySet(), wireByConnection.keySet(), "connection ids: agent vs wire");
    long bytesCompared = 0;
    for (Map.Entry<String, List<AgentFiles.Row>> e : byConnection.entrySet()) {
      List<WireExchange> onWire = wireByConnection.get(e.getKey());
      List<AgentFiles.Row> recorded = e.getValue();
      assertEquals(onWire.size(), recorded.size(), "exchanges on " + e.getKey());
      for (int i = 0; i < recorded.size(); i++) {
        AgentFiles.Row r = recorded.get(i);
        WireExchange w = onWire.get(i);
        assertTrue(w.complete(), w.toString());
        assertEquals(w.url(), r.get("url"), e.getKey() + " #" + i);
        assertEquals(w.status(), r.num("status"), e.getKey() + " #" + i);
        assertEquals(w.requestBytes(), r.num("requestBytes"), "request bytes, " + e.getKey() + " #" + i + ": " + r);
        assertEquals(w.responseBytes(), r.num("responseBytes"), "response bytes, " + e.getKey() + " #" + i + ": " + r);
        bytesCompared += w.requestBytes() + w.responseBytes();
      }
    }
    assertTrue(bytesCompared > 1_000_000, bytesCompared + " bytes compared");

    // the harness reads the 18 harness columns (RequestCsv does not know the agent's three yet)
    String text = Files.readString(out.resolve("requests.csv"), StandardCharsets.UTF_8);
    List<RequestRecord> records = new ArrayList<>();
    RequestCsv.forEach(new StringReader(AgentFiles.firstColumns(text, RequestCsv.COLUMNS.size())), "requests.csv",
        records::add);
    assertEquals(rows.size(), records.size());
    for (int i = 0; i < records.size(); i++) {
      RequestRecord rec = records.get(i);
      AgentFiles.Row r = rows.get(i);
      assertEquals(r.get("connectionId"), rec.connectionId());
      assertEquals(r.num("lastByteNanos"), rec.lastByteNanos());
      assertEquals(r.num("responseBytes"), rec.responseBytes());
      assertEquals(r.get("url"), rec.url());
    }
  }
}
