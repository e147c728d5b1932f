package io.crosscheck.rubis;

import io.crosscheck.model.spec.Problem;
import io.crosscheck.text.Printable;

/**
 * One problem found in a RUBiS input file (properties, transition table, regions, categories).
 * Immutable.
 *
 * <p>Messages follow the house style: where, the value as given, what was expected, e.g. {@code
 * transitions.txt:7: column 12: "0,3" is not a probability (expected 0..1)}.
 *
 * @param where file name with line and column when known ({@code rubis.properties:42}, {@code
 *     transitions.txt:7: column 12}), or the file name alone for a missing key
 * @param value the offending text as given, or null when the problem is an absence
 * @param detail the rest of the message after the location (and the quoted value)
 */
public record RubisProblem(String where, String value, String detail) {

  /**
   * The full message as a user reads it; control characters of the input are escaped and a long
   * value is cut ({@link Printable}), so a binary file cannot write raw bytes to the terminal.
   */
  public String message() {
    return value == null ? Printable.escape(where) + ": " + Printable.escape(detail)
        : Printable.escape(where) + ": \"" + Printable.quoted(value) + "\" " + Printable.escape(detail);
  }

  /**
   * The same problem as a harness {@link Problem}, for callers that collect {@code SpecException}s;
   * its message is this one's.
   */
  public Problem toProblem() {
    return Problem.stated(where, value == null ? detail
        : "\"" + Printable.quoted(value) + "\" " + detail);
  }

  @Override
  public String toString() {
    return message();
  }
}
