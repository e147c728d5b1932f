package io.crosscheck.e2e;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.crosscheck.record.JsonFiles;
import io.crosscheck.rundir.MatrixJson;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The red team's case: {@code matrix --out DIR} run again with another {@code --duration} skipped the
 * cells as done, rewrote matrix.json's workload and dropped cells. Now: another workload is exit 2
 * naming the option, both values and the cells, matrix.json untouched; the same workload with other
 * levels keeps the earlier cells beside the new ones. A real one-user matrix (embedded server, live
 * capture on lo, a child JVM per cell, 1 s measured).
 */
class MatrixResumeTest {
  @TempDir Path tmp;

  private static Evidence.Compared matrix(Path dir, String... more) {
    List<String> args = new ArrayList<>(List.of("matrix", "--ramp-up", "0s", "--ramp-down", "0s", "--think",
        "fixed:100ms", "--jit-warm-up", "0", "--out", dir.toString()));
    args.addAll(List.of(more));
    return Evidence.execute(args);
  }

  @Test
  void anotherWorkloadIsRefusedAndTheSameOneKeepsEveryCell() throws Exception {
    Path dir = tmp.resolve("m");
    Evidence.Compared first = matrix(dir, "--users", "1", "--duration", "1s");
    assertEquals(0, first.exitCode(), first.out() + first.err());
    byte[] matrixJson = Files.readAllBytes(dir.resolve(MatrixJson.FILE));
    String cell = JsonFiles.mapper().readTree(matrixJson).get("cells").get(0).get("id").asText();

    Evidence.Compared other = matrix(dir, "--users", "1,2", "--duration", "2s", "--urls", "/static/2k");
    assertEquals(2, other.exitCode(), other.out() + other.err());
    for (String line : List.of(
        "  --duration: \"2s\": expected 1s, as the 1 cell(s) in " + dir + " were run (" + cell + " completed)",
        "  --urls: \"/static/2k\": expected (not given), as the 1 cell(s) in " + dir + " were run",
        "  " + dir + ": holds 1 cell(s) run with another workload")) {
      assertTrue(other.err().contains(line), line + " in:\n" + other.err());
    }
    assertArrayEquals(matrixJson, Files.readAllBytes(dir.resolve(MatrixJson.FILE)), "matrix.json untouched");
    assertEquals(1, cellDirectories(dir), "no cell ran");

    // the same workload, options in another order, another level: the earlier cell stays in matrix.json
    Evidence.Compared more = matrix(dir, "--duration", "1s", "--users", "2");
    assertEquals(0, more.exitCode(), more.out() + more.err());
    JsonNode m = JsonFiles.mapper().readTree(dir.resolve(MatrixJson.FILE).toFile());
    Map<String, String> status = new LinkedHashMap<>();
    m.get("cells").forEach(c -> status.put(c.get("id").asText(), c.get("status").asText()));
    assertEquals(2, status.size(), status.toString());
    assertEquals("completed", status.get(cell), "the earlier cell kept: " + status);
    assertTrue(status.keySet().stream().anyMatch(id -> id.endsWith("-u2")), status.toString());
    assertEquals(JsonFiles.mapper().readTree(matrixJson).get("createdEpochMillis"), m.get("createdEpochMillis"));
    System.out.println("[matrix-resume] refused: " + other.err().lines().filter(l -> l.startsWith("  --")).toList()
        + "; kept " + status);
  }

  private static long cellDirectories(Path dir) throws Exception {
    try (Stream<Path> s = Files.list(dir)) {
      return s.filter(Files::isDirectory).count();
    }
  }
}
