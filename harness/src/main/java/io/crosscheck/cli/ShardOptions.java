package io.crosscheck.cli;

import io.crosscheck.model.spec.Problem;
import io.crosscheck.run.RunJob;
import io.crosscheck.schedule.ShardSpec;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * {@code --shard I/N}, {@code --shards N} and {@code --start-at INSTANT} of {@code run} and {@code
 * audit}: one shard of the seeded schedule, the local orchestration of N shards in child JVMs
 * ({@link ShardRun}), and the absolute instant of the schedule's offset 0. Checked with the other
 * options before anything starts.
 */
final class ShardOptions {
  private static final int MAX_PAST_SECONDS = RunJob.MAX_START_PAST_SECONDS;
  private static final int MAX_AHEAD_HOURS = 24;
  /** The earliest a --start-at may lie in the past when checked. */
  static final Duration MAX_PAST = RunJob.MAX_START_PAST;
  /** The latest a --start-at may lie ahead. */
  static final Duration MAX_AHEAD = Duration.ofHours(MAX_AHEAD_HOURS);
  /** The most local shards (source addresses 127.0.0.2 upwards). */
  static final int MAX_LOCAL_SHARDS = 64;

  @Option(names = "--shard", paramLabel = "I/N",
      description = "Run only shard I (0-based) of N of the seeded schedule: closed users u with u %% N = I,"
          + " arrivals i (of the one seeded sequence) with i %% N = I, with their global session ids; run.json"
          + " records the shard and the unsharded schedule's digest. Merge the shards with 'crosscheck merge'.")
  String shard;

  @Option(names = "--shards", paramLabel = "N",
      description = "Split the schedule into N >= 2 shards, each run in its own child JVM bound to its own source"
          + " address (127.0.0.2, 127.0.0.3, ...), all starting at one instant; then merge them into this run"
          + " directory (audit: one capture, compared with the merged records). A failed shard is reported and"
          + " the others are kept.")
  Integer shards;

  @Option(names = "--start-at", paramLabel = "INSTANT",
      description = "Start the schedule (its offset 0) at this wall-clock instant, ISO-8601 (2026-11-24T01:00:00Z)"
          + " or epoch-ms:N; at most " + MAX_PAST_SECONDS + " s in the past and "
          + MAX_AHEAD_HOURS + " h ahead. A countdown is printed while waiting.")
  String startAt;

  /** The shard to run; {@link ShardSpec#ALL} without --shard. Call after {@link #check}. */
  ShardSpec shardSpec() {
    return shard == null ? ShardSpec.ALL : ShardSpec.parse(shard);
  }

  /** The start instant, null without --start-at. Call after {@link #check}. */
  Instant startInstant() {
    return startAt == null ? null : parseInstant(startAt);
  }

  boolean orchestrates() {
    return shards != null;
  }

  /** Adds every problem of these options (and their combination with --into / --source-addresses). */
  void check(List<Problem> problems, boolean sourceAddressesGiven) {
    if (shard != null) {
      try {
        ShardSpec.parse(shard);
      } catch (IllegalArgumentException e) {
        problems.add(new Problem("--shard", shard, "I/N: 0-based shard I of N, 0 <= I < N <= " + ShardSpec.MAX_COUNT));
      }
    }
    if (shards != null) {
      if (shards < 2 || shards > MAX_LOCAL_SHARDS) {
        problems.add(new Problem("--shards", String.valueOf(shards), "2.." + MAX_LOCAL_SHARDS + " local shards"));
      }
      if (shard != null) {
        problems.add(new Problem("--shards", String.valueOf(shards), "no --shard as well (--shards runs every shard)"));
      }
      if (sourceAddressesGiven) {
        problems.add(new Problem("--shards", String.valueOf(shards), "no --source-address(es): each shard gets"
            + " 127.0.0.(2+I)"));
      }
    }
    if (startAt != null) {
      String why = startProblem(startAt, Instant.now());
      if (why != null) {
        problems.add(new Problem("--start-at", startAt, why));
      }
    }
  }

  /** Why {@code text} is not a usable start instant at {@code now}, or null when it is. */
  static String startProblem(String text, Instant now) {
    Instant at;
    try {
      at = parseInstant(text);
    } catch (IllegalArgumentException e) {
      return "an ISO-8601 instant such as 2026-11-24T01:00:00.000Z, or epoch-ms:N";
    }
    if (at.isBefore(now.minus(MAX_PAST))) {
      return "an instant at most " + MAX_PAST.toSeconds() + " s in the past (it is "
          + String.format(java.util.Locale.ROOT, "%.1f", Duration.between(at, now).toMillis() / 1000.0)
          + " s before now, " + now + ")";
    }
    if (at.isAfter(now.plus(MAX_AHEAD))) {
      return "an instant at most " + MAX_AHEAD_HOURS + " h ahead (it is " + Duration.between(now, at).toHours()
          + " h after now, " + now
          + ")";
    }
    return null;
  }

  /** ISO-8601 or {@code epoch-ms:N}. @throws IllegalArgumentException when it is neither */
  static Instant parseInstant(String text) {
    String t = text.trim();
    try {
      if (t.startsWith("epoch-ms:")) {
        return Instant.ofEpochMilli(Long.parseLong(t.substring("epoch-ms:".length())));
      }
      return Instant.parse(t);
    } catch (NumberFormatException | DateTimeParseException e) {
      throw new IllegalArgumentException(text + ": not an instant", e);
    }
  }
}
