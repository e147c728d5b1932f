package io.crosscheck.wire;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * How an embedded site (the TPC-W bookstore, the RUBiS auction site) states the size of its
 * database on the wire, so that an audit of an unmodified client can tell requests for ids beyond
 * it from the capture alone: every reply's {@code Server} field carries a comment (RFC 9110
 * {@code product *( RWS comment )}), e.g.
 *
 * <pre>Server: crosscheck-tpcw (population customers=1000 items=10000)</pre>
 *
 * <p>The comment holds {@code name=count} pairs separated by spaces: names are lower-case letters,
 * counts decimal. The wire reconstruction keeps the text between {@link #MARKER} and {@code )};
 * {@link #parse} reads it back. Stateless.
 */
public final class StatedPopulation {
  /** What opens the comment inside the Server field. */
  public static final String MARKER = "(population ";

  private StatedPopulation() {}

  /** {@code product (population name=count ...)}, the pairs in the map's order. */
  public static String serverHeader(String product, Map<String, Long> counts) {
    StringBuilder s = new StringBuilder(product).append(' ').append(MARKER);
    String sep = "";
    for (Map.Entry<String, Long> e : counts.entrySet()) {
      s.append(sep).append(e.getKey().toLowerCase(Locale.ROOT)).append('=').append(e.getValue());
      sep = " ";
    }
    return s.append(')').toString();
  }

  /**
   * The pairs of a statement ({@code customers=1000 items=10000}, without the marker and the
   * closing parenthesis); a pair that is not {@code name=digits} is left out.
   */
  public static Map<String, Long> parse(String statement) {
    Map<String, Long> out = new LinkedHashMap<>();
    for (String pair : statement.strip().split(" +")) {
      int eq = pair.indexOf('=');
      if (eq <= 0 || eq == pair.length() - 1 || pair.length() - eq > 19) {
        continue;
      }
      String digits = pair.substring(eq + 1);
      if (digits.chars().allMatch(c -> c >= '0' && c <= '9')) {
        out.put(pair.substring(0, eq), Long.parseLong(digits));
      }
    }
    return out;
  }
}
