package io.crosscheck.telemetry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TelemetryCsvTest {
  private static final TelemetrySample FULL = new TelemetrySample(123_456_789L, 40, 57, 90, 1_000,
      2_000, 4_000, 7, 12, 2, 1_500, 1.23456789e9, 0.5, 0.0625, 0.99996, 3_100.4, 2);
  private static final TelemetrySample EMPTY = new TelemetrySample(223_456_789L, 40, 57, 90, 1_000,
      2_000, -1, 7, 12, -1, -1, Double.NaN, Double.NaN, Double.NaN, Double.NaN);

  @Test
  void rowsRoundTripWithFourDecimalsAndEmptyCellsForUnavailable(@TempDir Path dir) throws IOException {
    StringBuilder text = new StringBuilder(TelemetryCsv.HEADER).append('\n');
    TelemetryCsv.appendRow(text, FULL);
    TelemetryCsv.appendRow(text, EMPTY);
    assertEquals("123456789,40,57,90,1000,2000,4000,7,12,2,1500,1234567890,0.5000,0.0625,1.0000,3100,2\n"
        + "223456789,40,57,90,1000,2000,-1,7,12,,,,,,,,\n",
        text.substring(TelemetryCsv.HEADER.length() + 1));
    Path csv = dir.resolve("telemetry.csv");
    Files.writeString(csv, text + "323456789,40,5"); // killed mid-row
    List<TelemetrySample> rows = TelemetryCsv.read(csv);
    assertEquals(2, rows.size(), "the partial last line is dropped");
    assertEquals(new TelemetrySample(123_456_789L, 40, 57, 90, 1_000, 2_000, 4_000, 7, 12, 2, 1_500,
        1.23456789e9 + 0.1 - 0.1 == 1.23456789e9 ? 1234567890 : 0, 0.5, 0.0625, 1.0, 3100, 2), rows.get(0));
    assertEquals(EMPTY, rows.get(1));
  }

  @Test
  void aFormatOneFileWithoutTheRunQueueAndCoreColumnsStillReads(@TempDir Path dir) throws IOException {
    Path csv = dir.resolve("telemetry.csv");
    Files.writeString(csv, TelemetryCsv.HEADER_V1
        + "\n123456789,40,57,90,1000,2000,4000,7,12,2,1500,1234567890,0.5000,0.0625,1.0000\n");
    List<TelemetrySample> rows = TelemetryCsv.read(csv);
    assertEquals(1, rows.size());
    assertTrue(Double.isNaN(rows.get(0).runQueueWaitMicrosPerSecond()), rows.get(0).toString());
    assertEquals(-1, rows.get(0).cpuCoresAvailable());
    assertEquals(0.5625, rows.get(0).processCpuCores(), 1e-9);
    Files.writeString(csv, TelemetryCsv.HEADER_V1 + "\n1,2,3,4,5,6,7,8,9,,,,,,,,\n");
    IOException fields = assertThrows(IOException.class, () -> TelemetryCsv.read(csv));
    assertEquals(csv + ":2: 17 fields (expected 15)", fields.getMessage());
  }

  @Test
  void fixedDecimalsPadAndKeepSign() {
    StringBuilder b = new StringBuilder();
    TelemetryCsv.appendFixed4(b, 0.0005);
    b.append(' ');
    TelemetryCsv.appendFixed4(b, 12.3);
    b.append(' ');
    TelemetryCsv.appendFixed4(b, -0.25);
    b.append(' ');
    TelemetryCsv.appendFixed4(b, 0);
    assertEquals("0.0005 12.3000 -0.2500 0.0000", b.toString());
  }

  @Test
  void aWrongHeaderOrAMalformedRowNamesFileLineAndExpectation(@TempDir Path dir) throws IOException {
    Path csv = dir.resolve("telemetry.csv");
    Files.writeString(csv, "sampleNanos,threads\n1,2\n");
    IOException header = assertThrows(IOException.class, () -> TelemetryCsv.read(csv));
    assertTrue(header.getMessage().startsWith(csv + ":1: header is \"sampleNanos,threads\" (expected"),
        header.getMessage());
    Files.writeString(csv, TelemetryCsv.HEADER + "\n1,2,3\n");
    IOException fields = assertThrows(IOException.class, () -> TelemetryCsv.read(csv));
    assertEquals(csv + ":2: 3 fields (expected 17)", fields.getMessage());
    Files.writeString(csv, TelemetryCsv.HEADER + "\n1,2,x,4,5,6,7,8,9,,,,,,,,\n");
    IOException number = assertThrows(IOException.class, () -> TelemetryCsv.read(csv));
    assertTrue(number.getMessage().startsWith(csv + ":2: field 3: not a number"), number.getMessage());
  }
}
