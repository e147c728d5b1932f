package io.crosscheck.matrix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.crosscheck.rundir.Findings;
import io.crosscheck.rundir.MatrixCell;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link MatrixCell}'s figures copied from a cell's run directory: the report's run fixture
 * (run-fixture/, see its FIXTURE.md) as a cell, the same without its clientHost section (the CPU
 * figures then come from pressure and the intervals), and a cell with no findings.json.
 */
class CellFiguresTest {
  @TempDir Path tmp;

  private Path cell(String name) throws Exception {
    Path from = Path.of(getClass().getResource("/io/crosscheck/report/html/run-fixture").toURI());
    Path to = Files.createDirectories(tmp.resolve(name));
    try (var s = Files.list(from)) {
      for (Path p : s.toList()) {
        Files.copy(p, to.resolve(p.getFileName()));
      }
    }
    return to;
  }

  private static MatrixCell pending() {
    return MatrixCell.pending("jdk17-default-u8", "17 (Debian)", "/usr/lib/jvm/x", "default", List.of(), 8, null);
  }

  @Test
  void copiesTheFiguresOfACompletedCell() throws Exception {
    Path dir = cell("c");
    assertTrue(CellFigures.done(dir));
    assertEquals(MatrixCell.COMPLETED, CellFigures.statusOf(dir));
    MatrixCell c = CellFigures.withFigures(pending(), tmp, "c", MatrixCell.COMPLETED, null);
    assertEquals("c", c.runDir());
    assertEquals(100.0, c.matchedPercent());
    assertEquals(570.2350406249999, c.absoluteErrorMicros());
    assertEquals(0.6858599550647784, c.generatorCpuCoresMean());
    assertEquals(1.09, c.generatorCpuCoresMax());
    assertEquals(180277248L, c.heapUsedMaxBytes());
    assertEquals(14L, c.threadsMax());
    assertEquals(0L, c.gcPauses());
    assertEquals(8L, c.connectionsWithRequests());
    assertEquals(8L, c.sessions());
    assertEquals(Boolean.FALSE, c.sharing());
    assertEquals(Findings.VerdictKind.NO_SHARING, c.sharingKind(), "the verdict as its kind, the report words it");
    assertEquals(Boolean.FALSE, c.clientHostBottleneck());
    assertNull(c.reason());
    assertTrue(c.reportedMeanMicros() != null && c.wireMeanMicros() != null && c.ratio() != null, c.toString());
  }

  @Test
  void withoutAClientHostSectionTheCpuComesFromPressureAndTheIntervals() throws Exception {
    Path dir = cell("c");
    ObjectMapper json = new ObjectMapper();
    ObjectNode doc = (ObjectNode) json.readTree(dir.resolve("findings.json").toFile());
    ((ObjectNode) doc.get("findings")).remove("clientHost");
    json.writeValue(dir.resolve("findings.json").toFile(), doc);
    double intervalsMax = 0;
    for (var i : doc.get("findings").get("intervals")) {
      intervalsMax = Math.max(intervalsMax, i.get("generatorCpuCores").asDouble());
    }
    MatrixCell c = CellFigures.withFigures(pending(), tmp, "c", MatrixCell.COMPLETED, null);
    assertEquals(0.6858599550647784, c.generatorCpuCoresMean());
    assertEquals(intervalsMax, c.generatorCpuCoresMax());
    assertNull(c.clientHostBottleneck());
    assertNull(c.generatorCpuSaturated());
  }

  @Test
  void aFailedCellWithoutFindingsSaysWhereToLook() throws Exception {
    Path dir = cell("c");
    Files.delete(dir.resolve("findings.json"));
    assertFalse(CellFigures.done(dir));
    MatrixCell c = CellFigures.withFigures(pending(), tmp, "c", MatrixCell.FAILED, null);
    assertNull(c.matchedPercent());
    assertNull(c.sharing());
    assertEquals("no findings.json: see c/child.out", c.reason());
  }
}
