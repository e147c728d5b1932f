package io.crosscheck.model.spec;

import io.crosscheck.model.SessionSource;
import io.crosscheck.text.ProblemCap;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads an httperf {@code --wsesslog} file into {@link SessionSource.WsessLog}. Format (httperf(1)):
 *
 * <ul>
 *   <li>A line whose first non-blank character is {@code #} is a comment.
 *   <li>Lines holding only whitespace separate sessions; several in a row make no empty session.
 *   <li>Any other line is one request: {@code PATH [method=METHOD] [contents=BODY] [think=SECONDS]}
 *       in any order after the path. PATH starts with '/'. METHOD is upper case (default GET).
 *       BODY is quoted with {@code "} or {@code '} (may hold spaces; escapes {@code \n \r \t \\
 *       \" \'}) or unquoted up to the next blank. SECONDS is a decimal number of seconds (a unit
 *       suffix such as {@code 500ms} is also accepted), &gt;= 0.
 *   <li>A request line that begins with whitespace is a burst member: it is sent together with the
 *       previous unindented request, with no think time in between.
 * </ul>
 *
 * <p>The think time after a burst is the {@code think=} of its unindented line, -1 when absent (the
 * schedule then draws from {@code --think}). As in httperf, where think time belongs to the burst,
 * a {@code think=} on a burst member sets the think time of its burst. Every bad line becomes a
 * {@link Problem} at {@code file:line} naming the bad token (the first 20 are listed, the rest
 * counted). The file is read within {@link io.crosscheck.text.InputLimits}; a CRLF file reads as its
 * LF twin. Stateless.
 */
final class WsessLogParser {
  static final String OPTION = "--wsesslog";

  private WsessLogParser() {}

  /** The sessions, or null after adding problems. */
  static SessionSource.WsessLog parse(String pathText, List<Problem> problems) {
    ProblemCap<Problem> bad = SpecFiles.fileProblems(pathText, problems);
    List<SessionSource.WsSession> sessions = new ArrayList<>();
    List<WsessLine.Parsed> current = new ArrayList<>();
    List<Problem> lineProblems = new ArrayList<>();
    boolean read = SpecFiles.forEachLine(OPTION, pathText, "a wsesslog file", problems, (number, text) -> {
      String where = SpecFiles.where(pathText, number);
      if (text.isBlank()) {
        endSession(current, sessions);
        return;
      }
      if (text.strip().startsWith("#")) {
        return;
      }
      boolean burst = Character.isWhitespace(text.charAt(0));
      if (burst && current.isEmpty()) {
        bad.add(new Problem(where, text.strip(),
            "an unindented request line first (an indented line is a burst member of the request above)"));
        return;
      }
      lineProblems.clear();
      WsessLine.Parsed parsed = WsessLine.parse(text.strip(), burst, number, where, lineProblems);
      lineProblems.forEach(bad::add);
      if (parsed != null && bad.count() == 0) {
        current.add(parsed);
      }
    });
    endSession(current, sessions);
    bad.finish();
    if (!read || bad.count() > 0) {
      return null;
    }
    if (sessions.isEmpty()) {
      problems.add(new Problem(OPTION, pathText, "a wsesslog file with at least one request line"));
      return null;
    }
    return new SessionSource.WsessLog(sessions, pathText);
  }

  /** Closes the session being read, moving each burst's think time onto its unindented request. */
  private static void endSession(List<WsessLine.Parsed> lines, List<SessionSource.WsSession> out) {
    if (lines.isEmpty()) {
      return;
    }
    List<SessionSource.WsRequest> requests = new ArrayList<>();
    for (int head = 0; head < lines.size(); ) {
      int end = head + 1;
      long think = lines.get(head).thinkNanos();
      while (end < lines.size() && lines.get(end).burst()) {
        if (lines.get(end).thinkNanos() >= 0) {
          think = lines.get(end).thinkNanos();
        }
        end++;
      }
      for (int i = head; i < end; i++) {
        requests.add(lines.get(i).toRequest(i == head ? think : -1));
      }
      head = end;
    }
    out.add(new SessionSource.WsSession(requests));
    lines.clear();
  }
}
