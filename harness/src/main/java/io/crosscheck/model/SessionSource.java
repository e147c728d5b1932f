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
