package io.crosscheck.model.spec;

import io.crosscheck.text.Printable;

/**
 * One problem in user input.
 *
 * @param where the option ({@code --rate}) or location ({@code sessions.log:7}, {@code
 *     table.txt:7: column 12})
 * @param value the offending text as given, or null when the problem is stated whole ({@link
 *     #stated})
 * @param expected what was expected, in words; for a stated problem the whole message after the
 *     location
 */
public record Problem(String where, String value, String expected) {
  /** A problem without a quoted value: {@code where: text}, e.g. a file refused whole. */
  public static Problem stated(String where, String text) {
    return new Problem(where, null, text);
  }

  /**
   * {@code where: "value": expected ...}, e.g. {@code --rate: "-5": expected a number > 0}. The
   * location and the value are made terminal-safe ({@link Printable#escape}) and a long value is
   * cut ({@link Printable#quoted}): a message never carries control characters from the input.
   */
  public String message() {
    if (value == null) {
      return Printable.escape(where) + ": " + Printable.escape(expected);
    }
    return Printable.escape(where) + ": \"" + Printable.quoted(value) + "\": expected "
        + Printable.escape(expected);
  }
}
