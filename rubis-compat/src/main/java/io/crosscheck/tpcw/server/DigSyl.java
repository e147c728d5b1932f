package io.crosscheck.tpcw.server;

/**
 * TPC-W's digit syllables (spec clause 4.6.2.8; the RBE's {@code RBE.digSyl}, rbe/RBE.java:
 * digS, and TPCW_Populate's {@code DigSyl}): each decimal digit becomes one of ten two-letter
 * syllables, {@code 0 → BA}, {@code 1 → OG}, ... {@code 9 → NG}. Customer user names are {@code
 * digSyl(C_ID)}; the RBE's author and title searches send {@code digSyl(n, 7)}. Stateless.
 */
final class DigSyl {
  private static final String[] SYLLABLES = {"BA", "OG", "AL", "RI", "RE", "SE", "AT", "UL", "IN", "NG"};

  private DigSyl() {}

  /** {@code n}'s digits without leading zeros; {@code ""} for 0, as the RBE's one-argument form. */
  static String of(int n) {
    StringBuilder b = new StringBuilder();
    for (int d = n; d != 0; d /= 10) {
      b.insert(0, SYLLABLES[d % 10]);
    }
    return b.toString();
  }

  /** The last {@code digits} digits of {@code n}, left-padded with {@code BA} (zero). */
  static String of(int n, int digits) {
    StringBuilder b = new StringBuilder();
    int d = n;
    for (int i = 0; i < digits; i++) {
      b.insert(0, SYLLABLES[d % 10]);
      d /= 10;
    }
    return b.toString();
  }

  /**
   * The number spelt by {@code text} (leading {@code BA}s allowed), or -1 when it is not a
   * syllable string of 1..9 syllables.
   */
  static int parse(String text) {
    if (text == null || text.isEmpty() || text.length() % 2 != 0 || text.length() > 18) {
      return -1;
    }
    int n = 0;
    for (int i = 0; i < text.length(); i += 2) {
      int digit = digit(text.charAt(i), text.charAt(i + 1));
      if (digit < 0) {
        return -1;
      }
      n = n * 10 + digit;
    }
    return n;
  }

  private static int digit(char a, char b) {
    for (int d = 0; d < SYLLABLES.length; d++) {
      if (SYLLABLES[d].charAt(0) == a && SYLLABLES[d].charAt(1) == b) {
        return d;
      }
    }
    return -1;
  }
}
