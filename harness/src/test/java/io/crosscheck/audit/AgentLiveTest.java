package io.crosscheck.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.crosscheck.engine.StallWatch;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The agent's live.json as the stall watch reads it: completions, in flight, the oldest on our clock. */
class AgentLiveTest {
  private long now = 50_000_000_000L;

  @Test
  void aSampleIsReadOnTheWatchsClockAndAStaleOrTornFileKeepsTheLastOne(@TempDir Path dir) throws Exception {
    AgentLive live = new AgentLive(dir, () -> now);
    assertEquals(new StallWatch.Sample(0, 0, 0, -1), live.sample(), "before the agent wrote: nothing in flight");
    Files.writeString(dir.resolve("live.json"), "{\"sampleNanos\": 7, \"exchangesBegun\": 40, \"inFlight\": 6,"
        + " \"inFlightConnections\": 5, \"oldestInFlightAgeNanos\": 2000000000}\n");
    StallWatch.Sample s = live.sample();
    assertEquals(new StallWatch.Sample(34, 6, 5, now - 2_000_000_000L), s, "34 = 40 begun - 6 in flight");
    now += 1_000_000_000L;
    assertEquals(s, live.sample(), "the same sample (sampleNanos 7) is not re-dated: its age did not grow");
    Files.writeString(dir.resolve("live.json"), "{\"sampleNanos\": 8, \"exchan");
    assertEquals(s, live.sample(), "a torn file keeps the last sample");
    Files.writeString(dir.resolve("live.json"), "{\"sampleNanos\": 9, \"exchangesBegun\": 40, \"inFlight\": 0,"
        + " \"inFlightConnections\": 0, \"oldestInFlightAgeNanos\": -1}\n");
    assertEquals(new StallWatch.Sample(40, 0, 0, -1), live.sample());
  }
}
