package io.crosscheck.rubis.server;

import java.util.List;
import java.util.Map;

/**
 * The decoded query parameters of one request ({@code %XX} and {@code +} decoded as UTF-8, as
 * Netty's {@code QueryStringDecoder} does). Lenient like RUBiS's scripts: a missing or unparsable
 * number is {@code null}, and the caller decides whether that is an error. Immutable.
 */
record Params(Map<String, List<String>> values) {

  /** No parameters. */
  static final Params NONE = new Params(Map.of());

  /** The first value of {@code name} (blanks trimmed), or null when absent or empty. */
  String text(String name) {
    List<String> list = values.get(name);
    if (list == null || list.isEmpty()) {
      return null;
    }
    String value = list.get(0).strip();
    return value.isEmpty() ? null : value;
  }

  /** Whether {@code name} is present with a non-empty value. */
  boolean has(String name) {
    return text(name) != null;
  }

  /** {@code name} as an int, or null when absent or not an integer ({@code 3.0} counts as 3). */
  Integer integer(String name) {
    String t = text(name);
    if (t == null) {
      return null;
    }
    try {
      return Integer.valueOf(t);
    } catch (NumberFormatException e) {
      Float f = decimal(name);
      return f == null || f != Math.rint(f) || Math.abs(f) > Integer.MAX_VALUE ? null : Integer.valueOf(f.intValue());
    }
  }

  /** {@code name} as a price such as {@code 12.5}, or null when absent or not a finite number. */
  Float decimal(String name) {
    String t = text(name);
    if (t == null) {
      return null;
    }
    try {
      float f = Float.parseFloat(t);
      return Float.isFinite(f) ? f : null;
    } catch (NumberFormatException e) {
      return null;
    }
  }

  /** {@code name} as an int, or {@code fallback} when absent or unparsable. */
  int integer(String name, int fallback) {
    Integer i = integer(name);
    return i == null ? fallback : i;
  }
}
