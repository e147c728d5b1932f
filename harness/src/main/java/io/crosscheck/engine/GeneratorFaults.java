package io.crosscheck.engine;

import io.crosscheck.model.Phase;
import io.crosscheck.model.RequestPlan;
import io.crosscheck.record.GeneratorErrorCounts;
import io.crosscheck.record.Outcome;
import io.crosscheck.record.RecordSink;
import io.crosscheck.record.RequestRecord;
import io.crosscheck.schedule.SessionPlan;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * The generator's own failures during one run, counted per kind with one sample each, so that a
 * failure that repeats for every request is reported once (a line on stderr, counts in run.json)
 * and never printed per request. Kinds are short words such as {@code file-descriptors}; the
 * sample is the first failure's message. Thread-safe; cheap to update from event loops and user
 * threads.
 */
public final class GeneratorFaults {
  /** Requests not sent: started further behind their intended start than the engine's limit. */
  public static final String BEHIND_SCHEDULE = "behind-schedule";
  /** Requests not sent: the engine's own cap of open connections was reached. */
  public static final String CONNECTION_CAP = "connection-cap";
  /** The process ran out of file descriptors (EMFILE, ENFILE). */
  public static final String FILE_DESCRIPTORS = "file-descriptors";
  /** No local port or address was left for a connect (EADDRNOTAVAIL). */
  public static final String LOCAL_PORTS = "local-ports";
  /** No thread could be created, or no memory for one. */
  public static final String THREADS = "threads";
  /** Another limit of the generator's JVM (e.g. its heap) failed the request. */
  public static final String CLIENT_LIMIT = "client-limit";

  private record Kind(LongAdder count, String sample) {}

  private final Map<String, Kind> kinds = new ConcurrentHashMap<>();

  /** Counts one failure of {@code kind}; {@code sample} is kept only for the first one. */
  public void add(String kind, String sample) {
    add(kind, sample, 1);
  }

  /** Counts {@code n} failures of {@code kind} (e.g. a group of requests); {@code sample} as above. */
  public void add(String kind, String sample, long n) {
    kinds.computeIfAbsent(kind, k -> new Kind(new LongAdder(), sample == null ? "" : sample)).count().add(n);
  }

  /**
   * Records {@code group}, the requests of {@code plan} due at {@code intendedNanos} that the engine
   * did not send, as one {@code generator-error} row each (no connection, no instant but the intended
   * start; {@code why} as the detail) and counts them as {@link #BEHIND_SCHEDULE} with {@code why} as
   * the sample: both engines' one path for a request the schedule asked for and that was never sent.
   */
  public void recordNotSent(RecordSink sink, EngineProgress progress, SessionPlan plan, List<RequestPlan> group,
      long intendedNanos, Phase phase, String why) {
    for (RequestPlan p : group) {
      sink.accept(new RequestRecord(plan.sessionId(), plan.userId(), p.seq(), p.method(), p.path(), "", -1, false,
          intendedNanos, -1, -1, -1, 0, 0, 0, Outcome.GENERATOR_ERROR, phase, why));
      progress.requestStarted(); // and ended at once: never in flight
      progress.requestCompleted(Outcome.GENERATOR_ERROR);
    }
    add(BEHIND_SCHEDULE, why, group.size());
  }

  /** Failures of {@code kind} counted so far. */
  public long count(String kind) {
    Kind k = kinds.get(kind);
    return k == null ? 0 : k.count().sum();
  }

  /** Counts by kind so far. */
  public GeneratorErrorCounts counts() {
    Map<String, Long> byKind = new TreeMap<>();
    kinds.forEach((k, v) -> byKind.put(k, v.count().sum()));
    return new GeneratorErrorCounts(new TreeMap<>(byKind));
  }

  /** Counts by kind as engine gauges ({@link GeneratorErrorCounts#gauges()}). */
  public Map<String, Long> gauges() {
    return counts().gauges();
  }

  /**
   * One line per kind, with what it rests on (the requests' own records), e.g. {@code "generator
   * limit: 1,234 requests failed by the generator itself (their generator-error rows in
   * requests.csv): file-descriptors (...); first: ChannelException: ... Too many open files"};
   * empty when nothing failed.
   */
  public List<String> describe() {
    List<String> lines = new ArrayList<>();
    new TreeMap<>(kinds).forEach((k, v) -> lines.add(String.format(Locale.ROOT,
        "generator limit: %,d requests failed by the generator itself (their generator-error rows in"
            + " requests.csv): %s (%s); first: %s",
        v.count().sum(), k, explain(k), oneLine(v.sample()))));
    return lines;
  }

  private static String explain(String kind) {
    return switch (kind) {
      case BEHIND_SCHEDULE -> "not sent: the generator was too far behind the schedule, by its monotonic clock"
          + " against each request's intended start";
      case CONNECTION_CAP -> "not sent: the generator's cap of open connections was reached";
      case FILE_DESCRIPTORS -> "the generator's process ran out of file descriptors; raise ulimit -n";
      case LOCAL_PORTS -> "no local port left; widen net.ipv4.ip_local_port_range or use --source-address";
      case THREADS -> "no thread could be created";
      case CLIENT_LIMIT -> "the generator's JVM ran out of a resource";
      default -> "see the sample";
    };
  }

  private static String oneLine(String s) {
    String t = s.replaceAll("[\\p{Cntrl}]+", " ").strip();
    return t.length() > 200 ? t.substring(0, 200) + "..." : t;
  }

  /**
   * The kind of a connect failure that is the generator's own, or null when it is the server's
   * (refused, timed out, unreachable): EMFILE/ENFILE and EADDRNOTAVAIL, found in the message of
   * the failure or any of its causes.
   */
  public static String kindOf(Throwable failure) {
    for (Throwable t = failure; t != null; t = t.getCause()) {
      String m = String.valueOf(t.getMessage());
      if (m.contains("Too many open files") || m.contains("EMFILE") || m.contains("ENFILE")) {
        return FILE_DESCRIPTORS;
      }
      if (m.contains("Cannot assign requested address") || m.contains("EADDRNOTAVAIL")
          || m.contains("Address not available")) {
        return LOCAL_PORTS;
      }
      if (t instanceof OutOfMemoryError && m.contains("native thread")) {
        return THREADS;
      }
      if (t.getCause() == t) {
        break;
      }
    }
    String top = failure == null ? "" : String.valueOf(failure.getMessage());
    // Netty: the socket itself could not be created (its cause names the errno)
    return top.startsWith("Unable to create Channel") ? FILE_DESCRIPTORS : null;
  }
}
