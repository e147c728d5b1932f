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
  /** {@code where: "value" is not valid (expected ...)}. */
  public String message() {
    return where + ": \"" + value + "\" " + expected;
  }
}
