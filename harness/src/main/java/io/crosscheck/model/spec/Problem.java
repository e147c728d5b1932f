package io.crosscheck.model.spec;

/**
 * One problem in user input.
 *
 * @param where the option ({@code --rate}) or location ({@code sessions.log:7}, {@code
 *     table.txt:7: column 12})
 * @param value the offending text as given
 * @param expected what was expected, in words
 */
public record Problem(String where, String value, String expected) {
  /** {@code where: "value": expected ...}, e.g. {@code --rate: "-5": expected a number > 0}. */
  public String message() {
    return where + ": \"" + value + "\": expected " + expected;
  }
}
