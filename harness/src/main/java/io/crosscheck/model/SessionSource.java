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
