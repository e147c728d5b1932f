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
        + "(ok, http-error, timeout, connect-error, reset, invalid, aborted, generator-error)", e.getMessage());
  }

  @Test
  void wrongColumnCountAndWrongHeaderAreNamed() throws IOException {
    Path file = dir.resolve("requests.csv");
    Files.writeString(file, RequestCsv.HEADER + "\n1,2,3\n" + RequestCsv.row(
        Records.ok(1, 0, "/a", 1_000, 10, Phase.MEASURE)));
    IOException e = assertThrows(IOException.class, () -> RequestCsv.read(file));
    assertEquals("requests.csv:2: 3 columns (expected 18)", e.getMessage());

    Files.writeString(file, RequestCsv.HEADER + "\n1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19\n");
    e = assertThrows(IOException.class, () -> RequestCsv.read(file));
    assertEquals("requests.csv:2: 19 columns (expected 18)", e.getMessage());

    Files.writeString(file, "id,url\n");
    e = assertThrows(IOException.class, () -> RequestCsv.read(file));
    assertTrue(e.getMessage().startsWith("requests.csv:1: header \"id,url\""), e.getMessage());
  }

  // --- torn last line: a writer killed mid-row ---

  private static final List<RequestRecord> THREE = List.of(
      Records.ok(1, 0, "/a", 1_000_000, 250_000, Phase.MEASURE),
      Records.of(2, 1, "/b,c", Outcome.RESET, 0, 2_000_000, 0, Phase.MEASURE, "two\nlines"),
      Records.ok(3, 2, "/d\u00e9", 3_000_000, 250_000, Phase.RAMP_DOWN));

  /** The header and the first two records in full, then {@code tail} (a torn third row). */
  private Path twoRowsThen(String tail) throws IOException {
    StringBuilder sb = new StringBuilder(RequestCsv.HEADER).append('\n');
    RequestCsv.appendRow(sb, THREE.get(0));
    RequestCsv.appendRow(sb, THREE.get(1));
    sb.append(tail);
    Path file = dir.resolve("requests.csv");
    Files.writeString(file, sb, StandardCharsets.UTF_8);
    return file;
  }

  private static void assertTorn(Path file, int line, String tail, String reason)
      throws IOException {
    RequestCsv.ReadResult result = RequestCsv.readAll(file);
    assertEquals(THREE.subList(0, 2), result.records());
    RequestCsv.TornLine torn = result.tornLastLine().orElseThrow();
    assertEquals(line, torn.line());
    assertEquals(tail.getBytes(StandardCharsets.UTF_8).length, torn.bytes());
    assertEquals(reason, torn.reason());
    assertEquals(THREE.subList(0, 2), RequestCsv.read(file));
  }

  @Test
  void tornLastLineWithFewerColumnsIsSkippedAndReported() throws IOException {
    String full = RequestCsv.row(THREE.get(2));
    String tail = full.substring(0, full.indexOf(",200,")) + "\n"; // a short row, line end kept
    assertTorn(twoRowsThen(tail), 5, tail, "12 columns (expected 18)");
    // blank lines after it change nothing
    assertTorn(twoRowsThen(tail + "\n\n"), 5, tail, "12 columns (expected 18)");
  }

  @Test
  void lastRowWithoutLineEndIsTornEvenWhenItParses() throws IOException {
    String full = RequestCsv.row(THREE.get(2));
    String tail = full.substring(0, full.length() - 1);
    assertTorn(twoRowsThen(tail), 5, tail, "no line end (18 of 18 columns)");
  }

  @Test
  void lastRowCutInsideANumberIsTorn() throws IOException {
    String full = RequestCsv.row(THREE.get(2));
    int number = full.indexOf(",3000000,") + 4; // into sendStartNanos
    String tail = full.substring(0, number);
    assertTorn(twoRowsThen(tail), 5, tail, "no line end (10 of 18 columns)");
  }

  @Test
  void lastRowCutInsideAQuotedFieldIsTorn() throws IOException {
    String full = RequestCsv.row(Records.of(3, 2, "/d\u00e9", Outcome.RESET, 0, 3_000_000, 0,
        Phase.MEASURE, "said \"no\",\nthen closed"));
    String tail = full.substring(0, full.indexOf("then"));
    assertTorn(twoRowsThen(tail), 5, tail, "no line end (inside a quoted field)");
  }

  @Test
  void lastRowCutAfterOneCharacterIsTorn() throws IOException {
    assertTorn(twoRowsThen("3"), 5, "3", "no line end (1 of 18 columns)");
  }

  @Test
  void tornRowInTheMiddleIsAnErrorWithFileAndLine() throws IOException {
    String full = RequestCsv.row(THREE.get(2));
    Path file = twoRowsThen(full.substring(0, full.indexOf(",200,")) + "\n" + full);

    IOException e = assertThrows(IOException.class, () -> RequestCsv.readAll(file));

    assertEquals("requests.csv:5: 12 columns (expected 18)", e.getMessage());
  }

  @Test
  void badValueInAFullLastRowWithItsLineEndStaysAnError() throws IOException {
    String full = RequestCsv.row(THREE.get(2)).replace(",3000000,", ",30x0000,");
    Path file = twoRowsThen(full);

    IOException e = assertThrows(IOException.class, () -> RequestCsv.readAll(file));

    assertEquals("requests.csv:5: column 10 (sendStartNanos): \"30x0000\" is not an integer",
        e.getMessage());
  }

  @Test
  void completeFileHasNoTornLine() throws IOException {
    RequestCsv.ReadResult result = RequestCsv.readAll(write(THREE));
    assertEquals(THREE, result.records());
    assertTrue(result.tornLastLine().isEmpty());
  }

  @Test
  void emptyFileIsAnError() throws IOException {
    Path file = dir.resolve("requests.csv");
    Files.writeString(file, "");
    IOException e = assertThrows(IOException.class, () -> RequestCsv.readAll(file));
    assertTrue(e.getMessage().startsWith("requests.csv:1: empty file"), e.getMessage());
  }

  @Test
  void headerOnlyHasNoRecordsAndNoTornLine() throws IOException {
    Path file = dir.resolve("requests.csv");
    for (String text : List.of(RequestCsv.HEADER + "\n", RequestCsv.HEADER)) {
      Files.writeString(file, text);
      RequestCsv.ReadResult result = RequestCsv.readAll(file);
      assertEquals(List.of(), result.records());
      assertTrue(result.tornLastLine().isEmpty());
    }
  }
}
