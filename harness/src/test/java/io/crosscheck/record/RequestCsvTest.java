package io.crosscheck.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.crosscheck.model.Phase;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RequestCsvTest {
  @TempDir Path dir;

  private Path write(List<RequestRecord> records) throws IOException {
    StringBuilder sb = new StringBuilder(RequestCsv.HEADER).append('\n');
    for (RequestRecord r : records) {
      RequestCsv.appendRow(sb, r);
    }
    Path file = dir.resolve("requests.csv");
    Files.writeString(file, sb, StandardCharsets.UTF_8);
    return file;
  }

  @Test
  void roundTripKeepsEveryFieldIncludingCommasQuotesAndNewlines() throws IOException {
    List<RequestRecord> records = new ArrayList<>();
    records.add(Records.ok(1, 0, "/plain", 1_000_000, 250_000, Phase.MEASURE));
    records.add(Records.of(2, 3, "/search?q=a,b&x=\"y\"", Outcome.HTTP_ERROR, 503, 5_000_000,
        80_000, Phase.RAMP_UP, "server said \"busy\", retry"));
    records.add(Records.of(3, 1, "/multi", Outcome.RESET, 0, 7_000_000, 0, Phase.RAMP_DOWN,
        "line one\nline two\r\nthree"));
    records.add(new RequestRecord(9_000_000_000L, 7, 2, "POST", "/", "", -1, false, -1, 12, -1, -1,
        0, 0, 0, Outcome.CONNECT_ERROR, Phase.MEASURE, "connection refused: /127.0.0.1:1"));
    for (Outcome o : Outcome.values()) {
      records.add(Records.of(10 + o.ordinal(), 0, "/o", o, 200, 1, 1, Phase.MEASURE, o.label()));
    }
    Path file = write(records);

    List<RequestRecord> read = RequestCsv.read(file);

    assertEquals(records, read);
    assertTrue(Files.readString(file).startsWith(
        "sessionId,userId,seq,method,url,connectionId,connectionOpenNanos,connectionReused,"
            + "intendedStartNanos,sendStartNanos,firstByteNanos,lastByteNanos,status,requestBytes,"
            + "responseBytes,outcome,phase,detail\n"));
  }

  @Test
  void rowQuotesOnlyWhenNeeded() {
    RequestRecord r = Records.of(5, 1, "/a,b", Outcome.OK, 200, 1_000, 500, Phase.MEASURE, "");
    String row = RequestCsv.row(r);
    assertEquals("5,5,1,GET,\"/a,b\",127.0.0.1:40005,-49000,true,0,1000,1250,1500,200,120,2200,"
        + "ok,measure,\n", row);
  }

  @Test
  void malformedNumberNamesFileLineAndColumn() throws IOException {
    Path file = write(List.of(
        Records.ok(1, 0, "/a", 1_000, 10, Phase.MEASURE),
        Records.ok(2, 0, "/b", 1_000, 10, Phase.MEASURE)));
    List<String> lines = new ArrayList<>(Files.readAllLines(file));
    lines.set(2, lines.get(2).replace(",1000,", ",10x0,"));
    Files.write(file, lines);

    IOException e = assertThrows(IOException.class, () -> RequestCsv.read(file));

    assertEquals(
        "requests.csv:3: column 10 (sendStartNanos): \"10x0\" is not an integer", e.getMessage());
  }

  @Test
  void quotedNewlineCountsTowardsLineNumbersAndBadOutcomeIsNamed() throws IOException {
    Path file = write(List.of(
        Records.of(1, 0, "/a", Outcome.RESET, 0, 1_000, 0, Phase.MEASURE, "two\nlines"),
        Records.ok(2, 0, "/b", 1_000, 10, Phase.MEASURE)));
    String text = Files.readString(file).replace(",ok,measure,", ",fine,measure,");
    Files.writeString(file, text);

    IOException e = assertThrows(IOException.class, () -> RequestCsv.read(file));

    assertEquals("requests.csv:4: column 16 (outcome): \"fine\" is not an outcome "
        + "(ok, http-error, timeout, connect-error, reset, invalid, aborted)", e.getMessage());
  }

  @Test
  void wrongColumnCountAndWrongHeaderAreNamed() throws IOException {
    Path file = dir.resolve("requests.csv");
    Files.writeString(file, RequestCsv.HEADER + "\n1,2,3\n");
    IOException e = assertThrows(IOException.class, () -> RequestCsv.read(file));
    assertEquals("requests.csv:2: 3 columns (expected 18)", e.getMessage());

    Files.writeString(file, "id,url\n");
    e = assertThrows(IOException.class, () -> RequestCsv.read(file));
    assertTrue(e.getMessage().startsWith("requests.csv:1: header \"id,url\""), e.getMessage());
  }
}
