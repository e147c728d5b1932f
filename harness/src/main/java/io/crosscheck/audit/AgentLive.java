package io.crosscheck.audit;

import io.crosscheck.engine.StallWatch;
import io.crosscheck.rundir.LiveJson;
import io.crosscheck.schedule.Ticker;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * {@code live.json}: what the crosscheck agent inside an audited generator has in flight, rewritten
 * by the agent every 200 ms while it records (fields: {@code sampleNanos} on the target's clock,
 * {@code exchangesBegun}, {@code inFlight}, {@code inFlightConnections}, {@code
 * oldestInFlightAgeNanos}, -1 when none). Read as the harness's {@link StallWatch.Source}: completions
 * are {@code exchangesBegun - inFlight}; the oldest start is mapped onto the harness's ticker through
 * the age (no instant of the target's clock is used here), so it is late by at most the age of the
 * file (one publishing period). Before the agent wrote anything, the sample says nothing is in
 * flight. Not thread-safe: one watch reads it.
 */
public final class AgentLive implements StallWatch.Source {
  /** The file's name in a run directory. */
  public static final String FILE = LiveJson.FILE;

  private final Path file;
  private final Ticker ticker;
  private StallWatch.Sample last = new StallWatch.Sample(0, 0, 0, -1);
  private long lastSampleNanos = Long.MIN_VALUE;

  /** Reads {@code dir}/live.json; {@code ticker}: the watch's clock. */
  public AgentLive(Path dir, Ticker ticker) {
    this.file = dir.resolve(FILE);
    this.ticker = ticker;
  }

  @Override
  public StallWatch.Sample sample() {
    if (!Files.exists(file)) {
      return last;
    }
    try {
      LiveJson j = LiveJson.read(file);
      long sampleNanos = j.sampleNanos();
      if (sampleNanos == lastSampleNanos) {
        return last; // the agent wrote nothing new (its oldest age would not have grown either)
      }
      lastSampleNanos = sampleNanos;
      long begun = j.exchangesBegun();
      long inFlight = j.inFlight();
      long ageNanos = j.oldestInFlightAgeNanos();
      long oldestStartNanos = ageNanos < 0 ? -1 : ticker.nanoTime() - ageNanos;
      last = new StallWatch.Sample(Math.max(0, begun - inFlight), inFlight, j.inFlightConnections(),
          oldestStartNanos);
    } catch (IOException | RuntimeException e) {
      // replaced under us, or cut short: the last sample stands until the next look
    }
    return last;
  }
}
