package io.crosscheck.model;

import java.util.List;

/** What a session requests. */
public sealed interface SessionSource {

  /**
   * Requests drawn from a list of paths: in order (cycling) or uniformly at random.
   *
   * @param paths request targets such as {@code /static/2k}, each starting with '/'
   */
  record UrlList(List<String> paths, boolean random) implements SessionSource {
    public UrlList {
      paths = List.copyOf(paths);
    }
  }

  /**
   * Explicit sessions from an httperf {@code --wsesslog} file; arriving sessions use them in order,
   * cycling.
   */
  record WsessLog(List<WsSession> sessions, String source) implements SessionSource {
    public WsessLog {
      sessions = List.copyOf(sessions);
    }
  }

  /**
   * Sessions driven by a script that reads replies (RUBiS); the length, think times and URLs come
   * from the script, not from the workload's length and think-time settings.
   */
  record Scripted(SessionScriptFactory factory) implements SessionSource {
    /** The factory's description, so that the workload's text (and digest) is stable. */
    @Override
    public String toString() {
      return "Scripted[" + factory.describe() + "]";
    }
  }

  /**
   * The sessions a run recorded ({@code crosscheck replay RUN_DIR}), each as an explicit request
   * sequence with the think times it showed; the n-th arriving session is the n-th recorded one (in
   * order of their start instants). Paired with an {@link ArrivalProcess.Recorded} arrival, every
   * recorded session runs once, at its recorded start instant.
   *
   * @param sessions the recorded sessions, in order of their start instants
   * @param origin the recorded run
   */
  record Recorded(List<WsSession> sessions, Origin origin) implements SessionSource {
    public Recorded {
      sessions = List.copyOf(sessions);
      java.util.Objects.requireNonNull(origin, "origin");
    }

    /**
     * The text the schedule digest reads: the counts and a SHA-256 over every request, streamed, so
     * that millions of recorded requests do not become one string.
     */
    @Override
    public String toString() {
      java.security.MessageDigest sha = Digests.sha256();
      long requests = 0;
      for (WsSession s : sessions) {
        for (WsRequest r : s.requests()) {
          requests++;
          sha.update(r.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8));
          sha.update((byte) '\n');
        }
        sha.update((byte) 0);
      }
      return "Recorded[origin=" + origin + ", sessions=" + sessions.size() + ", requests=" + requests + ", sha256="
          + java.util.HexFormat.of().formatHex(sha.digest()) + "]";
    }
  }

  /**
   * The run a {@link Recorded} source replays.
   *
   * @param runDirectory its directory as given
   * @param runId its directory's name (a run's id: start time and name)
   * @param seed its schedule's seed; null for a run crosscheck did not schedule (an agent's audit)
   * @param scheduleDigest its schedule digest; null when it has none
   * @param engine the engine (or {@code agent}) that recorded it
   */
  record Origin(String runDirectory, String runId, Long seed, String scheduleDigest, String engine) {}

  /** One wsesslog session: its requests in order. */
  record WsSession(List<WsRequest> requests) {
    public WsSession {
      requests = List.copyOf(requests);
    }
  }

  /**
   * One wsesslog request.
   *
   * @param method HTTP method, e.g. GET
   * @param path request target
   * @param body request body or empty
   * @param thinkAfterNanos think time after this request's burst; -1 when the file gives none
   * @param burstWithPrevious true for an indented line: sent with the previous request, no think
   * @param line 1-based line in the source file
   */
  record WsRequest(
      String method, String path, String body, long thinkAfterNanos, boolean burstWithPrevious,
      int line) {}
}
