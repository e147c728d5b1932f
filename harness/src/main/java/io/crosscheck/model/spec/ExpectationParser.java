package io.crosscheck.model.spec;

import io.crosscheck.model.SessionLength;
import io.crosscheck.model.ThinkTime;
import java.util.List;

/**
 * The {@code --expect-*} options: the workload a user says a generator sends, in the syntax of the
 * options that make crosscheck's own engines send it. Stateless.
 */
public final class ExpectationParser {
  public static final String THINK = "--expect-think";
  public static final String ARRIVAL = "--expect-arrival";
  public static final String SESSION_LENGTH = "--expect-session-length";

  private ExpectationParser() {}

  /** As {@code --think}: {@code fixed:D | exp:MEAN | uniform:MIN-MAX}; null after a problem. */
  public static ThinkTime think(String text, List<Problem> problems) {
    if (text.equals("none") || text.startsWith("table:")) {
      problems.add(new Problem(THINK, text, "fixed:D, exp:MEAN or uniform:MIN-MAX"));
      return null;
    }
    return SessionSpecParser.think(THINK, text, problems);
  }

  /** As {@code --session-length}: {@code fixed:N | geometric:P[:MAX]}; null after a problem. */
  public static SessionLength sessionLength(String text, List<Problem> problems) {
    return SessionSpecParser.sessionLength(SESSION_LENGTH, text, problems);
  }

  /**
   * Request arrivals at the whole generator: {@code poisson:RATE} or {@code deterministic:RATE}, RATE
   * per second ({@code 100} or {@code 100/s}).
   */
  public record Arrival(String process, double ratePerSecond) {}

  /** {@code poisson:RATE | deterministic:RATE}; null after a problem. */
  public static Arrival arrival(String text, List<Problem> problems) {
    int colon = text.indexOf(':');
    String process = colon < 0 ? "" : text.substring(0, colon);
    if (!process.equals("poisson") && !process.equals("deterministic")) {
      problems.add(new Problem(ARRIVAL, text, "poisson:RATE or deterministic:RATE, RATE requests per second"
          + " (e.g. poisson:100/s)"));
      return null;
    }
    String rate = text.substring(colon + 1);
    rate = rate.endsWith("/s") ? rate.substring(0, rate.length() - 2) : rate;
    double perSecond = SpecValues.parseDouble(rate);
    if (!(perSecond > 0) || Double.isInfinite(perSecond)) {
      problems.add(new Problem(ARRIVAL, text, process + ":RATE with RATE > 0 requests per second"));
      return null;
    }
    return new Arrival(process, perSecond);
  }
}
