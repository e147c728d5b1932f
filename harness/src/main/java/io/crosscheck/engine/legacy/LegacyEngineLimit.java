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
 * <p>A limit read back from the gauges alone ({@link #fromExtra}) knows only what the engine
 * recorded there: the JVM's error text is never in them, and a missing or unknown kind code or a
 * missing user count stays unknown ({@code null}, {@code -1}) rather than being guessed;
 * {@link #describe()} says so.
 *
 * @param kind which resource ran out; null when the engine did not record it (or recorded a code
 *     this version does not know)
 * @param usersAlive user threads alive when it happened (the failed one not counted); -1 when not
 *     recorded
 * @param reason the error as the JVM reported it, e.g. {@code java.lang.OutOfMemoryError: unable
 *     to create native thread: possibly out of memory or process/resource limits reached}; null
 *     when not recorded
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

  /**
   * One line for people: what ran out, at how many users, and the JVM's words; whatever was not
   * recorded is said to be unknown.
   */
  public String describe() {
    String what = kind != null ? kind.label() + " ran out" : "the engine did not record which resource ran out";
    String users = usersAlive >= 0 ? "with " + usersAlive + " user threads alive"
        : "with an unrecorded number of user threads alive";
    String why = reason != null ? reason : "the JVM's error was not recorded";
    return "client limit reached: " + what + " " + users + "; no further users were started (" + why + ")";
  }

  /** The gauges this limit adds to {@code EngineResult.extra}: only those it knows. */
  public Map<String, Long> gauges() {
    Map<String, Long> m = new java.util.LinkedHashMap<>();
    if (kind != null) {
      m.put(KIND_KEY, kind.code());
    }
    if (usersAlive >= 0) {
      m.put(USERS_KEY, usersAlive);
    }
    return m;
  }

  /**
   * The limit recorded in an engine result's extra gauges: present when either gauge is (the
   * engine stopped starting users), empty when neither is. Nothing is inferred: the reason is
   * never in the gauges, so it is null; a missing or unknown kind code gives a null kind, a
   * missing user count -1.
   */
  public static Optional<LegacyEngineLimit> fromExtra(Map<String, Long> extra) {
    Long code = extra.get(KIND_KEY);
    Long users = extra.get(USERS_KEY);
    if (code == null && users == null) {
      return Optional.empty();
    }
    Kind kind = code == null ? null : Kind.ofCode(code);
    return Optional.of(new LegacyEngineLimit(kind, users == null ? -1 : users, null));
  }
}
