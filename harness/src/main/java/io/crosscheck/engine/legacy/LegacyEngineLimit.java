package io.crosscheck.engine.legacy;

import java.util.Map;
import java.util.Optional;

/**
 * A resource limit a legacy engine ran into: a finding, not a crash. When a user thread cannot be
 * created ({@code OutOfMemoryError: unable to create native thread}), the heap is exhausted, or a
 * request fails with "Too many open files", the engine starts no further users, keeps every record
 * and reports the limit: in {@code EngineResult.extra} as {@code limitKind} ({@link Kind#code()})
 * and {@code limitReachedAtUsers}, and in full through {@link LegacyUrlConnectionEngine#lastLimit()}
 * / {@link LegacyHttpClientEngine#lastLimit()}. Immutable.
 *
 * @param kind which resource ran out
 * @param usersAlive user threads alive when it happened (the failed one not counted)
 * @param reason the error as the JVM reported it, e.g. {@code java.lang.OutOfMemoryError: unable
 *     to create native thread: possibly out of memory or process/resource limits reached}
 */
public record LegacyEngineLimit(Kind kind, long usersAlive, String reason) {
  /** Key of {@link Kind#code()} in {@code EngineResult.extra}. */
  public static final String KIND_KEY = "limitKind";
  /** Key of {@link #usersAlive()} in {@code EngineResult.extra}. */
  public static final String USERS_KEY = "limitReachedAtUsers";

  /** The resource that ran out, with its stable numeric code. */
  public enum Kind {
    NATIVE_THREADS(1, "native threads"),
    HEAP(2, "Java heap"),
    OPEN_FILES(3, "open files");

    private final long code;
    private final String label;

    Kind(long code, String label) {
      this.code = code;
      this.label = label;
    }

    public long code() {
      return code;
    }

    public String label() {
      return label;
    }

    /** The kind with that code, or null. */
    public static Kind ofCode(long code) {
      for (Kind k : values()) {
        if (k.code == code) {
          return k;
        }
      }
      return null;
    }
  }

  /** One line for people: what ran out, at how many users, and the JVM's words. */
  public String describe() {
    return "client limit reached: " + kind.label() + " ran out with " + usersAlive
        + " user threads alive; no further users were started (" + reason + ")";
  }

  /** The two gauges this limit adds to {@code EngineResult.extra}. */
  public Map<String, Long> gauges() {
    return Map.of(KIND_KEY, kind.code(), USERS_KEY, usersAlive);
  }

  /** The limit recorded in an engine result's extra gauges, if any (the reason is generic). */
  public static Optional<LegacyEngineLimit> fromExtra(Map<String, Long> extra) {
    Long code = extra.get(KIND_KEY);
    Kind kind = code == null ? null : Kind.ofCode(code);
    if (kind == null) {
      return Optional.empty();
    }
    long users = extra.getOrDefault(USERS_KEY, -1L);
    return Optional.of(new LegacyEngineLimit(kind, users, "see the engine's own report for the error"));
  }
}
