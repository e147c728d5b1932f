package io.crosscheck.rundir;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.crosscheck.record.MalformedInputException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * matrix.json and wan.json through their one reader and writer: files written by the map-built
 * writer before these records (matrix-v1/: a JVM matrix with a search, a flash-crowd study, a WAN
 * study and its cells' wan.json) read with every value, and a file written by {@link
 * MatrixJson#write} reads back equal.
 */
class MatrixJsonTest {
  @TempDir Path tmp;

  private static Path fixture(String name) throws Exception {
    return Path.of(MatrixJsonTest.class.getResource("/io/crosscheck/rundir/matrix-v1/" + name).toURI());
  }

  @Test
  void anOldJvmMatrixWithASearchReadsWithEveryValue() throws Exception {
    MatrixJson m = MatrixJson.read(fixture("jvm/matrix.json"));
    assertEquals(MatrixJson.SCHEMA, m.schema());
    assertEquals(1795456250000L, m.createdEpochMillis());
    assertEquals("legacy-urlconnection", m.workload().engine());
    assertEquals(1L, m.workload().seed());
    assertEquals(8_000_000_000L, m.workload().measureNanos());
    assertEquals(List.of("run", "--rubis", "--engine", "legacy-urlconnection", "--timing", "nanos"),
        m.workload().childArguments());
    assertNull(m.workload().study());
    assertEquals(1000.0, m.bound().maxAbsErrorMicros());
    assertEquals(4, m.cells().size());
    MatrixCell first = m.cells().get(0);
    assertEquals("jdk17-default-u10", first.id());
    assertEquals(MatrixCell.COMPLETED, first.status());
    assertEquals(300.0, first.absoluteErrorMicros());
    assertEquals(68_000_000L, first.heapUsedMaxBytes());
    assertEquals(Boolean.TRUE, first.sharing());
    assertEquals(1200L, first.wirePairs());
    assertEquals(1, first.searchStep());
    assertNull(first.dimensions());
    assertEquals(MatrixCell.PENDING, m.cells().get(2).status());
    assertEquals(List.of("-Xint"), m.cells().get(2).jvmOpts());
    assertEquals("the audit exited 1: see jdk17-xint-u20/audit.out", m.cells().get(3).reason());
    MatrixJson.Search s = m.search().get(0);
    assertEquals(2, s.steps());
    assertEquals(10, s.largestUsersHeld());
    assertEquals(20, s.failedAtUsers());
    assertEquals(1000.0, s.bound().maxAbsErrorMicros());
    assertNull(m.study());
  }

  @Test
  void anOldFlashCrowdStudyReadsItsScheduleRowsRatiosAndSeries() throws Exception {
    MatrixJson m = MatrixJson.read(fixture("flash-crowd/matrix.json"));
    assertEquals("flash-crowd", m.workload().study());
    assertEquals(0.5, m.workload().rateScale());
    MatrixJson.Schedule lighttpd = m.workload().schedules().get("lighttpd");
    assertEquals(166.5, lighttpd.burstSessionsPerSecond());
    assertEquals(800_000_000L, lighttpd.burstNanos());
    assertEquals("--engine legacy-urlconnection --timing nanos", m.workload().policies().get("shared-cache"));
    assertNull(m.bound().maxAbsErrorMicros());
    assertEquals("bursty", m.cells().get(1).dimensions().get("schedule"));
    StudySection.FlashCrowd st = assertInstanceOf(StudySection.FlashCrowd.class, m.study());
    assertEquals(4, st.rows().size());
    assertEquals(5860.0, st.rows().get(1).wireMeanMicros());
    assertEquals(3L, st.rows().get(1).peakOpenConnections());
    assertEquals(2, st.ratios().size());
    assertEquals(5860.0 / 1150.0, st.ratios().get(0).burstyOverNonBurstyMean(), 1e-9);
    assertEquals(List.of("epochSeconds", "openConnections", "workers"), st.seriesColumns());
    assertArrayEquals(new long[] {101, 3, 2}, st.series().get("lighttpd-per-session-bursty").get(1));
    assertEquals(true, st.conclusion().startsWith("On lighttpd the bursty/non-bursty wire-mean ratio was"));
  }

  @Test
  void anOldWanStudyAndItsCellsWanJsonRead() throws Exception {
    MatrixJson m = MatrixJson.read(fixture("wan/matrix.json"));
    assertEquals(List.of("rtt=10ms"), m.workload().classes());
    StudySection.Wan st = assertInstanceOf(StudySection.Wan.class, m.study());
    assertEquals("rtt40ms", st.rows().get(1).level());
    assertEquals(20.0, st.rows().get(0).transactionsPerSecond()); // 60 pairs over 3 measured seconds
    WanJson.MeasuredRtt rtt = st.rows().get(0).classes().get(0);
    assertEquals(10_000.0, rtt.configuredRttMicros());
    assertEquals(2, rtt.handshakes());
    assertEquals(10_250.0, rtt.medianRttMicros());
    WanJson wan = WanJson.read(fixture("wan/wan-rtt40ms/wan.json"));
    assertEquals("userspace-tap", wan.mechanism());
    assertEquals(1L, wan.seed());
    assertEquals(40_300.0, wan.measuredRtt().get(0).medianRttMicros()); // the upper of two handshakes
  }

  @Test
  void whatIsWrittenReadsBackEqualAndAnotherSchemaIsNamed() throws Exception {
    MatrixJson m = MatrixJson.read(fixture("flash-crowd/matrix.json"));
    Path file = tmp.resolve(MatrixJson.FILE);
    MatrixJson.write(file, m);
    MatrixJson back = MatrixJson.read(file);
    assertEquals(m.workload(), back.workload());
    assertEquals(m.cells(), back.cells());
    assertEquals(((StudySection.FlashCrowd) m.study()).rows(), ((StudySection.FlashCrowd) back.study()).rows());
    assertEquals(true, Files.readString(file).contains("\"kind\" : \"flash-crowd\""));
    // a search entry's bound as a bare number (the report's hand-made fixture has one) reads as the object
    Files.writeString(file, "{\"schema\": \"crosscheck-matrix/1\", \"cells\": [], \"search\": [{\"bound\": 500.0}]}");
    assertEquals(500.0, MatrixJson.read(file).search().get(0).bound().maxAbsErrorMicros());
    Files.writeString(file, "{\"schema\": \"something-else/9\", \"cells\": []}");
    MalformedInputException e = assertThrows(MalformedInputException.class, () -> MatrixJson.read(file));
    assertEquals(file + ": schema \"something-else/9\": expected \"crosscheck-matrix/1\"", e.getMessage());
  }
}
