package io.crosscheck.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.crosscheck.rundir.MatrixCell;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The flash-crowd table's ratios, conclusion and per-second series from cells and their files. */
class FlashCrowdTableTest {
  private static MatrixCell cell(String server, String policy, String schedule, String status, Double meanMicros,
      Long pairs) {
    MatrixCell p = MatrixCell.pending(server + "-" + policy + "-" + schedule, "17", "/jdk", "default", List.of(), 0,
        null, Map.of("server", server, "policy", policy, "schedule", schedule));
    return new MatrixCell(p.id(), p.jvmLabel(), p.jvmHome(), p.optsLabel(), p.jvmOpts(), 0, status, p.id(), 100.0,
        null, null, null, meanMicros, null, null, null, null, null, null, null, null, null, null, null, null, null,
        p.dimensions(), pairs, meanMicros, meanMicros);
  }

  @Test
  void ratiosNeedBothSchedulesCompletedWithPairsAndTheConclusionSaysWhichPolicyHidTheBurst() {
    List<MatrixCell> cells = List.of(
        cell("apache-prefork", "per-session", "non-bursty", "completed", 11_500.0, 900L),
        cell("apache-prefork", "per-session", "bursty", "completed", 58_600.0, 1800L),
        cell("apache-prefork", "shared-cache", "non-bursty", "completed", 4_330.0, 900L),
        cell("apache-prefork", "shared-cache", "bursty", "completed", 4_570.0, 1800L),
        cell("apache-prefork", "per-request", "non-bursty", "completed", 3_000.0, 900L),
        cell("apache-prefork", "per-request", "bursty", "failed", null, null),
        cell("lighttpd", "browser", "non-bursty", "completed", 1_000.0, 0L),
        cell("lighttpd", "browser", "bursty", "completed", 2_000.0, 500L));
    List<FlashCrowdTable.Ratio> ratios = FlashCrowdTable.ratios(cells);
    assertEquals(2, ratios.size(), ratios.toString()); // per-request: its bursty cell failed; browser: no pairs
    assertEquals(58_600.0 / 11_500.0, ratios.get(0).ratio(), 1e-9);
    String c = FlashCrowdTable.conclusion(ratios);
    assertTrue(c.startsWith("On apache-prefork the bursty/non-bursty wire-mean ratio was per-session"
        + " 5.10x (11.50 -> 58.60 ms), shared-cache 1.06x (4.33 -> 4.57 ms); per-session connections"
        + " exposed 4.8x more of the burst than the shared-cache policy, which hid it"), c);
    assertTrue(!c.contains("lighttpd") && !c.contains("per-request"), c);
    assertEquals("no server and policy has both a bursty and a non-bursty cell with matched pairs: nothing to"
        + " compare.", FlashCrowdTable.conclusion(List.of()));
  }

  @Test
  void theSeriesCarriesOpenConnectionsOverQuietSecondsAndLeavesWorkersWithoutACountOut(@TempDir Path dir)
      throws Exception {
    Files.writeString(dir.resolve("connection.csv"), "epochSeconds,open,openConnections\n"
        + "100.100000000,1,1\n100.500000000,1,2\n100.900000000,0,1\n102.200000000,1,5\n");
    Files.writeString(dir.resolve("workers.csv"), "epochSeconds,workers\n100,15\n101,15\n103,31\n");
    List<long[]> s = FlashCrowdTable.series(dir);
    assertEquals(4, s.size());
    assertEquals(List.of("100 2 15", "101 2 15", "102 5 -1", "103 5 31"),
        s.stream().map(r -> r[0] + " " + r[1] + " " + r[2]).toList());
  }
}
