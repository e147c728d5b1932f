package io.crosscheck.tpcw.server;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;

/**
 * The decoded query parameters of one request ({@code %XX} and {@code +} decoded as UTF-8). Unlike
 * the reference servlets, which let {@code Integer.parseInt} throw into the container (a 500), a
 * number that is present but not a number is a {@link Rejection#badRequest 400} naming the
 * parameter. Immutable.
 */
record TpcwParams(Map<String, List<String>> values) {
  /** Longest text value kept (the RBE's longest, DATA, is at most 500 characters). */
  static final int MAX_TEXT_CHARS = 1000;

  /** The first value of {@code name} (blanks trimmed), or null when absent or empty. */
  String text(String name) {
    List<String> list = values.get(name);
    if (list == null || list.isEmpty()) {
      return null;
    }
    String value = list.get(0).strip();
    if (value.length() > MAX_TEXT_CHARS) {
      throw Rejection.badRequest(name + ": " + value.length() + " characters (expected at most " + MAX_TEXT_CHARS + ")");
    }
    return value.isEmpty() ? null : value;
  }

  /** Like {@link #text} with {@code ""} for absent. */
  String textOrEmpty(String name) {
    String t = text(name);
    return t == null ? "" : t;
  }

  /** Every value of {@code name}, in order (empty when absent). */
  List<String> all(String name) {
    return values.getOrDefault(name, List.of());
  }

  /** Whether {@code name} is present with a non-empty value. */
  boolean has(String name) {
    return text(name) != null;
  }

  /** {@code name} as a positive id, or null when absent; 400 when present but not one. */
  Integer id(String name) {
    String t = text(name);
    return t == null ? null : parseId(name, t);
  }

  /** {@code name} as a positive id; 400 when absent or not one. */
  int requiredId(String name) {
    Integer id = id(name);
    if (id == null) {
      throw Rejection.badRequest(name + ": missing (expected a positive integer)");
    }
    return id;
  }

  /** {@code name}, which must be present; 400 naming it otherwise. */
  String required(String name) {
    String t = text(name);
    if (t == null) {
      throw Rejection.badRequest(name + ": missing");
    }
    return t;
  }

  /** {@code name} as an amount of dollars with at most 2 decimals in 0..1,000,000, or null when absent. */
  BigDecimal dollars(String name) {
    String t = text(name);
    if (t == null) {
      return null;
    }
    try {
      BigDecimal d = new BigDecimal(t);
      if (d.signum() >= 0 && d.compareTo(BigDecimal.valueOf(1_000_000)) <= 0 && d.scale() <= 2) {
        return d.setScale(2);
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw Rejection.badRequest(name + ": \"" + shorten(t) + "\": expected dollars such as 12.34 (0..1000000)");
  }

  /** {@code text} as a quantity 0..9999 for {@code name}; 400 otherwise. */
  static int quantity(String name, String text) {
    try {
      int q = Integer.parseInt(text.strip());
      if (q >= 0 && q <= 9999) {
        return q;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw Rejection.badRequest(name + ": \"" + shorten(text) + "\": expected a quantity 0..9999");
  }

  static int parseId(String name, String text) {
    try {
      int id = Integer.parseInt(text);
      if (id > 0) {
        return id;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw Rejection.badRequest(name + ": \"" + shorten(text) + "\": expected a positive integer");
  }

  /** At most 40 characters of {@code text}, printable ASCII only, for an error message. */
  static String shorten(String text) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < text.length() && b.length() < 40; i++) {
      char c = text.charAt(i);
      b.append(c >= 0x20 && c < 0x7f ? c : '?');
    }
    return text.length() > 40 ? b + "..." : b.toString();
  }
}
