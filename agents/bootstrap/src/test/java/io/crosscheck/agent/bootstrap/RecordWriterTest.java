package io.crosscheck.agent.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The rows of requests.csv and intervals.csv, byte for byte, and the writer's handling of them. */
class RecordWriterTest {
  /** io.crosscheck.record.RequestCsv.HEADER and the agent's three columns. */
  static final String HARNESS_HEADER = "sessionId,userId,seq,method,url,connectionId,connectionOpenNanos,"
      + "connectionReused,intendedStartNanos,sendStartNanos,firstByteNanos,lastByteNanos,status,requestBytes,"
      + "responseBytes,outcome,phase,detail";

  @TempDir
  Path dir;

  static Exchange okExchange() {
    Exchange e = new Exchange(17, "user-3", 2, 5, "GET", "/rubis_servlets/ViewItem?itemId=12", 42, new Object());
    e.connectionId = "127.0.0.1:54321";
    e.connectionOpenNanos = 1_000;
    e.connectionReused = true;
    e.intendedStartNanos = 2_000;
    e.sendStartNanos = 2_100;
    e.firstByteNanos = 3_000;
    e.lastByteNanos = 3_500;
    e.closeNanos = 3_600;
    e.status = 200;
    e.requestBytes = 154;
    e.responseBytes = 27_207;
    e.end("ok", "");
    return e;
  }

  @Test
  void requestRow() {
    assertEquals("17,2,5,GET,/rubis_servlets/ViewItem?itemId=12,127.0.0.1:54321,1000,true,2000,2100,3000,3500,200,154,"
        + "27207,ok,measure,,user-3,42,3600\n", RecordWriter.appendRow(new StringBuilder(), okExchange()).toString());
  }

  @Test
  void unfinishedRowQuotesTextsThatNeedIt() {
    Exchange e = new Exchange(1, "pool-1, \"worker\"", 0, 0, "GET", "/a,b", -1, new Object());
    e.end("connect-error", "ConnectException: Connection refused\n(x)");
    assertEquals("1,0,0,GET,\"/a,b\",,-1,false,-1,-1,-1,-1,0,0,0,connect-error,measure,"
        + "\"ConnectException: Connection refused\n(x)\",\"pool-1, \"\"worker\"\"\",-1,-1\n",
        RecordWriter.appendRow(new StringBuilder(), e).toString());
  }

  @Test
  void intervalRow() {
    IntervalRow r = new IntervalRow(7, 17, "user,3", "a.Stats#add", 100, 900, 800_000, "800", "us", 2);
    assertEquals("7,17,\"user,3\",a.Stats#add,100,900,800000,800,us,2\n",
        RecordWriter.appendRow(new StringBuilder(), r).toString());
  }

  @Test
  void headersAreTheHarnessColumnsThenTheAgents() {
    assertEquals(HARNESS_HEADER + ",thread,intervalId,closeNanos", RecordWriter.REQUESTS_HEADER);
    assertEquals("intervalId,threadId,thread,source,startNanos,endNanos,reportedNanos,reportedValue,reportedUnit,"
        + "exchanges", RecordWriter.INTERVALS_HEADER);
  }

  @Test
  void writesWholeRowsThenClosesAndDropsLateOnes() throws Exception {
    RecordWriter w = new RecordWriter(dir);
    w.offer(okExchange());
    w.offer(new IntervalRow(7, 17, "user-3", "a.S#m", 100, 900, 800, "", "", 1));
    // flushed by the writer thread before any close (at least every 200 ms); a bounded wait
    long deadline = System.nanoTime() + 5_000_000_000L;
    while (Files.readAllLines(dir.resolve("requests.csv")).size() < 2 && System.nanoTime() < deadline) {
      Thread.sleep(10);
    }
    assertEquals(2, Files.readAllLines(dir.resolve("requests.csv")).size(), "header and the row, before close");
    w.close(5000);
    w.offer(okExchange());
    assertEquals(1, w.dropped.get(), "a row offered after close is dropped and counted");
    assertEquals(1, w.requestRows.get());
    assertEquals(1, w.intervalRows.get());
    String requests = Files.readString(dir.resolve("requests.csv"), StandardCharsets.UTF_8);
    assertEquals(RecordWriter.REQUESTS_HEADER + "\n"
        + RecordWriter.appendRow(new StringBuilder(), okExchange()), requests);
    assertEquals(RecordWriter.INTERVALS_HEADER + "\n7,17,user-3,a.S#m,100,900,800,,,1\n",
        Files.readString(dir.resolve("intervals.csv"), StandardCharsets.UTF_8));
  }

  @Test
  void manyRowsInOrder() throws Exception {
    RecordWriter w = new RecordWriter(dir);
    int n = 20_000;
    for (int i = 0; i < n; i++) {
      w.offer(new Exchange(1, "t", 0, i, "GET", "/" + i, -1, null));
    }
    w.close(10_000);
    var lines = Files.readAllLines(dir.resolve("requests.csv"));
    assertEquals(n + 1, lines.size());
    for (int i = 0; i < n; i++) {
      assertTrue(lines.get(i + 1).startsWith("1,0," + i + ",GET,/" + i + ","), lines.get(i + 1));
    }
    assertEquals(0, w.dropped.get());
  }

  @Test
  void aRunDirectoryAlreadyRecordedIntoIsRefused() throws Exception {
    Files.writeString(dir.resolve("requests.csv"), "earlier\n");
    assertThrows(IOException.class, () -> new RecordWriter(dir));
    assertEquals("earlier\n", Files.readString(dir.resolve("requests.csv")));
  }
}
