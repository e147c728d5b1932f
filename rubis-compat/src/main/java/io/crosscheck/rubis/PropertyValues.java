package io.crosscheck.rubis;

import io.crosscheck.rubis.RubisPropertyKeys.Key;

/** Checks one property value against its {@link RubisPropertyKeys.Kind}, as the client parses it. */
final class PropertyValues {
  private PropertyValues() {}

  /** Null when {@code value} is fine, else the message after the quoted value. */
  static String check(Key key, String value) {
    switch (key.kind()) {
      case PORT, POSITIVE, NON_NEGATIVE -> {
        long min = key.kind() == RubisPropertyKeys.Kind.NON_NEGATIVE ? 0 : 1;
        long n;
        try {
          n = Integer.parseInt(value); // untrimmed, like the client's new Integer(String)
        } catch (NumberFormatException e) {
          return "is not an integer (expected " + wholeNumber(key) + ")";
        }
        if (n < min || (key.kind() == RubisPropertyKeys.Kind.PORT && n > 65535)) {
          return "is out of range (expected " + wholeNumber(key) + ")";
        }
        return null;
      }
      case FACTOR, PERCENT -> {
        float f;
        try {
          f = Float.parseFloat(value);
        } catch (NumberFormatException e) {
          return "is not a number (expected " + key.expected() + ")";
        }
        boolean ok = f >= 0 && (key.kind() == RubisPropertyKeys.Kind.FACTOR || f <= 100);
        return ok ? null : "is out of range (expected " + key.expected() + ")";
      }
      case YES_NO -> {
        return value.equals("yes") || value.equals("no") ? null
            : "is not yes or no (expected yes or no; the 1.4.x client treats anything but \"yes\" as no)";
      }
      case VERSION -> {
        return RubisFlavour.fromProperty(value) != null ? null
            : "is not a RUBiS version (expected PHP, Servlets or EJB, case-sensitive)";
      }
      default -> {
        return null;
      }
    }
  }

  private static String wholeNumber(Key key) {
    return switch (key.kind()) {
      case PORT -> "a whole number 1..65535";
      case NON_NEGATIVE -> "a whole number >= 0";
      default -> "a whole number > 0";
    };
  }
}
