package io.crosscheck.compare;

import static io.crosscheck.compare.MatcherTest.CLOCK;
import static io.crosscheck.compare.MatcherTest.exchange;
import static io.crosscheck.compare.MatcherTest.record;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.crosscheck.record.IntervalRecord;
import io.crosscheck.record.Outcome;
import io.crosscheck.record.RequestCsv.AgentColumns;
import io.crosscheck.record.RequestRecord;
import io.crosscheck.rundir.Findings.Coverage;
import io.crosscheck.rundir.Findings.IntervalGroup;
import io.crosscheck.rundir.Findings.ReportedIntervals;
import io.crosscheck.rundir.Findings.ReportedIntervalsState;
import io.crosscheck.wire.WireExchange;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reported intervals against the wire, on in-memory records and exchanges. */
class ReportedIntervalAnalysisTest {
  private static final long MS = 1_000_000L;

  @Test
  void spanSumGapPageAndErrorOfAPageWithItsImages(@TempDir Path dir) throws Exception {
    // interval 1: a page (2 ms on the wire) then two images (1 ms each) on one connection, 1 ms apart;
    // the generator reported 9 ms
    List<RequestRecord> records = List.of(
        record(7, 0, "/ViewItem?itemId=3", "127.0.0.1:5000", 0, 10 * MS, 2 * MS, Outcome.OK),
        record(7, 1, "/logo.jpg", "127.0.0.1:5000", 0, 13 * MS, MS, Outcome.OK),
        record(7, 2, "/bid.jpg", "127.0.0.1:5000", 0, 15 * MS, MS, Outcome.OK),
        // interval 2: its one exchange is not on the wire
        record(7, 3, "/Home", "127.0.0.1:5001", 20 * MS, 30 * MS, MS, Outcome.OK));
    List<WireExchange> wire = List.of(
        exchange("127.0.0.1:5000", 0, 0, "/ViewItem?itemId=3", 10 * MS, 2 * MS),
        exchange("127.0.0.1:5000", 0, 1, "/logo.jpg", 13 * MS, MS),
        exchange("127.0.0.1:5000", 0, 2, "/bid.jpg", 15 * MS, MS));
    MatchResult match = Matcher.match(records, wire, CLOCK);
    List<AgentColumns> agent = List.of(new AgentColumns("U", 1, -1), new AgentColumns("U", 1, -1),
        new AgentColumns("U", 1, -1), new AgentColumns("U", 2, -1));
    List<IntervalRecord> intervals = List.of(
        new IntervalRecord(1, 7, "U", "a.U#call", 9 * MS, 18 * MS, 9 * MS, "", "", 3),
        new IntervalRecord(2, 7, "U", "a.U#call", 29 * MS, 33 * MS, 4 * MS, "", "", 1));

    ReportedIntervalAnalysis.Result r = ReportedIntervalAnalysis.analyse(records, agent, intervals, match,
        "reportedBy=a.U#call", 0);

    ReportedIntervals s = r.section();
    assertEquals(2, s.intervals());
    assertEquals(1, s.intervalsMatched());
    assertEquals(4, s.exchanges());
    assertEquals(3, s.exchangesMatched());
    assertEquals(Map.of("exchange-unmatched", 1L), s.unmatchedIntervals());
    IntervalGroup o = s.overall();
    assertEquals(1, o.count());
    assertEquals(9_000, o.meanReportedMicros(), 1e-6);
    assertEquals(2_000, o.meanWirePageMicros(), 1e-6);
    assertEquals(6_000, o.meanWireSpanMicros(), 1e-6, "10 ms to 16 ms on the wire");
    assertEquals(4_000, o.meanWireSumMicros(), 1e-6);
    assertEquals(2_000, o.meanGapMicros(), 1e-6);
    assertEquals(3_000, o.meanErrorMicros(), 1e-6);
    assertEquals(0, o.reportedBelowSpan());
    assertEquals(List.of("/ViewItem"), s.groups().stream().map(IntervalGroup::urlGroup).toList());
    // its figures are stated: 1 of 2 intervals matched in full (3 of 4 exchanges), through the test clock
    assertEquals(ReportedIntervalsState.JUDGED, s.state());
    assertEquals(50.0, s.intervalsMatchedPercent(), 1e-9);
    assertEquals(null, s.clockMapping(), "the coverage's: not repeated");
    assertEquals(null, s.statement(), "the sentence is the renderer's");
    // findings.json keeps the section as written (and a run without it omits it)
    io.crosscheck.rundir.Findings findings = FindingsBuilder.build(null,
        Reconstruction.inMemory(wire, List.of(), wire.get(0).requestStartEpochNanos(),
            wire.get(2).lastResponseByteEpochNanos()), MatchResult.wireOnly(wire), 90,
        1_000_000_000L);
    Path json = dir.resolve("findings.json");
    io.crosscheck.rundir.RunFiles.writeFindings(json, new io.crosscheck.rundir.FindingsFile(2, null, null, null, null,
        findings.toBuilder().reportedIntervals(s).build()));
    assertEquals(s, io.crosscheck.rundir.RunFiles.readFindings(json).findings().reportedIntervals());
    io.crosscheck.rundir.RunFiles.writeFindings(json, new io.crosscheck.rundir.FindingsFile(2, null, null, null, null,
        findings));
    assertTrue(!Files.readString(json).contains("reportedIntervals"), "absent for a run without the agent");
    Path csv = dir.resolve("reported-intervals.csv");
    r.writeCsv(csv);
    List<String> lines = Files.readAllLines(csv);
    assertEquals(ReportedIntervalAnalysis.CSV_HEADER, lines.get(0));
    assertEquals("1,7,U,/ViewItem,3,true,,9000.0,2000.0,6000.0,4000.0,2000.0,3000.0", lines.get(1));
    assertEquals("2,7,U,/Home,1,false,exchange-unmatched,4000.0,,,,,", lines.get(2));
  }

  /** The coverage of a comparison, sufficient or not, at the default 90 % floor. */
  private static Coverage coverage(boolean sufficient) {
    return new Coverage(4, 4, 0, 0, 4, sufficient ? 4 : 1, sufficient ? 100 : 25, 4, 100, 90, sufficient, false, 0,
        1, null, "", null, null, null, null, null, null, null, null,
        io.crosscheck.rundir.Findings.ClockMappingKind.CALIBRATIONS);
  }

  @Test
  void noFigureBelowTheMatchingFloorOfTheRecordsOrOfTheIntervals() {
    List<RequestRecord> records = List.of(
        record(7, 0, "/a", "127.0.0.1:5000", 0, 10 * MS, 2 * MS, Outcome.OK),
        record(7, 1, "/b", "127.0.0.1:5001", 0, 20 * MS, 2 * MS, Outcome.OK));
    List<WireExchange> wire = List.of(exchange("127.0.0.1:5000", 0, 0, "/a", 10 * MS, 2 * MS));
    List<AgentColumns> agent = List.of(new AgentColumns("U", 1, -1), new AgentColumns("U", 2, -1));
    List<IntervalRecord> intervals = List.of(new IntervalRecord(1, 7, "U", "a.U#call", 9 * MS, 13 * MS, 4 * MS, "",
        "", 1), new IntervalRecord(2, 7, "U", "a.U#call", 19 * MS, 23 * MS, 4 * MS, "", "", 1));
    ReportedIntervalAnalysis.Result r = ReportedIntervalAnalysis.analyse(records, agent, intervals,
        Matcher.match(records, wire, CLOCK), "reportedBy=a.U#call", 0);
    assertEquals(1, r.section().overall().count(), "one interval has its figures");

    // the records cleared the floor, the intervals (1 of 2 in full) did not
    ReportedIntervals s = r.judged(coverage(true));
    assertEquals(0, s.overall().count());
    assertTrue(Double.isNaN(s.overall().meanReportedMicros()), "no figure: " + s.overall());
    assertEquals(List.of(), s.groups());
    assertEquals(1, s.intervalsMatched(), "the counts stay");
    // not judged: 50.0 % of the reported intervals matched in full, below the 90 % floor
    assertEquals(ReportedIntervalsState.NOT_JUDGED_INTERVALS_BELOW_FLOOR, s.state());
    assertEquals(50.0, s.intervalsMatchedPercent(), 1e-9);
    assertEquals(90.0, s.minMatchedPercent(), 0);
    assertEquals(2, s.intervals());
    assertEquals(1, s.exchangesMatched());
    assertEquals(2, s.exchanges());
    String table = io.crosscheck.report.ReportedIntervalTable.format(
        io.crosscheck.rundir.Findings.builder().reportedIntervals(s).build());
    assertTrue(table.contains("not judged") && !table.contains("wireSpan"), "evidence only: " + table);
    // the run's records below the floor: nothing of the intervals is judged either
    ReportedIntervals below = r.judged(coverage(false));
    assertEquals(ReportedIntervalsState.NOT_JUDGED_RECORDS_BELOW_FLOOR, below.state());
    assertEquals(90.0, below.minMatchedPercent(), 0);
    assertEquals(0, below.overall().count());
    // enough of both: the section as analysed
    ReportedIntervals full = ReportedIntervalAnalysis.analyse(records.subList(0, 1), agent.subList(0, 1),
        intervals.subList(0, 1), Matcher.match(records.subList(0, 1), wire, CLOCK), "reportedBy=a.U#call", 0)
        .judged(coverage(true));
    assertEquals(1, full.overall().count());
    assertEquals(ReportedIntervalsState.JUDGED, full.state());
    String printed = io.crosscheck.report.ReportedIntervalTable.format(
        io.crosscheck.rundir.Findings.builder().reportedIntervals(full).build());
    assertTrue(printed.contains("wireSpan") && printed.contains("(1 intervals)"), printed);
  }

  @Test
  void aFigureBelowItsWireSpanIsCountedNotClamped() {
    List<AgentColumns> agent = List.of(new AgentColumns("U", 1, -1), new AgentColumns("U", 1, -1));
    // 5 ms reported (in ms) for a 12 ms wire span: impossible beyond the 1 ms resolution
    List<IntervalRecord> intervals = List.of(new IntervalRecord(1, 7, "U", "a.S#rec", 10 * MS, 15 * MS, 5 * MS, "5",
        "ms", 2));

    ReportedIntervals s = analyseTwoOnOneConnection(agent, intervals, "reportedValue=a.S#rec:2:ms", MS);

    assertEquals(1, s.overall().reportedBelowSpan());
    assertEquals(-7_000, s.overall().meanErrorMicros(), 1e-6);
    assertEquals(1_000, s.belowSpanToleranceMicros(), 1e-6);
    // the CI gate's error metrics read the magnitude: 7 ms under the span is a 7 ms error
    assertEquals(7_000, s.overall().errorMagnitude().p99Micros(), 1e-6);
    assertEquals(7_000, s.overall().errorMagnitude().maxMicros(), 1e-6);
  }

  /**
   * An interval without a figure (-1: a page-timing generator's page whose last image was cut by the
   * run's end) is left out as {@code no-figure}, even when the wire saw its exchanges complete: it is
   * neither a figure below its span nor evidence for the means.
   */
  @Test
  void anIntervalWithoutAFigureIsLeftOutNotCountedBelowItsSpan() {
    List<AgentColumns> agent = List.of(new AgentColumns("user-0", 0, -1), new AgentColumns("user-0", 1, -1));
    List<IntervalRecord> intervals = List.of(new IntervalRecord(0, 0, "user-0", "RBE", 9 * MS, 12 * MS, 3 * MS, "",
        "", 1), new IntervalRecord(1, 0, "user-0", "RBE", 19 * MS, -1, -1, "", "", 1));

    ReportedIntervals s = analyseTwoOnOneConnection(agent, intervals, "RBE", 0);

    assertEquals(2, s.intervals());
    assertEquals(1, s.intervalsMatched());
    assertEquals(java.util.Map.of("no-figure", 1L), s.unmatchedIntervals());
    assertEquals(0, s.overall().reportedBelowSpan());
    assertEquals(1_000, s.overall().meanErrorMicros(), 1e-6, "3 ms reported for a 2 ms wire span");
  }

  @Test
  void withoutAReportingSpecOnlyTheAgentsTimingIsAvailable() {
    ReportedIntervals s = ReportedIntervalAnalysis.analyse(List.of(), List.of(), List.of(),
        Matcher.match(List.of(), List.of(), CLOCK), "", 0).section();
    assertEquals(0, s.intervals());
    assertEquals(ReportedIntervalsState.NO_REPORTING_METHOD, s.state(), "only the agent's own timing");
  }

  @Test
  void urlGroupIsThePathWithoutQueryOrSessionId() {
    assertEquals("/TPCW_home_interaction", ReportedIntervalAnalysis.urlGroup("/TPCW_home_interaction;jsessionid=AB?C_ID=1"));
    assertEquals("/x", ReportedIntervalAnalysis.urlGroup("/x"));
  }

  /**
   * The reported-interval section for /a at 10 ms and /b at 20 ms, 2 ms each on the wire, on one
   * connection of user 7, with the agent's columns and intervals given.
   */
  private static ReportedIntervals analyseTwoOnOneConnection(List<AgentColumns> agent, List<IntervalRecord> intervals,
      String reporting, long resolutionNanos) {
    List<RequestRecord> records = List.of(
        record(7, 0, "/a", "127.0.0.1:5000", 0, 10 * MS, 2 * MS, Outcome.OK),
        record(7, 1, "/b", "127.0.0.1:5000", 0, 20 * MS, 2 * MS, Outcome.OK));
    List<WireExchange> wire = List.of(exchange("127.0.0.1:5000", 0, 0, "/a", 10 * MS, 2 * MS),
        exchange("127.0.0.1:5000", 0, 1, "/b", 20 * MS, 2 * MS));
    return ReportedIntervalAnalysis.analyse(records, agent, intervals, Matcher.match(records, wire, CLOCK), reporting,
        resolutionNanos).section();
  }
}
