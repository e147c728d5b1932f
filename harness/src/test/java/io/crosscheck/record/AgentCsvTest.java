package io.crosscheck.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.crosscheck.model.Phase;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The agent's files: requests.csv with its three columns, intervals.csv, agent.json. */
class AgentCsvTest {
  @TempDir Path dir;

  private static String agentRow(RequestRecord r, String thread, long intervalId, long closeNanos) {
    String row = RequestCsv.row(r);
    return row.substring(0, row.length() - 1) + "," + thread + "," + intervalId + "," + closeNanos + "\n";
  }

  private Path file(String name, String content) throws IOException {
    Path f = dir.resolve(name);
    Files.writeString(f, content, StandardCharsets.UTF_8);
    return f;
  }

  @Test
  void agentHeaderGivesTheRecordsAndTheirAgentColumnsAligned() throws IOException {
    RequestRecord a = Records.ok(41, 0, "/a", 1_000, 10, Phase.MEASURE);
    RequestRecord b = Records.ok(42, 1, "/b,c", 2_000, 10, Phase.MEASURE);
    Path f = file("requests.csv", RequestCsv.AGENT_HEADER + "\n" + agentRow(a, "UserSession1", 7, 1_500)
        + agentRow(b, "\"quoted, name\"", -1, -1));

    RequestCsv.ReadResult read = RequestCsv.readAll(f);

    assertEquals(List.of(a, b), read.records());
    assertEquals(Optional.of(List.of(new RequestCsv.AgentColumns("UserSession1", 7, 1_500),
        new RequestCsv.AgentColumns("quoted, name", -1, -1))), read.agentColumns());
    assertEquals(List.of(a, b), RequestCsv.read(f), "the plain reader takes the records and ignores the rest");
  }

  @Test
  void plainFileHasNoAgentColumns() throws IOException {
    Path f = file("requests.csv", RequestCsv.HEADER + "\n" + RequestCsv.row(Records.ok(1, 0, "/a", 1, 1,
        Phase.MEASURE)));
    assertEquals(Optional.empty(), RequestCsv.readAll(f).agentColumns());
  }

  @Test
  void tornLastAgentRowIsJudgedByTheAgentHeadersColumnCount() throws IOException {
    RequestRecord a = Records.ok(41, 0, "/a", 1_000, 10, Phase.MEASURE);
    // 18 columns and a line end: a whole plain row, but a torn agent row
    Path f = file("requests.csv", RequestCsv.AGENT_HEADER + "\n" + agentRow(a, "t", 1, 2) + RequestCsv.row(a));

    RequestCsv.ReadResult read = RequestCsv.readAll(f);

    assertEquals(List.of(a), read.records());
    assertEquals(1, read.agentColumns().orElseThrow().size());
    assertEquals("18 columns (expected 21)", read.tornLastLine().orElseThrow().reason());
    assertEquals(3, read.tornLastLine().orElseThrow().line());
  }

  @Test
  void malformedAgentColumnNamesFileLineAndColumn() throws IOException {
    RequestRecord a = Records.ok(41, 0, "/a", 1_000, 10, Phase.MEASURE);
    Path f = file("requests.csv", RequestCsv.AGENT_HEADER + "\n" + agentRow(a, "t", 1, 2).replace(",t,1,", ",t,x1,")
        + agentRow(a, "t", 1, 2));

    IOException e = assertThrows(IOException.class, () -> RequestCsv.readAll(f));

    assertEquals("requests.csv:2: column 20 (intervalId): \"x1\" is not an integer", e.getMessage());
  }

  @Test
  void intervalsCsvReadsEveryFieldAndSkipsATornLastLine() throws IOException {
    Path f = file("intervals.csv", IntervalCsv.HEADER + "\n"
        + "3,41,UserSession1,a.B#call,100,900,800,,,2\n"
        + "4,41,UserSession1,a.B#rec,-1,950,25000000,25,ms,3\n"
        + "5,41,Us");

    IntervalCsv.ReadResult read = IntervalCsv.read(f);

    assertEquals(List.of(new IntervalRecord(3, 41, "UserSession1", "a.B#call", 100, 900, 800, "", "", 2),
        new IntervalRecord(4, 41, "UserSession1", "a.B#rec", -1, 950, 25_000_000, "25", "ms", 3)), read.intervals());
    assertEquals(4, read.tornLastLine().orElseThrow().line());
  }

  @Test
  void intervalsCsvErrorsNameFileLineAndColumn() throws IOException {
    Path bad = file("intervals.csv", IntervalCsv.HEADER + "\n3,41,T,a.B#c,100,9x0,800,,,2\n4,41,T,a.B#c,1,2,1,,,1\n");
    assertEquals("intervals.csv:2: column 6 (endNanos): \"9x0\" is not an integer",
        assertThrows(IOException.class, () -> IntervalCsv.read(bad)).getMessage());
    Path header = file("other.csv", "intervalId,thread\n");
    assertTrue(assertThrows(IOException.class, () -> IntervalCsv.read(header)).getMessage()
        .startsWith("other.csv:1: header \"intervalId,thread\""));
  }

  @Test
  void agentJsonReadsTheAgentsFieldsAndNamesAMalformedFile() throws IOException {
    Path f = file("agent.json", "{\"formatVersion\":1,\"status\":\"completed\",\"pid\":42,\"featureVersion\":17,"
        + "\"reporting\":\"reportedBy=a.B#c\",\"exchangesRecorded\":12,\"hooks\":[\"http-url-connection\"],"
        + "\"somethingNew\":true}");
    AgentJson a = AgentJson.read(f);
    assertEquals("completed", a.status());
    assertEquals(42L, a.pid());
    assertEquals("reportedBy=a.B#c", a.reporting());
    assertEquals(12L, a.exchangesRecorded());
    assertTrue(a.ended());
    Path bad = file("bad.json", "{\"status\": ");
    assertTrue(assertThrows(IOException.class, () -> AgentJson.read(bad)).getMessage().contains("bad.json: not valid JSON"));
    assertTrue(assertThrows(IOException.class, () -> AgentJson.read(dir.resolve("none.json"))).getMessage()
        .contains("the agent did not start"));
  }
}
