package io.crosscheck.rundir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.crosscheck.record.JsonFiles;
import io.crosscheck.record.MalformedInputException;
import io.crosscheck.record.SummaryJson;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The run directory's JSON readers on files of today's format (a real audit's run.json and
 * findings.json, the report's fixture), and their version checks: a newer format is refused by
 * name before it is read as a record, and so is a formatVersion that is not a version.
 */
class RunFilesTest {
  @TempDir Path tmp;

  private Path fixture() throws Exception {
    Path from = Path.of(RunFilesTest.class.getResource("/io/crosscheck/report/html/run-fixture").toURI());
    Path dir = Files.createDirectories(tmp.resolve("run"));
    for (String f : new String[] {RunFiles.RUN_JSON, RunFiles.FINDINGS_JSON}) {
      Files.copy(from.resolve(f), dir.resolve(f), StandardCopyOption.REPLACE_EXISTING);
    }
    return dir;
  }

  @Test
  void todaysRunAndFindingsRead() throws Exception {
    Path dir = fixture();
    RunJson run = RunFiles.readRun(dir);
    assertEquals(2, run.formatVersion());
    assertEquals(320, run.engineResult().requestsIssued());
    FindingsFile f = RunFiles.readFindings(dir.resolve(RunFiles.FINDINGS_JSON));
    assertEquals(2, f.formatVersion());
    assertEquals(320, f.run().recordsRead());
  }

  @Test
  void aNewerFormatOrAFormatVersionThatIsNoVersionIsRefusedByName() throws Exception {
    Path dir = fixture();
    Path run = dir.resolve(RunFiles.RUN_JSON);
    String text = Files.readString(run);
    Files.writeString(run, text.replaceFirst("\"formatVersion\" : 2", "\"formatVersion\" : 3"));
    MalformedInputException newer = assertThrows(MalformedInputException.class, () -> RunFiles.readRun(dir));
    assertEquals(run + ": formatVersion 3 was written by a newer crosscheck (this one reads up to 2)",
        newer.getMessage());
    for (String bad : new String[] {"\"2\"", "2.5", "0", "null"}) {
      Files.writeString(run, text.replaceFirst("\"formatVersion\" : 2", "\"formatVersion\" : " + bad));
      MalformedInputException e = assertThrows(MalformedInputException.class, () -> RunFiles.readRun(dir), bad);
      assertEquals(run + ": formatVersion " + bad + ": expected a whole number from 1 to 2", e.getMessage());
    }
    Path findings = dir.resolve(RunFiles.FINDINGS_JSON);
    Files.writeString(findings, Files.readString(findings).replaceFirst("\"formatVersion\" ?: 2",
        "\"formatVersion\" : 9"));
    assertEquals(findings + ": formatVersion 9 was written by a newer crosscheck (this one reads up to "
        + RunFiles.FINDINGS_FORMAT_VERSION + ")",
        assertThrows(MalformedInputException.class, () -> RunFiles.readFindings(findings)).getMessage());
  }

  @Test
  void summaryJsonReadsBackAndANewerFormatIsRefusedByName() throws Exception {
    Path dir = Files.createDirectories(tmp.resolve("summary"));
    SummaryJson.Row row = new SummaryJson.Row("*", 3, 0, Map.of(), 3, 100.5, 100, 120, 130, 130, 3.0);
    SummaryJson written = new SummaryJson(SummaryJson.FORMAT_VERSION, "service", 3, Map.of("ok", 3L), 0,
        1_000_000_000L, row, List.of(row), null);
    Path file = dir.resolve(RunFiles.SUMMARY_JSON);
    JsonFiles.writeAtomically(file, written);
    assertEquals(written, RunFiles.readSummary(dir).orElseThrow());
    Files.writeString(file, Files.readString(file).replaceFirst("\"formatVersion\" ?: 1", "\"formatVersion\" : 2"));
    assertEquals(file + ": formatVersion 2 was written by a newer crosscheck (this one reads up to 1)",
        assertThrows(MalformedInputException.class, () -> RunFiles.readSummary(dir)).getMessage());
  }
}
