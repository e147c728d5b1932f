package io.crosscheck.model.spec;

import io.crosscheck.model.SessionSource;
import java.util.List;

/**
 * Tokenizer of one {@code --wsesslog} request line (see {@link WsessLogParser} for the format):
 * {@code PATH [method=METHOD] [contents=BODY] [think=SECONDS]}. Stateless.
 */
final class WsessLine {
  private WsessLine() {}

  /** A request line before its burst's think time is known. */
  record Parsed(String method, String path, String body, long thinkNanos, boolean burst, int line) {
    SessionSource.WsRequest toRequest(long thinkAfterNanos) {
      return new SessionSource.WsRequest(method, path, body, thinkAfterNanos, burst, line);
    }
  }

  /** The parsed line (already stripped), or null after adding one problem per bad token. */
  static Parsed parse(String text, boolean burst, int line, String where, List<Problem> problems) {
    int before = problems.size();
    int pos = tokenEnd(text, 0);
    String path = text.substring(0, pos);
    String pathProblem = RequestPaths.problem(path);
    if (pathProblem != null) {
      problems.add(new Problem(where, path, pathProblem.replace("a path", "a request path")));
    }
    path = RequestPaths.encode(path); // sent and recorded as the wire shows it
    String method = "GET";
    String body = "";
    long thinkNanos = -1;
    while (true) {
      pos = skipBlanks(text, pos);
      if (pos >= text.length()) {
        break;
      }
      int start = pos;
      if (text.startsWith("contents=", pos)) {
        StringBuilder out = new StringBuilder();
        pos = contents(text, pos + "contents=".length(), out);
        if (pos < 0) {
          problems.add(new Problem(where, text.substring(start),
              "contents=\"...\" or contents='...' with a closing quote"));
          break;
        }
        body = out.toString(); // bounded by the line (InputLimits.MAX_LINE_BYTES)
        continue;
      }
      pos = tokenEnd(text, pos);
      String token = text.substring(start, pos);
      if (token.startsWith("method=")) {
        method = token.substring("method=".length());
        if (!method.matches("[A-Z]+")) {
          problems.add(new Problem(where, token, "method=METHOD in upper case, e.g. method=POST"));
        }
      } else if (token.startsWith("think=")) {
        try {
          thinkNanos = Durations.parseSecondsOrDurationNanos(token.substring("think=".length()));
        } catch (IllegalArgumentException e) {
          problems.add(new Problem(where, token, "think=SECONDS, a number >= 0 such as think=1.5"));
        }
      } else {
        problems.add(new Problem(where, token, "method=METHOD, contents=BODY or think=SECONDS"));
      }
    }
    return problems.size() > before ? null : new Parsed(method, path, body, thinkNanos, burst, line);
  }

  /**
   * Reads a contents value starting at {@code pos} into {@code out}; returns the position after it,
   * or -1 when a quote is not closed.
   */
  private static int contents(String text, int pos, StringBuilder out) {
    char quote = pos < text.length() ? text.charAt(pos) : ' ';
    if (quote != '"' && quote != '\'') {
      int end = tokenEnd(text, pos);
      out.append(text, pos, end);
      return end;
    }
    for (int i = pos + 1; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == quote) {
        return i + 1;
      }
      if (c == '\\' && i + 1 < text.length()) {
        char e = text.charAt(++i);
        out.append(e == 'n' ? '\n' : e == 'r' ? '\r' : e == 't' ? '\t' : e);
      } else {
        out.append(c);
      }
    }
    return -1;
  }

  private static int tokenEnd(String text, int pos) {
    while (pos < text.length() && !Character.isWhitespace(text.charAt(pos))) {
      pos++;
    }
    return pos;
  }

  private static int skipBlanks(String text, int pos) {
    while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
      pos++;
    }
    return pos;
  }
}
