package io.crosscheck.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads what the agent wrote in its {@code out} directory, independently of the agent's own code:
 * agent.json with Jackson, the CSV files with a small RFC 4180 splitter (rows as maps by header
 * name). Stateless; public for the hook tests ({@code io.crosscheck.agent.hooks}).
 */
public final class AgentFiles {
  static final String REQUESTS_HEADER = "sessionId,userId,seq,method,url,connectionId,connectionOpenNanos,"
      + "connectionReused,intendedStartNanos,sendStartNanos,firstByteNanos,lastByteNanos,status,requestBytes,"
      + "responseBytes,outcome,phase,detail,thread,intervalId,closeNanos";

  private AgentFiles() {}

  public static JsonNode agentJson(Path out) throws IOException {
    return new ObjectMapper().readTree(out.resolve("agent.json").toFile());
  }

  /** One CSV row by column name. */
  public record Row(Map<String, String> fields) {
    public String get(String column) {
      String v = fields.get(column);
      if (v == null) {
        throw new AssertionError("no column " + column + " in " + fields.keySet());
      }
      return v;
    }

    public long num(String column) {
      return Long.parseLong(get(column));
    }
  }

  /** Every row of a CSV file whose first line is its header; asserts the header and the column counts. */
  public static List<Row> rows(Path csv, String expectedHeader) throws IOException {
    String text = Files.readString(csv, StandardCharsets.UTF_8);
    assertTrue(text.isEmpty() || text.endsWith("\n"), csv + " ends mid-row: " + text);
    List<List<String>> records = split(text);
    assertTrue(!records.isEmpty(), csv + " has no header");
    List<String> header = records.get(0);
    if (expectedHeader != null) {
      assertEquals(expectedHeader, String.join(",", header), csv + " header");
    }
    List<Row> rows = new ArrayList<>();
    for (int i = 1; i < records.size(); i++) {
      List<String> r = records.get(i);
      assertEquals(header.size(), r.size(), csv + " row " + (i + 1) + " columns: " + r);
      Map<String, String> m = new HashMap<>();
      for (int c = 0; c < header.size(); c++) {
        m.put(header.get(c), r.get(c));
      }
      rows.add(new Row(m));
    }
    return rows;
  }

  public static List<Row> requests(Path out) throws IOException {
    return rows(out.resolve("requests.csv"), REQUESTS_HEADER);
  }

  /** RFC 4180 records of {@code text} (every record ends with {@code \n}). */
  static List<List<String>> split(String text) {
    List<List<String>> out = new ArrayList<>();
    List<String> record = new ArrayList<>();
    StringBuilder field = new StringBuilder();
    boolean quoted = false;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (quoted) {
        if (c == '"' && i + 1 < text.length() && text.charAt(i + 1) == '"') {
          field.append('"');
          i++;
        } else if (c == '"') {
          quoted = false;
        } else {
          field.append(c);
        }
      } else if (c == '"') {
        quoted = true;
      } else if (c == ',') {
        record.add(field.toString());
        field.setLength(0);
      } else if (c == '\n') {
        record.add(field.toString());
        field.setLength(0);
        out.add(record);
        record = new ArrayList<>();
      } else {
        field.append(c);
      }
    }
    return out;
  }

  /** The records of {@code text} again as CSV, only their first {@code columns} fields. */
  static String firstColumns(String text, int columns) {
    StringBuilder sb = new StringBuilder();
    for (List<String> r : split(text)) {
      for (int c = 0; c < columns; c++) {
        String f = r.get(c);
        if (c > 0) {
          sb.append(',');
        }
        if (f.contains(",") || f.contains("\"") || f.contains("\n") || f.contains("\r")) {
          sb.append('"').append(f.replace("\"", "\"\"")).append('"');
        } else {
          sb.append(f);
        }
      }
      sb.append('\n');
    }
    return sb.toString();
  }
}
