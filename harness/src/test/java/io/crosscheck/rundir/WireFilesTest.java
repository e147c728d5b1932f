package io.crosscheck.rundir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.crosscheck.record.MalformedInputException;
import io.crosscheck.wire.WireCsv;
import io.crosscheck.wire.WireExchange;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The wire CSVs read back: today's files, their writer's rows, a torn last row, a malformed one. */
class WireFilesTest {
  @TempDir Path tmp;

  @Test
  void exchangesWrittenByTheWriterReadBackAsTheyWere() throws Exception {
    WireExchange plain = new WireExchange("127.0.0.1:40001", 1_000L, "127.0.0.1:8080", 0, false, 85_000L, 2_000L,
        2_100L, 3_000L, 3_500L, "GET", "/a?x=1", 200, 78, 1_024, "", false);
    WireExchange quoted = new WireExchange("127.0.0.1:40001", 1_000L, "127.0.0.1:8080", 1, true, -1L, 4_000L,
        4_100L, -1L, -1L, "GET", "/b?q=\"a,b\"", 0, 80, 0, "no response, reset", true);
    Path csv = tmp.resolve(WireCsv.EXCHANGES_FILE);
    Files.writeString(csv, WireCsv.EXCHANGES_HEADER + "\n" + WireCsv.exchangeRow(plain) + "\n"
        + WireCsv.exchangeRow(quoted) + "\n" + "127.0.0.1:40002,5000,127.0.0.1:8080,0,fal");
    assertEquals(List.of(plain, quoted), WireFiles.readExchanges(csv), "the torn last row is skipped");
  }

  @Test
  void connectionCsvOfTodaysFormatReads() throws Exception {
    Path csv = tmp.resolve(WireCsv.CONNECTION_FILE);
    Files.writeString(csv, "epochSeconds,open,openConnections\n1795456250.802072720,1,1\n1795456251.000000001,0,0\n");
    assertEquals(List.of(new WireFiles.OpenCount(1795456250.802072720, true, 1),
        new WireFiles.OpenCount(1795456251.000000001, false, 0)), WireFiles.readOpenCounts(csv));
    Files.writeString(csv, "epochSeconds,open,openConnections\n1795456250.8,2,1\n1795456251.0,0,0\n");
    MalformedInputException e = assertThrows(MalformedInputException.class, () -> WireFiles.readOpenCounts(csv));
    assertEquals(csv + ":2: column 2 (open): \"2\" is not 0 or 1", e.getMessage());
    Files.writeString(csv, "epochSeconds,openConnections\n");
    e = assertThrows(MalformedInputException.class, () -> WireFiles.readOpenCounts(csv));
    assertEquals(csv + ":1: header \"epochSeconds,openConnections\" (expected epochSeconds,open,openConnections)",
        e.getMessage());
  }
}
