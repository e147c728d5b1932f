package io.crosscheck.schedule;

/**
 * Which part of a seeded schedule one generator runs: shard {@code index} (0-based) of {@code count}.
 * A closed user {@code u} belongs to shard {@code u % count}; an arrival with 0-based index {@code i}
 * in the one seeded {@link ArrivalSequence} belongs to shard {@code i % count}. Sessions keep their
 * global ids and start offsets, so the shards' union is exactly the unsharded schedule. {@link #ALL}
 * (0/1) is an unsharded run. Immutable.
 *
 * @param index this shard, 0..count-1
 * @param count how many shards the schedule is split into, >= 1
 */
public record ShardSpec(int index, int count) {
  /** The whole schedule: shard 0 of 1. */
  public static final ShardSpec ALL = new ShardSpec(0, 1);
  /** The most shards a schedule is split into. */
  public static final int MAX_COUNT = 1024;

  public ShardSpec {
    if (count < 1 || count > MAX_COUNT || index < 0 || index >= count) {
      throw new IllegalArgumentException("shard " + index + "/" + count + ": expected I/N with 1 <= N <= "
          + MAX_COUNT + " and 0 <= I < N");
    }
  }

  /**
   * Parses {@code I/N}, e.g. {@code 1/3}.
   *
   * @throws IllegalArgumentException naming the text and what was expected
   */
  public static ShardSpec parse(String text) {
    String t = text == null ? "" : text.trim();
    int slash = t.indexOf('/');
    try {
      if (slash > 0) {
        return new ShardSpec(Integer.parseInt(t.substring(0, slash)), Integer.parseInt(t.substring(slash + 1)));
      }
    } catch (NumberFormatException e) {
      // below
    }
    throw new IllegalArgumentException("\"" + text + "\": expected I/N (0-based shard I of N), e.g. 1/3");
  }

  /** True for the whole schedule (0/1). */
  public boolean all() {
    return count == 1;
  }

  /** Whether the arrival with 0-based index {@code arrivalIndex} runs in this shard. */
  public boolean ownsArrival(long arrivalIndex) {
    return arrivalIndex % count == index;
  }

  /** The global arrival index of this shard's {@code local}-th (0-based) own arrival. */
  public long globalArrivalIndex(long local) {
    return index + local * count;
  }

  @Override
  public String toString() {
    return index + "/" + count;
  }
}
