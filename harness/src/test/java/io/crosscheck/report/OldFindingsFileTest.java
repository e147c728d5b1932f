package io.crosscheck.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.crosscheck.rundir.Findings;
import io.crosscheck.rundir.FindingsFile;
import io.crosscheck.rundir.RunFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A findings.json of formatVersion 2 (verdicts as sentences, written by a real audit before they became
 * enums), 3 (the client host, the reported intervals and the clock mapping still as sentences) or 4 (the WAN
 * link and a merge's coverage still as sentences) still loads: its verdicts read to the same enums a file of
 * version 5 holds, and the renderer says them, its
 * stored sentences as written, without a "null". Written again by this code, it keeps every figure and
 * sentence it had.
 */
class OldFindingsFileTest {
  private static FindingsFile v2(String name) throws Exception {
    return RunFiles.readFindings(FindingsTableGoldenTest.fixture("findings-v2/" + name).resolve("findings.json"));
  }

  @Test
  void aRunWithCaptureOfVersion2ReadsToItsEnums() throws Exception {
    FindingsFile file = v2("run-capture");
    Findings f = file.findings();
    assertEquals(2, file.formatVersion());
    assertTrue(file.support().supported());
    assertEquals(Findings.CoverageState.JUDGED, f.coverage().stateOrDerived());
    assertEquals(473, f.coverage().matched());
    assertEquals(473, f.responseTime().pairs());
    assertEquals(Findings.VerdictKind.NO_SHARING, f.connections().kind());
    assertEquals(48, f.connections().sessions());
    assertEquals(Findings.BottleneckHost.CLIENT_UNKNOWN, f.clientHost().bottleneckHost());
    assertEquals(Findings.ErrorCause.CLIENT_HOST, f.errorSource().causeOrFromStatement());
    assertEquals("loop-alone", f.errorSource().layout().substring(0, "loop-alone".length()));
    assertEquals(Findings.PaceState.FELL_BEHIND, f.pace().stateOrDerived(), f.pace().statement());
    assertEquals(0, f.pace().behindFromSecond());
    assertTrue(f.serverHost().judged());
    assertFalse(f.serverHost().bottleneck());
    assertNoNull(file);
  }

  @Test
  void legacyAndAgentAuditsOfVersion2HaveNoLayoutAndPrintNoNull() throws Exception {
    for (String name : new String[] {"legacy-audit", "agent-audit"}) {
      FindingsFile file = v2(name);
      Findings f = file.findings();
      assertEquals(Findings.VerdictKind.SHARING, f.connections().kind(), name);
      assertEquals(Findings.BottleneckHost.SERVER_UNKNOWN, f.clientHost().bottleneckHost(), name);
      assertNull(f.serverHost(), name);
      if (f.errorSource() != null) {
        assertNull(f.errorSource().layout(), name + ": no engine layout (a legacy engine, an agent)");
        assertNull(f.errorSource().knownAccuracy(), name);
      }
      String table = assertNoNull(file);
      assertFalse(table.contains("engine layout"), name + ": nothing to say of a layout it did not have\n" + table);
      assertFalse(table.contains("  known:"), table);
    }
    assertEquals(1080, v2("legacy-audit").findings().coverage().matched());
    assertEquals(109, v2("legacy-audit").findings().connections().sessions());
    assertEquals(126, v2("agent-audit").findings().coverage().matched());
  }

  private static FindingsFile v3(String name) throws Exception {
    return RunFiles.readFindings(FindingsTableGoldenTest.fixture("findings-v3/" + name).resolve("findings.json"));
  }

  @Test
  void aVersion3FileRendersItsStoredClientHostSentences() throws Exception {
    for (String name : new String[] {"run-capture", "agent-audit", "legacy-audit", "run-capture-typed"}) {
      FindingsFile file = v3(name);
      Findings.ClientHost h = file.findings().clientHost();
      assertEquals(3, file.formatVersion(), name);
      assertTrue(h.judged(), name);
      assertNull(h.samples(), name + ": a version-3 file holds the sentence, not the figures behind it");
      assertEquals(h.statement(), FindingsSentences.clientHost(file.findings()), name);
      assertEquals(h.evidence(), FindingsSentences.clientHostEvidence(file.findings()), name);
      String table = assertNoNull(file);
      assertTrue(table.contains("client host:   " + h.statement() + "\n"), name + "\n" + table);
      assertTrue(table.contains("  evidence:    " + h.evidence() + "\n"), name + "\n" + table);
    }
    assertEquals(Findings.ClientHostVerdict.BOTTLENECK_RUN_QUEUE, v3("legacy-audit").findings().clientHost().verdict());
    assertEquals(Findings.ClientHostVerdict.NOT_BOTTLENECK_SEND_LAG_LOW,
        v3("agent-audit").findings().clientHost().verdict());
  }

  @Test
  void aVersion3CaptureClockPrintsItsStoredSentences() throws Exception {
    FindingsFile file = v3("foreign-capture");
    io.crosscheck.rundir.CaptureClock c = file.captureClock();
    assertNull(c.choice(), "a version-3 file holds the sentences, not the choice behind them");
    assertEquals(c.statement(), FindingsSentences.captureClock(c));
    assertEquals(c.driftStatement(), FindingsSentences.captureClockDrift(c));
    assertEquals(c.rule(), FindingsSentences.captureClockRule(c));
    String table = assertNoNull(file);
    assertTrue(table.contains("alignment:     " + c.statement() + "\n"), table);
    FindingsFile local = v3("local-capture");
    assertEquals(local.captureClock().statement(), FindingsSentences.captureClock(local.captureClock()));
    assertNull(FindingsSentences.captureClockDrift(local.captureClock()), "a local clock has no drift line");
  }

  @Test
  void aVersion3FileWrittenAgainKeepsItsSentences(@TempDir Path dir) throws Exception {
    for (String name : new String[] {"run-capture", "agent-audit", "legacy-audit"}) {
      FindingsFile file = v3(name);
      Path copy = dir.resolve(name + ".json");
      RunFiles.writeFindings(copy, file);
      FindingsFile again = RunFiles.readFindings(copy);
      assertEquals(file.findings().clientHost(), again.findings().clientHost(), name);
      assertEquals(file.findings().reportedIntervals(), again.findings().reportedIntervals(), name);
      assertEquals(file.findings().coverage(), again.findings().coverage(), name);
      assertEquals(FindingsTable.format(file), FindingsTable.format(again), name);
    }
  }

  @Test
  void aVersion2FileWrittenAgainRendersTheSameTable(@TempDir Path dir) throws Exception {
    for (String name : new String[] {"run-capture", "agent-audit", "legacy-audit"}) {
      FindingsFile file = v2(name);
      Path copy = dir.resolve(name + ".json");
      RunFiles.writeFindings(copy, file);
      FindingsFile again = RunFiles.readFindings(copy);
      assertEquals(file.findings().connections(), again.findings().connections(), name);
      assertEquals(file.findings().coverage(), again.findings().coverage(), name);
      assertEquals(file.findings().clientHost(), again.findings().clientHost(), name);
      assertEquals(file.findings().errorSource(), again.findings().errorSource(), name);
      assertEquals(file.findings().pace(), again.findings().pace(), name);
      assertEquals(FindingsTable.format(file), FindingsTable.format(again), name);
      assertFalse(Files.readString(copy).contains("\"null\""), name);
    }
  }

  private static FindingsFile v4(String name) throws Exception {
    return RunFiles.readFindings(FindingsTableGoldenTest.fixture("findings-v4/" + name).resolve("findings.json"));
  }

  @Test
  void aVersion4FilePrintsItsStoredWanAndMergeCoverageSentences() throws Exception {
    FindingsFile wan = v4("wan-audit");
    Findings.Wan w = wan.findings().wan();
    assertEquals(4, wan.formatVersion());
    assertNull(w.verdict(), "a version-4 file holds the sentences, not the verdict");
    assertNull(w.upDelayed());
    assertEquals(w.statement(), FindingsSentences.wan(wan.findings()));
    assertEquals(w.evidence(), FindingsSentences.wanEvidence(wan.findings()));
    assertEquals(0, w.belowRtt());
    String table = assertNoNull(wan);
    assertTrue(table.contains("wan:           " + w.statement() + "\n"), table);
    FindingsFile merge = v4("shard-merge");
    Findings.Coverage c = merge.findings().coverage();
    assertNull(c.shards(), "a version-4 merge holds its coverage's sentence, not each shard's figures");
    assertEquals(Findings.ClockMappingKind.SHARD_CALIBRATIONS, c.clockMappingKind());
    assertEquals(Findings.CoverageState.JUDGED, c.stateOrDerived());
    assertEquals(c.statement(), FindingsSentences.coverage(merge.findings()));
    assertTrue(assertNoNull(merge).contains("coverage:      " + c.statement() + "\n"));
  }

  @Test
  void aVersion4FileWrittenAgainKeepsItsSentences(@TempDir Path dir) throws Exception {
    for (String name : new String[] {"wan-audit", "shard-merge"}) {
      FindingsFile file = v4(name);
      Path copy = dir.resolve(name + ".json");
      RunFiles.writeFindings(copy, file);
      FindingsFile again = RunFiles.readFindings(copy);
      assertEquals(file.findings().wan(), again.findings().wan(), name);
      assertEquals(file.findings().coverage(), again.findings().coverage(), name);
      assertEquals(FindingsTable.format(file), FindingsTable.format(again), name);
    }
  }

  private static String assertNoNull(FindingsFile file) {
    String table = FindingsTableGoldenTest.render(file);
    assertFalse(table.contains("null"), table);
    return table;
  }
}
