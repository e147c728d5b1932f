package io.crosscheck.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.crosscheck.record.RequestCsv;
import io.crosscheck.record.RequestRecord;
import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Fuzzes the {@code requests.csv} reader ({@link RequestCsv#readAll}): any bytes either read as
 * records (a torn last line reported, not failed on) or are refused with an {@link IOException}
 * whose message names the file. What was read must survive a round trip through the writer ({@link
 * RequestCsv#row}) unchanged, so the reader accepts nothing the writer cannot say. Anything else is
 * a finding.
 *
 * <p>Seeds: {@code src/test/resources/io/crosscheck/fuzz/RequestCsvFuzzTestInputs/readRequestsCsv/}
 * (plain and agent files written by crosscheck, a torn last row, quoted fields).
 */
class RequestCsvFuzzTest {
  @FuzzTest(maxDuration = "6s")
  void readRequestsCsv(byte[] bytes) throws IOException {
    Path file = FuzzFiles.write("requests.csv", bytes);
    RequestCsv.ReadResult read;
    try {
      read = RequestCsv.readAll(file);
    } catch (IOException refused) {
      String message = String.valueOf(refused.getMessage());
      assertTrue(message.contains("requests.csv"), () -> "refusal without the file's name: " + refused);
      return;
    }
    StringBuilder again = new StringBuilder(RequestCsv.HEADER).append('\n');
    for (RequestRecord r : read.records()) {
      RequestCsv.appendRow(again, r);
    }
    List<RequestRecord> reread = new ArrayList<>();
    RequestCsv.forEach(new StringReader(again.toString()), "rewritten.csv", reread::add);
    assertEquals(read.records(), reread, "records changed through the writer and back");
  }
}
