package io.crosscheck.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** What the stall watch samples from an engine's counters and its view of the connections. */
class EngineProgressStallTest {
  @Test
  void inFlightIsStartedLessCompletedWithTheEnginesViewAndNothingWhenNoConnectionIsBusy() {
    EngineProgress p = new EngineProgress();
    for (int i = 0; i < 5; i++) {
      p.requestStarted();
    }
    p.requestCompleted(io.crosscheck.record.Outcome.OK);
    assertEquals(new StallWatch.Sample(1, 4, -1, -1), p.stallSample(), "no view: counts only");
    EngineProgress.InFlightView[] view = {new EngineProgress.InFlightView(3, 1_234L)};
    p.inFlightView(() -> view[0]);
    assertEquals(new StallWatch.Sample(1, 4, 3, 1_234L), p.stallSample());
    view[0] = new EngineProgress.InFlightView(0, -1);
    assertEquals(new StallWatch.Sample(1, 0, 0, -1), p.stallSample(),
        "no connection busy: nothing waits on the network, whatever the counters say");
  }

  @Test
  void aRequestThatEndsWithoutAReplyIsNoProgress() {
    // against a dead server, timeouts and resets end requests steadily: they must not pass for
    // completions, or the watch would never see the stall
    EngineProgress p = new EngineProgress();
    for (int i = 0; i < 6; i++) {
      p.requestStarted();
    }
    p.requestCompleted(io.crosscheck.record.Outcome.OK);
    p.requestCompleted(io.crosscheck.record.Outcome.HTTP_ERROR);
    p.requestCompleted(io.crosscheck.record.Outcome.TIMEOUT);
    p.requestCompleted(io.crosscheck.record.Outcome.RESET);
    assertEquals(new StallWatch.Sample(2, 2, -1, -1), p.stallSample(),
        "2 replies (ok, 404-like), 2 ended without one, 2 still in flight");
    assertEquals(4, p.requestsCompleted());
    assertEquals(3, p.errors());
  }
}
