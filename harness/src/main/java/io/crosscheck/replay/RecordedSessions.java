package io.crosscheck.replay;

import io.crosscheck.model.spec.RequestPaths;
import io.crosscheck.record.MalformedInputException;
import io.crosscheck.record.Outcome;
import io.crosscheck.record.RequestCsv;
import io.crosscheck.record.RequestRecord;
import io.crosscheck.rundir.RunFiles;
import io.crosscheck.rundir.RunJson;
import io.crosscheck.rundir.WorkloadSection;
import io.crosscheck.text.InputLimits;
import io.crosscheck.text.Printable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The sessions a run directory recorded, as a replay or an export needs them: per session its start
 * instant, its requests in sequence order (method and request target) and the think time before
 * each. Read from {@code requests.csv} (an engine's or the agent's) and {@code run.json}. Immutable
 * once read; thread-safe.
 *
 * <p>Definitions (monotonic nanoseconds of the recording JVM):
 *
 * <ul>
 *   <li>a session is the records of one {@code sessionId}, ordered by {@code seq}. The engines write
 *       their session's id; the agent writes the id of the generator's thread, so an audited
 *       generator's session is one thread's sequence of exchanges (a RUBiS user thread runs its
 *       sessions back to back: they replay as one);
 *   <li>a request's start is its {@code intendedStartNanos}, or its {@code sendStartNanos} where no
 *       intended start was recorded (the agent, for a generator that has no schedule); its end is
 *       its {@code lastByteNanos}, or for an incomplete reply the latest instant it has (first byte,
 *       send start, intended start);
 *   <li>a session starts at its first request's start;
 *   <li>a request that starts before the request ahead of it ended overlapped it: it is a burst
 *       member of that request's group (sent together, no think); a start before the end by no more
 *       than the recording clock's resolution (a legacy engine timing in milliseconds) is not an
 *       overlap but a think time of 0, counted. Otherwise its think time is its
 *       start minus the end of the group ahead (the latest end among that group's requests), as an
 *       engine computes it ("think starts when the user has the whole reply");
 *   <li>a record the generator never sent ({@code generator-error}) keeps its place in its session.
 * </ul>
 *
 * <p>Bounded: at most {@link #MAX_REQUESTS} records. A row requests.csv cannot parse fails with its
 * {@code requests.csv:LINE}; so does a record that cannot be replayed (a request target that is no
 * path, a method that is no token, a sequence number that appears twice in a session).
 */
public final class RecordedSessions {
  /** The most records a replay or an export reads. */
  public static final int MAX_REQUESTS = 2_000_000;

  /**
   * One request of a recorded session.
   *
   * @param method HTTP method
   * @param path request target (path and query)
   * @param thinkBeforeNanos think time before it (0 for the first request and for burst members)
   * @param burstWithPrevious it overlapped the request ahead: sent together with it
   * @param outcome the recorded outcome (a not-sent one is replayed like any other)
   * @param line the line of its row in requests.csv
   */
  public record Request(String method, String path, long thinkBeforeNanos, boolean burstWithPrevious,
      Outcome outcome, int line) {}

  /**
   * One recorded session.
   *
   * @param sessionId as recorded (the agent: the thread's id)
   * @param startNanos its first request's start (monotonic, recording JVM)
   * @param endNanos the latest end among its requests
   * @param requests in sequence order
   */
  public record Session(long sessionId, long startNanos, long endNanos, List<Request> requests) {
    public Session {
      requests = List.copyOf(requests);
    }

    /** The start relative to the first session's. */
    public long offsetNanos(RecordedSessions all) {
      return startNanos - all.firstStartNanos();
    }
  }

  /**
   * What the reading found beside the sessions, for the evidence line.
   *
   * @param records records read
   * @param notSent records the generator never sent, kept in place
   * @param bursts requests replayed as burst members (they overlapped the request ahead)
   * @param incompleteEnds think times measured from an incomplete reply's latest instant
   * @param sendStartsUsed requests whose start is their send start (no intended start recorded)
   * @param seqGaps sessions whose sequence numbers skip (requests missing from the records)
   * @param droppedSessions sessions without any start instant, left out
   * @param tornLastLine a torn last line skipped, or empty
   * @param withinResolution requests that started before the reply ahead ended by no more than the
   *     recording clock's resolution (run.json {@code engineResult.reportedResolutionNanos}: 1 ms for a
   *     legacy engine timing with {@code currentTimeMillis}): not taken as overlaps; their think time is 0
   */
  public record Evidence(long records, long notSent, long bursts, long incompleteEnds, long sendStartsUsed,
      long seqGaps, long droppedSessions, String tornLastLine, long withinResolution) {}

  private final Path runDirectory;
  private final RunJson run;
  private final List<Session> sessions;
  private final Evidence evidence;

  private RecordedSessions(Path runDirectory, RunJson run, List<Session> sessions, Evidence evidence) {
    this.runDirectory = runDirectory;
    this.run = run;
    this.sessions = List.copyOf(sessions);
    this.evidence = evidence;
  }

  public Path runDirectory() {
    return runDirectory;
  }

  /** The recorded run's run.json. */
  public RunJson run() {
    return run;
  }

  /** The sessions in order of their start instants (ties: by session id). */
  public List<Session> sessions() {
    return sessions;
  }

  public Evidence evidence() {
    return evidence;
  }

  /** The first session's start (monotonic, recording JVM). */
  public long firstStartNanos() {
    return sessions.get(0).startNanos();
  }

  /** The last session's start minus the first's. */
  public long startSpanNanos() {
    return sessions.get(sessions.size() - 1).startNanos() - firstStartNanos();
  }

  /** From the first session's start to the latest end of any request. */
  public long spanNanos() {
    long end = firstStartNanos();
    for (Session s : sessions) {
      end = Math.max(end, s.endNanos());
    }
    return end - firstStartNanos();
  }

  public long requestCount() {
    long n = 0;
    for (Session s : sessions) {
      n += s.requests().size();
    }
    return n;
  }

  /**
   * The users of a closed-model run (run.json {@code workload.arrival.model} closed): its session
   * starts follow each user's previous session's end, not an arrival process. 0 for any other run
   * (open, partly-open, a replay, an audited generator without a crosscheck workload).
   */
  public int closedUsers() {
    WorkloadSection w = run.workload();
    if (w == null || w.arrival() == null || !"closed".equals(w.arrival().model())) {
      return 0;
    }
    return w.arrival().users() == null ? Math.max(1, sessions.size()) : w.arrival().users();
  }

  /** The run's id: its directory's name. */
  public String runId() {
    Path name = runDirectory.toAbsolutePath().normalize().getFileName();
    return name == null ? runDirectory.toString() : name.toString();
  }

  /** The engine that recorded the run ({@code agent} for an audited generator), or "unknown". */
  public String engine() {
    return run.engine() != null && run.engine().name() != null ? run.engine().name() : "unknown";
  }

  /**
   * The target the run loaded, as {@code http://HOST:PORT}, or null when run.json names none: the
   * workload's, or an audited generator's server.
   */
  public String targetUrl() {
    if (run.workload() != null && run.workload().target() != null) {
      return run.workload().target();
    }
    if (run.target() != null && run.target().server() != null && !run.target().server().isEmpty()) {
      return "http://" + run.target().server();
    }
    return null;
  }

  /** One line of evidence: what was read, from where, and what the replay keeps or changes. */
  public String describe() {
    Evidence e = evidence;
    StringBuilder sb = new StringBuilder(String.format(java.util.Locale.ROOT,
        "%,d sessions, %,d requests (of %,d records) recorded by %s in %s, session starts over %.3f s"
            + " (first to last), requests over %.3f s (first start to last end)",
        sessions.size(), requestCount(), e.records(), engine(), runId(), startSpanNanos() / 1e9, spanNanos() / 1e9));
    if (run.engineResult() != null && run.engineResult().durationNanos() > 0) {
      sb.append(String.format(java.util.Locale.ROOT, " of a %.3f s run (run.json engineResult)",
          run.engineResult().durationNanos() / 1e9));
    }
    if (closedUsers() > 0) {
      sb.append(String.format(java.util.Locale.ROOT, "; a closed model of %,d users: a session started when its"
          + " user's previous one ended", closedUsers()));
    }
    if (e.notSent() > 0) {
      sb.append(String.format(java.util.Locale.ROOT, "; %,d not-sent records kept in place", e.notSent()));
    }
    if (e.sendStartsUsed() > 0) {
      sb.append(String.format(java.util.Locale.ROOT, "; %,d starts are send starts (no intended start recorded)",
          e.sendStartsUsed()));
    }
    if (e.bursts() > 0) {
      sb.append(String.format(java.util.Locale.ROOT, "; %,d overlapping requests sent as bursts", e.bursts()));
    }
    if (e.withinResolution() > 0) {
      sb.append(String.format(java.util.Locale.ROOT, "; %,d requests started within the recording clock's"
          + " resolution (%d ns) of the reply ahead's end: think 0", e.withinResolution(),
          run.reportedResolutionNanos()));
    }
    if (e.incompleteEnds() > 0) {
      sb.append(String.format(java.util.Locale.ROOT,
          "; %,d think times follow an incomplete reply (measured from its latest instant)", e.incompleteEnds()));
    }
    if (e.seqGaps() > 0) {
      sb.append(String.format(java.util.Locale.ROOT, "; %,d sessions skip sequence numbers", e.seqGaps()));
    }
    if (e.droppedSessions() > 0) {
      sb.append(String.format(java.util.Locale.ROOT, "; %,d sessions without any start instant left out",
          e.droppedSessions()));
    }
    if (!e.tornLastLine().isEmpty()) {
      sb.append("; ").append(e.tornLastLine());
    }
    return sb.toString();
  }

  /** A record as read, before its session is put in order. */
  private record Row(int seq, String method, String path, long startNanos, long endNanos, boolean fromSend,
      boolean incomplete, Outcome outcome, int line) {}

  /**
   * Reads the sessions of {@code dir}.
   *
   * @throws MalformedInputException naming the file (and line) when run.json or requests.csv is
   *     missing, malformed, or holds nothing to replay
   * @throws IOException when a file cannot be read
   */
  public static RecordedSessions read(Path dir) throws IOException {
    if (!Files.isDirectory(dir)) {
      throw new MalformedInputException(Printable.escape(dir.toString())
          + ": no such directory (expected a run directory: it holds run.json and requests.csv)");
    }
    RunJson run = RunFiles.readRun(dir);
    Path csv = dir.resolve(RunFiles.REQUESTS_CSV);
    if (!Files.exists(csv)) {
      throw new MalformedInputException(Printable.escape(csv.toString()) + ": missing (the run recorded no"
          + " requests: a --no-agent audit or a compare --pcap directory has none; expected a run of an engine"
          + " or an agent's audit)");
    }
    String name = Printable.escape(csv.toString());
    Map<Long, List<Row>> bySession = new HashMap<>();
    long[] counts = new long[2]; // records, starts taken from the send start
    Optional<RequestCsv.TornLine> torn = RequestCsv.forEachLocated(csv, (r, line) -> {
      if (++counts[0] > MAX_REQUESTS) {
        throw new MalformedInputException(name + ":" + line + ": more than " + InputLimits.count(MAX_REQUESTS)
            + " records (the limit of a replay; replay a shorter run)");
      }
      Row row = row(r, name, line);
      if (row.fromSend()) {
        counts[1]++;
      }
      bySession.computeIfAbsent(r.sessionId(), k -> new ArrayList<>()).add(row);
    });
    List<Session> sessions = new ArrayList<>();
    long notSent = 0;
    long bursts = 0;
    long incompleteEnds = 0;
    long seqGaps = 0;
    long dropped = 0;
    long withinResolution = 0;
    long resolutionNanos = Math.max(0, run.reportedResolutionNanos());
    for (Map.Entry<Long, List<Row>> e : bySession.entrySet()) {
      List<Row> rows = e.getValue();
      rows.sort(Comparator.comparingInt(Row::seq));
      boolean gap = false;
      for (int i = 1; i < rows.size(); i++) {
        if (rows.get(i).seq() == rows.get(i - 1).seq()) {
          throw new MalformedInputException(name + ":" + rows.get(i).line() + ": sessionId " + e.getKey() + " seq "
              + rows.get(i).seq() + " appears twice (also at line " + rows.get(i - 1).line() + "; expected one record"
              + " per request of a session)");
        }
        gap |= rows.get(i).seq() != rows.get(i - 1).seq() + 1;
      }
      if (gap) {
        seqGaps++;
      }
      long startNanos = -1;
      for (Row row : rows) {
        if (row.startNanos() >= 0) {
          startNanos = row.startNanos();
          break;
        }
      }
      if (startNanos < 0) {
        dropped++;
        continue;
      }
      List<Request> requests = new ArrayList<>(rows.size());
      long groupEndNanos = -1;
      long sessionEndNanos = startNanos;
      boolean previousIncomplete = false;
      for (Row row : rows) {
        boolean first = requests.isEmpty();
        boolean overlaps = !first && row.startNanos() >= 0 && row.startNanos() < groupEndNanos;
        // a start before the end by no more than the clock's resolution is the clock's, not an overlap
        boolean burst = overlaps && groupEndNanos - row.startNanos() > resolutionNanos;
        if (overlaps && !burst) {
          withinResolution++;
        }
        long thinkNanos = 0;
        if (!first && !burst && row.startNanos() >= 0 && groupEndNanos >= 0) {
          thinkNanos = Math.max(0, row.startNanos() - groupEndNanos);
          if (previousIncomplete) {
            incompleteEnds++;
          }
        }
        if (burst) {
          bursts++;
          groupEndNanos = Math.max(groupEndNanos, row.endNanos());
          previousIncomplete |= row.incomplete();
        } else {
          groupEndNanos = Math.max(row.endNanos(), row.startNanos());
          previousIncomplete = row.incomplete();
        }
        if (row.outcome() == Outcome.GENERATOR_ERROR) {
          notSent++;
        }
        sessionEndNanos = Math.max(sessionEndNanos, row.endNanos());
        requests.add(new Request(row.method(), row.path(), thinkNanos, burst, row.outcome(), row.line()));
      }
      sessions.add(new Session(e.getKey(), startNanos, sessionEndNanos, requests));
    }
    if (sessions.isEmpty()) {
      throw new MalformedInputException(name + ": " + (counts[0] == 0 ? "no records" : "no record with a start"
          + " instant") + " (expected the requests of at least one session)");
    }
    sessions.sort(Comparator.comparingLong(Session::startNanos).thenComparingLong(Session::sessionId));
    String tornText = torn.map(t -> "a torn last line skipped (" + name + ":" + t.line() + ", " + t.reason() + ")")
        .orElse("");
    return new RecordedSessions(dir, run, sessions, new Evidence(counts[0], notSent, bursts, incompleteEnds,
        counts[1], seqGaps, dropped, tornText, withinResolution));
  }

  private static Row row(RequestRecord r, String name, int line) throws IOException {
    String method = r.method();
    if (!isMethod(method)) {
      throw new MalformedInputException(name + ":" + line + ": column 4 (method): \""
          + Printable.quoted(String.valueOf(method)) + "\" is not an HTTP method (expected upper case, e.g. GET)");
    }
    String path = pathOf(r.url());
    String problem = RequestPaths.problem(path);
    if (problem != null) {
      throw new MalformedInputException(name + ":" + line + ": column 5 (url): \"" + Printable.quoted(r.url())
          + "\" cannot be replayed (expected " + problem + ")");
    }
    boolean fromSend = r.intendedStartNanos() < 0 && r.sendStartNanos() >= 0;
    long start = r.intendedStartNanos() >= 0 ? r.intendedStartNanos() : r.sendStartNanos();
    boolean incomplete = r.lastByteNanos() < 0;
    long end = incomplete
        ? Math.max(Math.max(r.firstByteNanos(), r.sendStartNanos()), r.intendedStartNanos())
        : r.lastByteNanos();
    return new Row(r.seq(), method, path, start, end, fromSend, incomplete, r.outcome(), line);
  }

  /** An upper-case token of 1 to 32 characters: A-Z first, then A-Z, 0-9, '_' or '-'. */
  static boolean isMethod(String method) {
    if (method == null || method.isEmpty() || method.length() > 32) {
      return false;
    }
    for (int i = 0; i < method.length(); i++) {
      char c = method.charAt(i);
      boolean ok = (c >= 'A' && c <= 'Z') || (i > 0 && ((c >= '0' && c <= '9') || c == '_' || c == '-'));
      if (!ok) {
        return false;
      }
    }
    return true;
  }

  /** The request target of a recorded URL: an absolute {@code http://host:port/x} becomes {@code /x}. */
  static String pathOf(String url) {
    if (url == null) {
      return "";
    }
    for (String scheme : new String[] {"http://", "https://"}) {
      if (url.regionMatches(true, 0, scheme, 0, scheme.length())) {
        int slash = url.indexOf('/', scheme.length());
        int query = url.indexOf('?', scheme.length());
        if (slash < 0 && query < 0) {
          return "/";
        }
        if (slash < 0 || (query >= 0 && query < slash)) {
          return "/" + url.substring(query);
        }
        return url.substring(slash);
      }
    }
    return url;
  }
}
