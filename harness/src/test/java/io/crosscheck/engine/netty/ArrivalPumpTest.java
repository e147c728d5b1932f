package io.crosscheck.engine.netty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.crosscheck.engine.EngineOptions;
import io.crosscheck.engine.EngineProgress;
import io.crosscheck.engine.EngineResult;
import io.crosscheck.model.Arrival;
import io.crosscheck.model.ArrivalProcess;
import io.crosscheck.model.Phases;
import io.crosscheck.model.SessionLength;
import io.crosscheck.model.SessionSource;
import io.crosscheck.model.Target;
import io.crosscheck.model.ThinkTime;
import io.crosscheck.model.Workload;
import io.crosscheck.record.Outcome;
import io.crosscheck.record.RequestRecord;
import io.crosscheck.schedule.Schedule;
import io.crosscheck.schedule.Ticker;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * The arrival pump under a schedule no host can keep (red team #2: a 1ns gaps file queued ~20 M
 * tasks in one pass, 6.5 GB, millions of not-sent rows, and never answered Ctrl-C): the engine
 * must stay bounded and still account for every scheduled arrival. The gaps are built directly,
 * past the spec's own limit, because the engine must hold whatever it is given.
 */
class ArrivalPumpTest {
  @Test
  void aScheduleFarBeyondTheHostIsBoundedAndEveryArrivalAccountedFor() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort(); // closed again: connects are refused at once, no server work
    }
    long durationNanos = 1_000_000_000L;
    Workload w = new Workload(new Target("127.0.0.1", port),
        new Arrival.PartlyOpen(new ArrivalProcess.Gaps(List.of(1L), "1ns")),
        new SessionSource.UrlList(List.of("/"), false), new SessionLength.Fixed(1), new ThinkTime.None(),
        new Phases(0, durationNanos, 0), 5);
    AtomicLong rows = new AtomicLong();
    AtomicLong notSentRows = new AtomicLong();
    AtomicLong pumpNotSentRows = new AtomicLong();
    EngineResult result = assertTimeoutPreemptively(Duration.ofSeconds(60), () ->
        new NettyEngine().run(Schedule.of(w), EngineOptions.defaults(), Ticker.system(), (RequestRecord r) -> {
          rows.incrementAndGet();
          if (r.outcome() == Outcome.GENERATOR_ERROR) {
            notSentRows.incrementAndGet();
            if (r.detail().contains("when it reached this arrival") || r.detail().contains("the run ended before")) {
              pumpNotSentRows.incrementAndGet();
            }
          }
        }, new EngineProgress()));
    long counted = result.extra().get("arrivalsNotSentUnrecorded");
    System.out.printf("1ns gaps over 1 s: %,d rows (%,d not sent, %,d of them by the pump), %,d sessions started,"
        + " %,d arrivals and %,d requests counted without a row; run %.2f s%n", rows.get(), notSentRows.get(),
        pumpNotSentRows.get(), result.sessionsStarted(), counted, result.extra().get("requestsNotSentUnrecorded"),
        (result.endNanos() - result.startNanos()) / 1e9);
    assertTrue(notSentRows.get() <= EngineRun.MAX_NOT_SENT_RECORDS, "not-sent rows capped: " + notSentRows);
    assertTrue(counted > 0, "past the cap, arrivals are counted");
    // every arrival at offsets 1 .. duration - 1 ns: a started session, a not-sent row, or a count
    assertEquals(durationNanos - 1, result.sessionsStarted() + pumpNotSentRows.get() + counted);
  }
}
