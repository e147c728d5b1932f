package io.crosscheck.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.crosscheck.record.SummaryJson;
import io.crosscheck.rundir.CaptureJson;
import io.crosscheck.rundir.FindingsFile;
import io.crosscheck.rundir.RunFiles;
import io.crosscheck.rundir.RunJson;
import java.net.URISyntaxException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The run directory is a versioned contract: a directory written by crosscheck before the typed
 * model (format 1, checked in under {@code fixtures/run-v1}, made at commit 2c1c1ae; its README
 * says how) stays readable forever, through the one reader, and comparing it again gives the same
 * matched counts and error figures it gave then.
 */
class FormatV1FixtureTest {
  private static Path fixture() throws URISyntaxException {
    return Path.of(FormatV1FixtureTest.class.getResource("/fixtures/run-v1/run.json").toURI()).getParent();
  }

  @Test
  void formatOneFilesLoadThroughTheReader() throws Exception {
    RunJson run = RunFiles.readRun(fixture());
    assertEquals(1, run.formatVersion());
    assertEquals("completed", run.status());
    assertNull(run.pid(), "v1 recorded no pid");
    assertEquals("completed", RunFiles.status(run).status());
    assertEquals(18411, run.targetPort());
    assertEquals(0, run.reportedResolutionNanos(), "upgraded from extra.timingMillisClock (absent: nanos)");
    assertEquals("netty", run.engine().name());
    assertEquals(200, run.engineResult().requestsIssued());
    assertEquals(2, run.clockOffsets().size(), "clockStart and clockEnd");
    assertTrue(run.telemetry().threadsPeak() > 0, "the telemetry summary is typed: " + run.telemetry());

    CaptureJson capture = RunFiles.readCapture(fixture()).orElseThrow();
    assertEquals("lo", capture.interfaceName());
    assertEquals(0L, capture.kernelDropped());

    SummaryJson summary = RunFiles.readSummary(fixture()).orElseThrow();
    assertEquals(200, summary.recordsTotal());
    assertEquals(200L, summary.outcomeCountsAllPhases().get("ok"));
    assertEquals("*", summary.overall().url());

    FindingsFile old = RunFiles.readFindings(fixture().resolve("findings.json"));
    assertEquals(1, old.formatVersion());
    assertNull(old.findings().coverage(), "v1 had no coverage");
    assertEquals(200, old.findings().matching().matched());
    assertEquals(448.003, old.findings().responseTime().absoluteErrorMicros(), 0.001);
    assertEquals(605, old.capture().packets());
  }

  @Test
  void comparingTheFormatOneRunAgainGivesTheSameFigures(@TempDir Path tmp) throws Exception {
    Path dir = Evidence.copyRun(fixture(), tmp.resolve("run-v1"));

    Evidence.Compared run = Evidence.compare(dir.toString());

    assertEquals(0, run.exitCode(), run.toString());
    JsonNode f = Evidence.findings(dir);
    // the figures of the fixture's README (its v1 findings.json)
    assertEquals(200, f.at("/matching/records").asLong());
    assertEquals(200, f.at("/matching/wireExchanges").asLong());
    assertEquals(200, f.at("/matching/matched").asLong());
    assertEquals(200, f.at("/matching/matchedByConnection").asLong());
    assertEquals(13, f.at("/responseTime/pairs").asLong());
    assertEquals(187, f.at("/responseTime/excludedPairs/not-measured-phase").asLong());
    assertEquals(1658.295, f.at("/responseTime/reportedMeanMicros").asDouble(), 0.001);
    assertEquals(1210.292, f.at("/responseTime/wireMeanMicros").asDouble(), 0.001);
    assertEquals(448.003, f.at("/responseTime/absoluteErrorMicros").asDouble(), 0.001);
    assertEquals(448.003, f.at("/responseTime/perRequestError/meanMicros").asDouble(), 0.001);
    assertEquals(1624.316, f.at("/responseTime/perRequestError/p99Micros").asDouble(), 0.001);
    assertEquals(20, f.at("/connections/sessions").asLong());
    assertEquals(20, f.at("/connections/connectionsOpened").asLong());
    assertEquals(6, f.at("/connections/peakConcurrentConnections").asLong());
    // no sharing: 20 connections for 20 sessions, each used by one session; up to 10 requests on one
    assertEquals("no-sharing", f.at("/connections/verdictKind").asText());
    assertEquals(20, f.at("/connections/matchedConnections").asLong());
    assertEquals(10, f.at("/connections/maxRequestsOnOneConnection").asLong());
    // and now it says what they rest on
    assertEquals(200, f.at("/coverage/matched").asLong());
    assertEquals(200, f.at("/coverage/inCapture").asLong());
    assertTrue(f.at("/coverage/sufficient").asBoolean());
    assertEquals(RunFiles.FINDINGS_FORMAT_VERSION, Evidence.findingsFile(dir).get("formatVersion").asInt(),
        "rewritten in the current format");
  }
}
