package io.crosscheck.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.crosscheck.rundir.FindingsFile;
import io.crosscheck.rundir.RunFiles;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The wording of the findings table, pinned by golden files: the one place tests pin prose (every other
 * test asserts findings.json's values). Each fixture is a findings.json written by a real audit (a netty
 * run with capture and server telemetry, an agent audit of a two-thread URL.openStream generator, a
 * legacy-urlconnection audit): {@code findings-v2/} by the code before verdicts became enums
 * (formatVersion 2, its sentences printed as written), {@code findings-v3/} by the code of formatVersion 3
 * (the connection verdict and the error's source rendered from their enums and figures, the client host's
 * sentences printed as written; {@code run-capture-typed} is its run-capture with the server host's verdict
 * as an enum and the coverage's figures instead of their sentences), {@code findings-v4/} the same audits in
 * the form this code writes (formatVersion 4: the client host, too, as its verdict and figures, read back
 * from the sentences they replace by a one-off conversion): their tables are the version-3 tables, byte for
 * byte; {@code findings-v5/} the form this code writes (formatVersion 5: the WAN link's verdict and a merge's
 * coverage as figures too), beside {@code findings-v4/} files of the same audit compared (or the same shards merged)
 * by the code of formatVersion 4, whose tables they equal. {@code foreign-capture} and {@code local-capture} are run-capture with a capture clock aligned (drifting)
 * or read as the generator's own, in both forms: the version-3 sentences formatted from the format strings of the
 * code that wrote them. The table is rendered under two default locales and must equal {@code
 * findings-table.txt} beside the fixture byte for byte.
 *
 * <p>To regenerate after a deliberate change of wording: {@code mvn -B -ntp -q -o -pl harness -am verify
 * -Dtest=FindingsTableGoldenTest -Dsurefire.failIfNoSpecifiedTests=false -Dgolden.update=true}, then
 * review {@code git diff harness/src/test/resources/io/crosscheck/report} and commit it. The fixtures
 * themselves come from {@code ./crosscheck audit ... --out DIR} against {@code ./crosscheck serve}, with the
 * run directory's path replaced by {@code RUN_DIR/}; {@code wan-audit} from {@code audit --wan rtt=20ms --users 2
 * --ramp-up 0s --duration 2s --ramp-down 0s}, then {@code compare RUN_DIR} by each code on a copy of it;
 * {@code shard-merge} from two {@code audit --shard I/2 --users 6 --think exp:20ms --duration 2s} against
 * {@code serve}, then {@code merge} by each code.
 */
class FindingsTableGoldenTest {
  static final String FIXTURES = "io/crosscheck/report/";

  @ParameterizedTest
  @ValueSource(strings = {"findings-v2/run-capture", "findings-v2/agent-audit", "findings-v2/legacy-audit",
      "findings-v3/run-capture", "findings-v3/agent-audit", "findings-v3/legacy-audit",
      "findings-v3/run-capture-typed", "findings-v3/foreign-capture", "findings-v3/local-capture",
      "findings-v4/run-capture", "findings-v4/agent-audit", "findings-v4/legacy-audit", "findings-v4/foreign-capture",
      "findings-v4/local-capture", "findings-v4/wan-audit", "findings-v4/shard-merge", "findings-v5/wan-audit",
      "findings-v5/shard-merge"})
  void theTableOfAnOldFileEqualsItsGoldenFile(String fixture) throws Exception {
    FindingsFile file = RunFiles.readFindings(fixture(fixture).resolve("findings.json"));
    String table = render(file);
    assertFalse(table.contains("null"), table);
    assertGolden(fixture, table);
  }

  /**
   * A run whose GC pause source did not run has no pause count (its -1 is no figure): the table says
   * so and names the source, and prints no count, total or maximum.
   */
  @org.junit.jupiter.api.Test
  void withoutAPauseSourceTheTablePrintsNoPauseFigure(@org.junit.jupiter.api.io.TempDir Path tmp) throws Exception {
    com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper();
    com.fasterxml.jackson.databind.node.ObjectNode file = (com.fasterxml.jackson.databind.node.ObjectNode)
        json.readTree(fixture("findings-v5/wan-audit").resolve("findings.json").toFile());
    ((com.fasterxml.jackson.databind.node.ObjectNode) file.get("findings").get("pressure")).put("gcPauses", -1)
        .put("gcPauseTotalMicros", -1).put("gcPauseMaxMicros", -1).put("gcPauseSource", "off");
    Path changed = tmp.resolve("findings.json");
    json.writeValue(changed.toFile(), file);
    String table = render(RunFiles.readFindings(changed));
    String pressure = table.lines().filter(l -> l.startsWith("generator JVM")).findFirst().orElse(table);
    assertEquals("generator JVM: peak 13 threads, heap max 25.8 MiB, GC pauses not measured (off), mean CPU 0.54 cores",
        pressure.replaceAll(" +", " "), table);
    assertFalse(table.contains("pauses from"), table);
  }

  /**
   * Connections no record names are another client's, most likely, unless the capture saw connections begin
   * without a SYN: this generator's own whose SYN was lost have no connect instant to meet a record's, and the
   * line then names both and how many began without one.
   */
  @ParameterizedTest
  @ValueSource(longs = {0, 3})
  void foreignConnectionsAreNotGuessedAnotherClientsWhenSynsWereLost(long withoutSyn,
      @org.junit.jupiter.api.io.TempDir Path tmp) throws Exception {
    com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper();
    com.fasterxml.jackson.databind.node.ObjectNode file = (com.fasterxml.jackson.databind.node.ObjectNode)
        json.readTree(fixture("findings-v5/wan-audit").resolve("findings.json").toFile());
    ((com.fasterxml.jackson.databind.node.ObjectNode) file.get("findings").get("connections"))
        .put("foreignConnections", 5).put("foreignExchanges", 7);
    ((com.fasterxml.jackson.databind.node.ObjectNode) file.get("wire")).put("midConnectionStarts", withoutSyn);
    Path changed = tmp.resolve("findings.json");
    json.writeValue(changed.toFile(), file);
    String table = render(RunFiles.readFindings(changed));
    String foreign = table.lines().filter(l -> l.startsWith("foreign:")).findFirst().orElse(table).replaceAll(" +", " ");
    String whose = withoutSyn == 0 ? "another client's, most likely (a second audit, a health check)"
        : "another client's (a second audit, a health check) or this generator's own whose SYN the capture did not"
            + " see (3 connections began without one)";
    assertEquals("foreign: 7 exchanges on 5 connections that no record of this generator names (evidence: its"
        + " records' client ip:port and connect instants): " + whose + "; left out of the counts above", foreign);
  }

  /**
   * {@code findings-v3/run-capture-typed} is {@code findings-v3/run-capture} with its server host, its coverage
   * and its per-URL figures as this code writes them (the verdict and the figures, no sentence): the table reads
   * the same as the sentences they replace.
   */
  @org.junit.jupiter.api.Test
  void sectionsRenderedFromTheirFiguresReadAsTheSentencesTheyReplaced() throws Exception {
    FindingsFile typed = RunFiles.readFindings(fixture("findings-v3/run-capture-typed").resolve("findings.json"));
    FindingsFile written = RunFiles.readFindings(fixture("findings-v3/run-capture").resolve("findings.json"));
    assertEquals(io.crosscheck.rundir.Findings.ServerHostVerdict.NOT_BOTTLENECK, typed.findings().serverHost().verdict());
    assertEquals(null, typed.findings().serverHost().statement());
    assertEquals(null, typed.findings().coverage().statement());
    assertEquals(0L, typed.findings().coverage().sentBeforeCapture());
    assertEquals(null, typed.findings().urls().statement());
    assertEquals(render(written), render(typed));
  }

  /**
   * A file of formatVersion 4 holds no sentence of the client host, the reported intervals or the clock mapping:
   * their verdicts and figures render the words a version-3 file of the same audit held.
   */
  @ParameterizedTest
  @ValueSource(strings = {"run-capture", "agent-audit", "legacy-audit", "foreign-capture", "local-capture"})
  void sectionsOfVersion4RenderedFromTheirFiguresReadAsTheSentencesTheyReplaced(String name) throws Exception {
    FindingsFile v4 = RunFiles.readFindings(fixture("findings-v4/" + name).resolve("findings.json"));
    FindingsFile v3 = RunFiles.readFindings(fixture("findings-v3/" + name
        + (name.equals("run-capture") ? "-typed" : "")).resolve("findings.json"));
    assertEquals(4, v4.formatVersion());
    if (v3.captureClock() != null) {
      assertEquals(null, v4.captureClock().statement());
      assertEquals(v3.captureClock().statement(), FindingsSentences.captureClock(v4.captureClock()));
      assertEquals(v3.captureClock().driftStatement(), FindingsSentences.captureClockDrift(v4.captureClock()));
      assertEquals(v3.captureClock().rule(), FindingsSentences.captureClockRule(v4.captureClock()));
    }
    io.crosscheck.rundir.Findings.ClientHost h = v4.findings().clientHost();
    assertEquals(null, h.statement());
    assertEquals(null, h.evidence());
    assertEquals(v3.findings().clientHost().verdict(), h.verdict());
    assertEquals(v3.findings().clientHost().statement(), FindingsSentences.clientHost(v4.findings()));
    assertEquals(v3.findings().clientHost().evidence(), FindingsSentences.clientHostEvidence(v4.findings()));
    assertEquals(null, v4.findings().coverage().clockMapping());
    assertEquals(io.crosscheck.rundir.Findings.ClockMappingKind.CALIBRATIONS,
        v4.findings().coverage().clockMappingKind());
    assertEquals(v3.findings().coverage().clockMapping(), FindingsSentences.clockMapping(v4.findings()));
    if (v3.findings().reportedIntervals() != null) {
      assertEquals(null, v4.findings().reportedIntervals().statement());
      assertEquals(v3.findings().reportedIntervals().statement(), FindingsSentences.reportedIntervals(v4.findings()));
      assertEquals(ReportedIntervalTable.format(v3.findings()), ReportedIntervalTable.format(v4.findings()));
    }
    assertEquals(render(v3), render(v4));
  }

  /**
   * A file of formatVersion 5 holds no sentence of the WAN link or of a merge's coverage: the link's verdict and
   * figures, and each shard's coverage, render the words the version-4 file of the same audit (compared, or
   * merged, by the code of formatVersion 4) held.
   */
  @org.junit.jupiter.api.Test
  void sectionsOfVersion5RenderedFromTheirFiguresReadAsTheSentencesTheyReplaced() throws Exception {
    FindingsFile wan5 = RunFiles.readFindings(fixture("findings-v5/wan-audit").resolve("findings.json"));
    FindingsFile wan4 = RunFiles.readFindings(fixture("findings-v4/wan-audit").resolve("findings.json"));
    assertEquals(5, wan5.formatVersion());
    assertEquals(4, wan4.formatVersion());
    io.crosscheck.rundir.Findings.Wan w = wan5.findings().wan();
    assertEquals(null, w.statement());
    assertEquals(null, w.evidence());
    assertEquals(io.crosscheck.rundir.Findings.WanVerdict.HELD, w.verdict());
    assertEquals(wan4.findings().wan().statement(), FindingsSentences.wan(wan5.findings()));
    assertEquals(wan4.findings().wan().evidence(), FindingsSentences.wanEvidence(wan5.findings()));
    assertEquals(render(wan4), render(wan5));

    FindingsFile merge5 = RunFiles.readFindings(fixture("findings-v5/shard-merge").resolve("findings.json"));
    FindingsFile merge4 = RunFiles.readFindings(fixture("findings-v4/shard-merge").resolve("findings.json"));
    assertEquals(null, merge5.findings().coverage().statement());
    assertEquals(null, merge4.findings().coverage().shards());
    assertEquals(merge4.findings().coverage().statement(), FindingsSentences.coverage(merge5.findings()));
    assertEquals(render(merge4), render(merge5));
  }

  static String render(FindingsFile file) {
    Locale before = Locale.getDefault();
    try {
      Locale.setDefault(Locale.GERMANY); // figures must not take a decimal comma from the default locale
      String german = FindingsTable.format(file);
      Locale.setDefault(Locale.US);
      assertEquals(FindingsTable.format(file), german, "the table depends on the default locale");
      return german;
    } finally {
      Locale.setDefault(before);
    }
  }

  static Path fixture(String name) throws Exception {
    return Path.of(FindingsTableGoldenTest.class.getClassLoader().getResource(FIXTURES + name).toURI());
  }

  static void assertGolden(String fixture, String table) throws Exception {
    Path golden = fixture(fixture).resolve("findings-table.txt");
    if (Boolean.getBoolean("golden.update")) {
      Path source = Path.of("src/test/resources", FIXTURES, fixture, "findings-table.txt");
      Files.writeString(source, table, StandardCharsets.UTF_8);
      return;
    }
    assertEquals(Files.exists(golden) ? Files.readString(golden, StandardCharsets.UTF_8) : "<no golden file>", table,
        "the findings table of " + fixture + " differs from " + FIXTURES + fixture + "/findings-table.txt; if the"
            + " change of wording is deliberate, regenerate it with -Dgolden.update=true (see this class's javadoc)"
            + " and review the diff");
  }
}
