package io.crosscheck.tpcw.server;

import java.util.SplittableRandom;

/**
 * Random text for the generated database. TPCW_Populate draws a-strings over 79 characters,
 * punctuation included; these are letters only, so that pages need no escaping in practice and
 * the names the RBE copies into its next URL (rbe/EBWBuyConfTrans.java findName) stay short and
 * plain. Stateless.
 */
final class Words {
  private static final String LOWER = "abcdefghijklmnopqrstuvwxyz";

  private Words() {}

  /** A capitalised name of 8–15 letters (populate: C_FNAME/C_LNAME getRandomAString(8,15)). */
  static String name(SplittableRandom r) {
    int length = 8 + r.nextInt(8);
    StringBuilder b = new StringBuilder(length);
    b.append(Character.toUpperCase(LOWER.charAt(r.nextInt(26))));
    for (int i = 1; i < length; i++) {
      b.append(LOWER.charAt(r.nextInt(26)));
    }
    return b.toString();
  }

  /** {@code min..max} lower-case words of 3–9 letters separated by spaces. */
  static String phrase(SplittableRandom r, int min, int max) {
    int words = min + r.nextInt(max - min + 1);
    StringBuilder b = new StringBuilder();
    for (int w = 0; w < words; w++) {
      if (w > 0) {
        b.append(' ');
      }
      int length = 3 + r.nextInt(7);
      for (int i = 0; i < length; i++) {
        b.append(LOWER.charAt(r.nextInt(26)));
      }
    }
    return b.toString();
  }

  /** {@code count} decimal digits. */
  static String digits(SplittableRandom r, int count) {
    StringBuilder b = new StringBuilder(count);
    for (int i = 0; i < count; i++) {
      b.append((char) ('0' + r.nextInt(10)));
    }
    return b.toString();
  }
}
