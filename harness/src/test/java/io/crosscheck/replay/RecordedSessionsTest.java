package io.crosscheck.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.crosscheck.model.Arrival;
import io.crosscheck.model.ArrivalProcess;
import io.crosscheck.model.Phase;
import io.crosscheck.model.RequestPlan;
import io.crosscheck.model.SessionSource;
import io.crosscheck.model.Target;
import io.crosscheck.model.Workload;
import io.crosscheck.model.spec.WorkloadSpec;
import io.crosscheck.record.MalformedInputException;
import io.crosscheck.record.Outcome;
import io.crosscheck.record.RequestCsv;
import io.crosscheck.record.RequestRecord;
import io.crosscheck.rundir.WorkloadSection;
import io.crosscheck.schedule.ArrivalSequence;
import io.crosscheck.schedule.Schedule;
import io.crosscheck.schedule.SessionPlan;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The recorded sessions of a run directory: grouping, order, start instants, think times, bursts,
 * not-sent records kept in place, located errors; the replay workload's schedule; and the httperf
 * export read back by crosscheck's own {@code --wsesslog} and {@code --interarrival} parsers.
 */
class RecordedSessionsTest {
  private static final long MS = 1_000_000L;
  private static final long T0 = 5_000_000_000L;

  /** A record with the instants that matter here (ms after T0; -1 = never). */
  private static RequestRecord rec(long session, int seq, String url, long intendedMs, long sendMs, long lastMs,
      Outcome outcome) {
    long intended = intendedMs < 0 ? -1 : T0 + intendedMs * MS;
    long send = sendMs < 0 ? -1 : T0 + sendMs * MS;
    long last = lastMs < 0 ? -1 : T0 + lastMs * MS;
    return new RequestRecord(session, (int) session, seq, "GET", url, "", -1, false, intended, send,
        last < 0 ? -1 : last - MS / 2, last, outcome == Outcome.OK ? 200 : 0, 80, 2000, outcome, Phase.MEASURE, "");
  }

  private static Path runDir(Path dir, List<RequestRecord> records) throws IOException {
    Files.createDirectories(dir);
    Files.writeString(dir.resolve("run.json"), "{\"formatVersion\":2,\"status\":\"completed\",\"seed\":42,"
        + "\"engine\":{\"name\":\"netty\",\"policy\":\"per-session\",\"connectionsK\":0,\"eventLoops\":0,"
        + "\"connectTimeoutNanos\":1,\"requestTimeoutNanos\":1},\"workload\":{\"target\":\"http://127.0.0.1:8123\","
        + "\"targetHost\":\"127.0.0.1\",\"targetPort\":8123}}");
    StringBuilder csv = new StringBuilder(RequestCsv.HEADER).append('\n');
    records.forEach(r -> csv.append(RequestCsv.row(r)));
    Files.writeString(dir.resolve("requests.csv"), csv, StandardCharsets.UTF_8);
    return dir;
  }

  /** Session 7 starts at +10 ms, session 3 at +0 (its rows out of order); one not-sent record; one overlap. */
  private static List<RequestRecord> sample() {
    List<RequestRecord> r = new ArrayList<>();
    r.add(rec(7, 0, "/a?s=7", 10, 11, 20, Outcome.OK));
    r.add(rec(3, 1, "/b", 35, 35, 40, Outcome.OK)); // think 30 ms after seq 0's end at 5
    r.add(rec(3, 0, "/a", 0, 1, 5, Outcome.OK));
    r.add(rec(7, 1, "/c", 70, -1, -1, Outcome.GENERATOR_ERROR)); // not sent: kept, ends at its intended start
    r.add(rec(7, 2, "http://127.0.0.1:8123/d", 100, 101, 130, Outcome.OK)); // absolute URL: its path
    r.add(rec(7, 3, "/e", 120, 120, 125, Outcome.OK)); // starts before /d ended: a burst member
    r.add(rec(3, 2, "/f", -1, 60, 61, Outcome.OK)); // no intended start: its send start
    return r;
  }

  @Test
  void sessionsAreInStartOrderWithTheirSequencesThinkTimesAndBursts(@TempDir Path tmp) throws Exception {
    RecordedSessions rs = RecordedSessions.read(runDir(tmp.resolve("run"), sample()));
    assertEquals(2, rs.sessions().size());
    RecordedSessions.Session first = rs.sessions().get(0);
    RecordedSessions.Session second = rs.sessions().get(1);
    assertEquals(3, first.sessionId());
    assertEquals(7, second.sessionId());
    assertEquals(0, first.offsetNanos(rs));
    assertEquals(10 * MS, second.offsetNanos(rs));
    assertEquals(List.of("/a", "/b", "/f"), first.requests().stream().map(RecordedSessions.Request::path).toList());
    assertEquals(List.of(0L, 30 * MS, 20 * MS),
        first.requests().stream().map(RecordedSessions.Request::thinkBeforeNanos).toList());
    assertEquals(List.of("/a?s=7", "/c", "/d", "/e"),
        second.requests().stream().map(RecordedSessions.Request::path).toList());
    // /c never sent: it ended at its intended start (70); /d starts 30 ms later; /e overlapped /d
    assertEquals(List.of(0L, 50 * MS, 30 * MS, 0L),
        second.requests().stream().map(RecordedSessions.Request::thinkBeforeNanos).toList());
    assertEquals(List.of(false, false, false, true),
        second.requests().stream().map(RecordedSessions.Request::burstWithPrevious).toList());
    assertEquals(Outcome.GENERATOR_ERROR, second.requests().get(1).outcome());
    RecordedSessions.Evidence e = rs.evidence();
    assertEquals(7, e.records());
    assertEquals(1, e.notSent());
    assertEquals(1, e.bursts());
    assertEquals(1, e.sendStartsUsed());
    assertEquals(1, e.incompleteEnds());
    assertEquals(130 * MS, rs.spanNanos());
    assertEquals("http://127.0.0.1:8123", rs.targetUrl());
    String described = rs.describe();
    assertTrue(described.contains("2 sessions, 7 requests") && described.contains("1 not-sent records kept"),
        described);
  }

  @Test
  void theReplayWorkloadArrivesAtTheRecordedInstantsOnceAndSendsTheRecordedSequences(@TempDir Path tmp)
      throws Exception {
    RecordedSessions rs = RecordedSessions.read(runDir(tmp.resolve("run"), sample()));
    Workload w = ReplayWorkloads.of(rs, new Target("127.0.0.1", 9), "runs/x");
    Schedule schedule = Schedule.of(w);
    ArrivalSequence arrivals = schedule.arrivals();
    assertEquals(0, arrivals.nextOffsetNanos());
    assertEquals(10 * MS, arrivals.nextOffsetNanos());
    assertEquals(ArrivalSequence.NONE, arrivals.nextOffsetNanos(), "each recorded session once");
    SessionPlan p = schedule.arrivingSession(1, 10 * MS);
    List<RequestPlan> reqs = p.requests();
    assertEquals(List.of("/a?s=7", "/c", "/d", "/e"), reqs.stream().map(RequestPlan::path).toList());
    assertEquals(List.of(0L, 50 * MS, 30 * MS, 0L), reqs.stream().map(RequestPlan::thinkBeforeNanos).toList());
    assertTrue(reqs.get(3).burstWithPrevious());
    assertEquals(List.of(0L, 30 * MS, 20 * MS),
        schedule.arrivingSession(0, 0).requests().stream().map(RequestPlan::thinkBeforeNanos).toList());
    assertTrue(w.phases().totalNanos() >= 130 * MS + 2_000 * MS, "the recorded span and its slack");
    WorkloadSection section = WorkloadSection.of(w);
    assertEquals("runs/x", section.replayOf().runDirectory());
    assertEquals("run", section.replayOf().runId());
    assertEquals(42L, section.replayOf().seed());
    assertEquals("netty", section.replayOf().engine());
    assertEquals(7, section.replayOf().requests());
    assertEquals("recorded", section.source().type());
    assertEquals("recorded", section.arrival().process().type());
  }

  /**
   * Red team #22: a closed-model run (each user one session, all starting at once) was exported with
   * an all-zero interarrival.txt that crosscheck's own file: refuses, "the run over 0.130 s" for a
   * 5 s run and "0.000 sessions/s". Now: no interarrival.txt (a stale one removed), no rate, the
   * README says what replays a closed model, and the span is named for what it is.
   */
  @Test
  void aClosedModelRunIsExportedWithoutAnArrivalProcess(@TempDir Path tmp) throws Exception {
    List<RequestRecord> records = List.of(rec(1, 0, "/a", 0, 1, 5, Outcome.OK), rec(1, 1, "/b", 5, 6, 130, Outcome.OK),
        rec(2, 0, "/a", 0, 1, 7, Outcome.OK), rec(2, 1, "/c", 7, 8, 20, Outcome.OK));
    Path dir = runDir(tmp.resolve("run"), records);
    Files.writeString(dir.resolve("run.json"), Files.readString(dir.resolve("run.json")).replace(
        "\"targetPort\":8123}", "\"targetPort\":8123,\"arrival\":{\"model\":\"closed\",\"users\":2,"
            + "\"sessionsPerUser\":1}},\"engineResult\":{\"startNanos\":1,\"endNanos\":5000000001,"
            + "\"durationNanos\":5000000000,\"requestsIssued\":4,\"sessionsStarted\":2,\"sessionsCompleted\":2}"));
    RecordedSessions rs = RecordedSessions.read(dir);
    assertEquals(2, rs.closedUsers());
    assertTrue(rs.describe().contains("requests over 0.130 s (first start to last end) of a 5.000 s run"),
        rs.describe());
    Path out = tmp.resolve("httperf");
    Files.createDirectories(out);
    Files.writeString(out.resolve(HttperfExport.INTERARRIVAL), "0.5\n"); // an earlier export's
    HttperfExport.Written w = HttperfExport.write(rs, out, 8123);
    assertEquals(2, w.closedUsers());
    assertTrue(Double.isNaN(w.ratePerSecond()), "no session rate for a closed model: " + w);
    assertFalse(Files.exists(out.resolve(HttperfExport.INTERARRIVAL)), "no interarrival.txt for a closed model");
    String readme = Files.readString(out.resolve(HttperfExport.README));
    assertTrue(readme.contains("no interarrival.txt: the run was a closed model of 2 users"), readme);
    assertTrue(readme.contains("--wsesslog=1,0,sessions.wsesslog --rate 0"), readme);
    assertFalse(readme.contains("sessions/s"), readme);
    assertTrue(Files.readString(out.resolve(HttperfExport.SESSIONS)).contains("/a think="), "sessions still written");
  }

  @Test
  void theHttperfExportReadsBackThroughCrosschecksOwnParsers(@TempDir Path tmp) throws Exception {
    RecordedSessions rs = RecordedSessions.read(runDir(tmp.resolve("run"), sample()));
    Path out = tmp.resolve("httperf");
    HttperfExport.Written written = HttperfExport.write(rs, out, 8123);
    assertEquals(2, written.sessions());
    String log = Files.readString(out.resolve(HttperfExport.SESSIONS));
    assertTrue(log.contains("/a think=0.030000000\n/b think=0.020000000\n/f think=0.000000000\n"), log);
    assertTrue(log.contains("/d think=0.000000000\n\t/e\n"), "the overlapping request is a burst member: " + log);
    assertEquals("0.000000000\n0.010000000\n", Files.readString(out.resolve(HttperfExport.INTERARRIVAL)));
    String readme = Files.readString(out.resolve(HttperfExport.README));
    assertTrue(readme.contains("--wsesslog=2,0,sessions.wsesslog --rate 100.000000"), readme);
    assertTrue(readme.contains("session start instants are no longer the recorded ones"), readme);

    WorkloadSpec spec = new WorkloadSpec();
    spec.arrival = "partly-open";
    spec.wsesslog = out.resolve(HttperfExport.SESSIONS).toString();
    spec.interarrival = "file:" + out.resolve(HttperfExport.INTERARRIVAL);
    spec.duration = "1s";
    Workload back = spec.build();
    SessionSource.WsessLog parsed = (SessionSource.WsessLog) back.source();
    Workload replay = ReplayWorkloads.of(rs, new Target("127.0.0.1", 9), "runs/x");
    List<SessionSource.WsSession> original = ((SessionSource.Recorded) replay.source()).sessions();
    assertEquals(original.size(), parsed.sessions().size());
    for (int i = 0; i < original.size(); i++) {
      List<SessionSource.WsRequest> a = original.get(i).requests();
      List<SessionSource.WsRequest> b = parsed.sessions().get(i).requests();
      assertEquals(a.stream().map(r -> r.method() + " " + r.path() + " " + r.burstWithPrevious()).toList(),
          b.stream().map(r -> r.method() + " " + r.path() + " " + r.burstWithPrevious()).toList());
      assertEquals(a.stream().map(SessionSource.WsRequest::thinkAfterNanos).toList(),
          b.stream().map(SessionSource.WsRequest::thinkAfterNanos).toList(), "think times to the nanosecond");
    }
    ArrivalProcess.Gaps gaps = (ArrivalProcess.Gaps) ((Arrival.PartlyOpen) back.arrival()).process();
    assertEquals(List.of(0L, 10 * MS), gaps.gapsNanos());
  }

  /**
   * A legacy engine timing in milliseconds records a last byte up to 1 ms late: a next start before it
   * by no more than run.json's reportedResolutionNanos is a think time of 0 (counted), not an overlap.
   */
  @Test
  void aStartWithinTheClocksResolutionOfTheReplyEndIsNoBurst(@TempDir Path tmp) throws Exception {
    List<RequestRecord> r = new ArrayList<>();
    r.add(rec(1, 0, "/a", 0, 0, 10, Outcome.OK));
    r.add(new RequestRecord(1, 1, 1, "GET", "/b", "", -1, false, T0 + 10 * MS - MS / 2, T0 + 10 * MS, T0 + 11 * MS,
        T0 + 12 * MS, 200, 80, 2000, Outcome.OK, Phase.MEASURE, "")); // 0.5 ms before /a's end
    r.add(rec(1, 2, "/c", 5, 5, 20, Outcome.OK)); // 7 ms before /b's end: a real overlap
    Path dir = runDir(tmp.resolve("run"), r);
    String json = Files.readString(dir.resolve("run.json"));
    Files.writeString(dir.resolve("run.json"), json.substring(0, json.length() - 1)
        + ",\"engineResult\":{\"reportedResolutionNanos\":1000000}}");
    RecordedSessions rs = RecordedSessions.read(dir);
    List<RecordedSessions.Request> reqs = rs.sessions().get(0).requests();
    assertEquals(List.of(false, false, true), reqs.stream().map(RecordedSessions.Request::burstWithPrevious).toList());
    assertEquals(List.of(0L, 0L, 0L), reqs.stream().map(RecordedSessions.Request::thinkBeforeNanos).toList());
    assertEquals(1, rs.evidence().withinResolution());
    assertEquals(1, rs.evidence().bursts());
    assertTrue(rs.describe().contains("1 requests started within the recording clock's resolution (1000000 ns)"),
        rs.describe());
  }

  @Test
  void aSequenceNumberTwiceInASessionIsRefusedAtItsLine(@TempDir Path tmp) throws Exception {
    List<RequestRecord> r = new ArrayList<>(sample());
    r.add(rec(3, 1, "/again", 50, 50, 55, Outcome.OK));
    assertRefused(tmp, r, "requests.csv:9: sessionId 3 seq 1 appears twice (also at line 3");
  }

  @Test
  void aTargetThatIsNoPathIsRefusedAtItsLine(@TempDir Path tmp) throws Exception {
    List<RequestRecord> r = new ArrayList<>(sample());
    r.set(2, rec(3, 0, "a b", 0, 1, 5, Outcome.OK));
    assertRefused(tmp, r, "requests.csv:4: column 5 (url): \"a b\" cannot be replayed");
  }

  @Test
  void aMalformedRowAndAMissingFileAreNamed(@TempDir Path tmp) throws Exception {
    Path dir = runDir(tmp.resolve("run"), sample());
    String csv = Files.readString(dir.resolve("requests.csv"));
    Files.writeString(dir.resolve("requests.csv"), csv.replaceFirst("\n7,7,0,", "\nx,7,0,"));
    MalformedInputException e = assertThrows(MalformedInputException.class, () -> RecordedSessions.read(dir));
    assertTrue(e.getMessage().startsWith(dir.resolve("requests.csv") + ":2: column 1 (sessionId)")
        || e.getMessage().contains("requests.csv:2: column 1 (sessionId)"), e.getMessage());
    Files.delete(dir.resolve("requests.csv"));
    e = assertThrows(MalformedInputException.class, () -> RecordedSessions.read(dir));
    assertTrue(e.getMessage().contains("requests.csv: missing"), e.getMessage());
    e = assertThrows(MalformedInputException.class, () -> RecordedSessions.read(tmp.resolve("nothing")));
    assertTrue(e.getMessage().contains("no such directory"), e.getMessage());
    Path empty = Files.createDirectories(tmp.resolve("empty"));
    IOException noRun = assertThrows(IOException.class, () -> RecordedSessions.read(empty));
    assertTrue(noRun.getMessage().contains("run.json"), noRun.getMessage());
    assertFalse(noRun.getMessage().isEmpty());
  }

  /** A run directory of {@code records} is refused by {@link RecordedSessions#read} with {@code expected}. */
  private static void assertRefused(Path tmp, List<RequestRecord> records, String expected) throws Exception {
    Path dir = runDir(tmp.resolve("run"), records);
    MalformedInputException e = assertThrows(MalformedInputException.class, () -> RecordedSessions.read(dir));
    assertTrue(e.getMessage().contains(expected), e.getMessage());
  }
}
