package io.crosscheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.crosscheck.model.spec.Problem;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The rules of {@code --shard}, {@code --shards} and {@code --start-at}, each with its message. */
class ShardOptionsTest {
  private static final Instant NOW = Instant.parse("2026-11-24T01:00:00Z");

  @Test
  void aStartInstantIsAtMostFiveSecondsPastAndOneDayAhead() {
    assertNull(ShardOptions.startProblem("2026-11-24T00:59:56Z", NOW));
    assertNull(ShardOptions.startProblem("epoch-ms:" + NOW.plusSeconds(24 * 3600).toEpochMilli(), NOW));
    assertEquals("an instant at most 5 s in the past (it is 6.0 s before now, 2026-11-24T01:00:00Z)",
        ShardOptions.startProblem("2026-11-24T00:59:54Z", NOW));
    assertEquals("an instant at most 24 h ahead (it is 25 h after now, 2026-11-24T01:00:00Z)",
        ShardOptions.startProblem("2026-11-25T02:00:00Z", NOW));
    assertEquals("an ISO-8601 instant such as 2026-11-24T01:00:00.000Z, or epoch-ms:N",
        ShardOptions.startProblem("tomorrow", NOW));
  }

  @Test
  void shardsAndItsCompanionsAreChecked() {
    ShardOptions o = new ShardOptions();
    o.shards = 1;
    o.shard = "3/3";
    List<Problem> problems = new ArrayList<>();
    o.check(problems, true);
    List<String> where = problems.stream().map(p -> p.where() + ": " + p.expected()).toList();
    assertEquals(List.of("--shard: I/N: 0-based shard I of N, 0 <= I < N <= 1024", "--shards: 2..64 local shards",
        "--shards: no --shard as well (--shards runs every shard)",
        "--shards: no --source-address(es): each shard gets 127.0.0.(2+I)"), where);
    assertTrue(problems.stream().allMatch(p -> p.value() != null), problems.toString());
  }
}
