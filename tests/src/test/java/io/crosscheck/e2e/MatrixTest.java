package io.crosscheck.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code crosscheck matrix} end to end, as a user runs it (a child JVM of the CLI, which starts the
 * embedded RUBiS server in-process and a child JVM per cell under the live capture): this JVM x
 * {default, -Xint} x {10, 20} users of the RUBiS bidding mix (think x0.02) with legacy-urlconnection
 * and nanosecond timing, 1 s ramp-up + 2 s measured per cell. Asserts the study's JVM finding at the
 * top level (-Xint's absolute error above the default JIT's), connection sharing in every cell, that
 * matrix.json holds every cell completed and a second invocation re-runs none, and that a
 * scalability search in the same directory (its 10- and 20-user steps are the grid's cells, so it
 * runs at most one new cell) finds a smaller N under -Xint than under the default JIT.
 *
 * <p>The search bound lies between the errors the grid measured: the geometric mean of the default
 * JIT's worst (10 and 20 users) and -Xint's at 20 users. A fixed 2 ms (chosen when -Xint showed
 * 4.3..6.4 ms at 20 users here) held for -Xint at 20 users on a faster host of this kind
 * (2026-11-27). The default then holds to --max-users 20 by construction and -Xint fails at 20 users
 * at the latest; whether its 10-user step holds does not decide the assertion.
 */
// heavy: run once, on the suite's first JDK. The cells' JVM is the running one, and Temurin 25's
// interpreter is fast enough (-Xint 2.9 ms at 20 users against 5.2-5.9 ms on JDK 17) that the JIT's gap
// narrows there; the JDK 17 + Temurin 25 matrix
// is bench/matrix.sh's.
@org.junit.jupiter.api.Tag("heavy")
// runs alone (serial-tests in pom.xml): it searches where a 2 ms accuracy bound holds, which a neighbour on the cores moves
@org.junit.jupiter.api.Tag("serial")
class MatrixTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final List<String> WORKLOAD = List.of("matrix", "--rubis", "--think-scale", "0.02", "--engine",
      "legacy-urlconnection", "--timing", "nanos", "--ramp-up", "1s", "--duration", "2s", "--ramp-down", "0s",
      "--jvm-opts", "default", "--jvm-opts", "-Xint");

  @Test
  void xintRaisesTheErrorEveryCellSharesConnectionsResumeRerunsNothingAndSearchFindsSmallerN(@TempDir Path tmp)
      throws Exception {
    Path dir = tmp.resolve("m");
    long t0 = System.nanoTime();
    ChildCli.Ended grid = matrix(tmp, dir, "--users", "10,20");
    long gridMillis = (System.nanoTime() - t0) / 1_000_000;
    assertEquals(0, grid.exitCode(), grid.output());
    JsonNode m = JSON.readTree(dir.resolve("matrix.json").toFile());
    assertEquals("crosscheck-matrix/1", m.get("schema").asText());
    Map<String, JsonNode> cells = byId(m);
    assertEquals(4, cells.size(), cells.keySet().toString());
    for (JsonNode c : cells.values()) {
      assertEquals("completed", c.get("status").asText(), c.toString());
      assertTrue(Files.exists(dir.resolve(c.get("runDir").asText()).resolve("findings.json")), c.toString());
      assertTrue(c.get("matchedPercent").asDouble() >= 90, c.toString());
      // the JDK's keep-alive cache hands one user's connection to another session
      assertTrue(c.get("sharing").asBoolean(), c.toString());
      assertEquals("sharing", c.get("sharingKind").asText(), "the verdict's kind: " + c);
    }
    String defaultId = cells.keySet().stream().filter(k -> k.endsWith("-default-u20")).findFirst().orElseThrow();
    String xintId = defaultId.replace("-default-", "-xint-");
    double defaultTop = cells.get(defaultId).get("absoluteErrorMicros").asDouble();
    double xintTop = cells.get(xintId).get("absoluteErrorMicros").asDouble();
    assertTrue(xintTop > defaultTop, "-Xint " + xintTop + " us > default " + defaultTop + " us at 20 users");
    // the search's bound lies between the two JITs' errors the grid measured (its 10- and 20-user steps are
    // those cells, not run again): a fixed 2 ms held for -Xint at 20 users on a faster host
    double defaultWorst = Math.max(Math.abs(defaultTop),
        Math.abs(cells.get(defaultId.replace("-u20", "-u10")).get("absoluteErrorMicros").asDouble()));
    assertTrue(Math.abs(xintTop) > defaultWorst, "-Xint " + xintTop + " us at 20 users > default's " + defaultWorst
        + " us at 10 and 20 users");
    long boundMicros = Math.round(Math.sqrt(defaultWorst * Math.abs(xintTop)));
    // the matrix's page, and each cell's own page it links to
    String page = Files.readString(dir.resolve("report.html"));
    assertTrue(grid.output().contains("crosscheck matrix: report in " + dir.resolve("report.html")), grid.output());
    assertTrue(grid.output().contains(", sharing yes (connection sharing"),
        "each cell's line names the verdict its sharing rests on: " + grid.output());
    for (String id : cells.keySet()) {
      assertTrue(page.contains(id), "the page's data names cell " + id);
      assertTrue(Files.exists(dir.resolve(cells.get(id).get("runDir").asText()).resolve("report.html")), id);
    }

    // resumed: every cell is already done, none is run again
    long t1 = System.nanoTime();
    ChildCli.Ended again = matrix(tmp, dir, "--users", "10,20");
    long againMillis = (System.nanoTime() - t1) / 1_000_000;
    assertEquals(0, again.exitCode(), again.output());
    assertEquals(4, count(again.output(), "skipped: already done"), again.output());
    assertEquals(0, count(again.output(), "), ETA "), "no cell ran: " + again.output());
    assertEquals(4, runDirectories(dir), "no new run directory");

    // the search, in the same directory: its 10- and 20-user steps are the grid's cells
    long t2 = System.nanoTime();
    ChildCli.Ended search = matrix(tmp, dir, "--search", "--start-users", "10", "--max-users", "20", "--max-steps",
        "3", "--max-abs-error", boundMicros + "us");
    long searchMillis = (System.nanoTime() - t2) / 1_000_000;
    assertEquals(0, search.exitCode(), search.output());
    JsonNode s = JSON.readTree(dir.resolve("matrix.json").toFile());
    assertEquals(boundMicros, s.get("bound").get("maxAbsErrorMicros").asDouble(), 0.001);
    JsonNode def = null;
    JsonNode xint = null;
    for (JsonNode series : s.get("search")) {
      if (series.get("optsLabel").asText().equals("default")) {
        def = series;
      } else if (series.get("optsLabel").asText().equals("-Xint")) {
        xint = series;
      }
    }
    assertNotNull(def, s.toString());
    assertNotNull(xint, s.toString());
    assertEquals(20, def.get("largestUsersHeld").asInt(), "the default JIT held to --max-users: " + def);
    assertTrue(xint.get("failedAtUsers").isNumber(), "-Xint failed at some level: " + xint);
    int xintHeld = xint.get("largestUsersHeld").isNumber() ? xint.get("largestUsersHeld").asInt() : 0;
    assertTrue(xintHeld < 20, "-Xint held fewer users than the default JIT: " + xint);
    for (JsonNode c : s.get("cells")) {
      // a grid cell the search did not visit is kept as the grid ran it (a resume drops no cell)
      assertTrue(c.get("searchStep").isInt() || cells.containsKey(c.get("id").asText()),
          "every search cell has its step: " + c);
      assertTrue(c.get("sharing").asBoolean(), c.toString());
    }
    assertTrue(count(search.output(), "skipped: already done") >= 3, search.output());

    System.out.printf(Locale.ROOT, "[matrix] 4 cells (1s+2s, RUBiS x0.02, legacy nanos): abs error at 20 users"
            + " default %.0f us, -Xint %.0f us; resume re-ran 0 cells; search bound %d us: default held %d users,"
            + " -Xint held %s (failed at %d: %s); wall grid %d ms, resume %d ms, search %d ms (%d cells)%n",
        defaultTop, xintTop, boundMicros, def.get("largestUsersHeld").asInt(),
        xintHeld == 0 ? "none (below the first level, 10)" : String.valueOf(xintHeld), xint.get("failedAtUsers").asInt(),
        xint.get("reason").asText(), gridMillis, againMillis, searchMillis, s.get("cells").size());
  }

  private static ChildCli.Ended matrix(Path tmp, Path dir, String... more) throws Exception {
    List<String> args = new ArrayList<>(WORKLOAD);
    args.addAll(List.of(more));
    args.addAll(List.of("--out", dir.toString()));
    return ChildCli.runToEnd(tmp, Duration.ofSeconds(120), args.toArray(String[]::new));
  }

  private static Map<String, JsonNode> byId(JsonNode m) {
    Map<String, JsonNode> cells = new HashMap<>();
    m.get("cells").forEach(c -> cells.put(c.get("id").asText(), c));
    return cells;
  }

  private static int count(String text, String what) {
    int n = 0;
    for (int i = text.indexOf(what); i >= 0; i = text.indexOf(what, i + 1)) {
      n++;
    }
    return n;
  }

  private static long runDirectories(Path dir) throws Exception {
    try (Stream<Path> s = Files.list(dir)) {
      return s.filter(Files::isDirectory).count();
    }
  }
}
