package io.crosscheck.engine.legacy;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.crosscheck.engine.EngineProgress;
import io.crosscheck.engine.GeneratorFaults;
import io.crosscheck.model.Arrival;
import io.crosscheck.model.ArrivalProcess;
import io.crosscheck.model.ThinkTime;
import io.crosscheck.model.Workload;
import io.crosscheck.record.Outcome;
import io.crosscheck.record.RequestRecord;
import io.crosscheck.schedule.Schedule;
import io.crosscheck.schedule.Ticker;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.junit.jupiter.api.Test;

/**
 * A user whose thread reaches its first request only after the run stopped (a saturated host: the
 * thread was not scheduled before the deadline and its grace) leaves a not-sent record for each
 * request due before the end, as the Netty engine does for the arrivals it cannot reach; requests
 * due after the end leave none. Seen in CI at a load average of 29: an open arrival due 10 ms
 * before a 1 s deadline had no record at all. The user's body runs on the test's thread after
 * {@link LegacyRun#stop}, the order a starved thread meets.
 */
class LegacyNotSentTest {
  private static final long SECOND = 1_000_000_000L;

  @Test
  void aUserReachedOnlyAfterTheStopRecordsItsDueRequestsAsNotSentAndNothingElse() {
    Workload w = LegacyFixtures.arriving(9, "/static/2k", new Arrival.Open(new ArrivalProcess.Poisson(300)), 3,
        new ThinkTime.None(), SECOND);
    Schedule schedule = Schedule.of(w);
    ConcurrentLinkedQueue<RequestRecord> sink = new ConcurrentLinkedQueue<>();
    Ticker ticker = Ticker.system();
    long startNanos = ticker.nanoTime();
    LegacyRun run = new LegacyRun(ticker, LegacyFixtures.options(1_000, 1_000), LegacyOptions.faithful(),
        new EngineProgress(), sink::add, w.phases(), w.target(), startNanos);
    run.stop();

    long dueNanos = startNanos; // due at the start, before the stop
    long lateNanos = startNanos + 2 * SECOND; // after the 1 s deadline: never due
    for (long[] user : new long[][] {{0, dueNanos}, {1, lateNanos}}) {
      UserInstance u = new UserInstance(run, r -> {
        throw new AssertionError("nothing is fetched after the stop");
      }, schedule, -1, schedule.ownArrivingSession(user[0], user[1] - startNanos), user[1]);
      run.userStarting(u);
      u.run();
    }

    List<RequestRecord> records = List.copyOf(sink);
    assertEquals(1, records.size(), "the due session's first request only: " + records);
    RequestRecord r = records.get(0);
    assertEquals(Outcome.GENERATOR_ERROR, r.outcome());
    assertEquals(dueNanos, r.intendedStartNanos());
    assertEquals(-1, r.sendStartNanos(), "never sent");
    assertEquals(schedule.ownArrivingSession(0, 0).sessionId(), r.sessionId());
    assertEquals(0, r.seq());
    assertEquals(UserInstance.NOT_REACHED, r.detail());
    assertEquals(1, run.faults.count(GeneratorFaults.BEHIND_SCHEDULE), "counted behind schedule");
    assertEquals(0, run.live.size(), "both users ended");
  }
}
