package io.crosscheck.server;

import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * Replies counted per interaction of a server's interaction enum, whatever their status. One
 * {@link LongAdder} per constant, updated from event-loop threads; reads are thread-safe and
 * monotonic.
 *
 * @param <E> the interactions the server tells apart
 */
public final class InteractionCounts<E extends Enum<E>> {
  private final Class<E> type;
  private final LongAdder[] served;

  public InteractionCounts(Class<E> type) {
    this.type = type;
    served = new LongAdder[type.getEnumConstants().length];
    for (int i = 0; i < served.length; i++) {
      served[i] = new LongAdder();
    }
  }

  /** Counts one reply for {@code interaction}. */
  public void increment(E interaction) {
    served[interaction.ordinal()].increment();
  }

  /** Replies counted for {@code interaction}. */
  public long count(E interaction) {
    return served[interaction.ordinal()].sum();
  }

  /** Replies counted for every interaction. */
  public long total() {
    long sum = 0;
    for (LongAdder a : served) {
      sum += a.sum();
    }
    return sum;
  }

  /** A snapshot of {@link #count} for every interaction, in declaration order. */
  public Map<E, Long> snapshot() {
    Map<E, Long> map = new EnumMap<>(type);
    for (E e : type.getEnumConstants()) {
      map.put(e, served[e.ordinal()].sum());
    }
    return map;
  }
}
