package io.crosscheck.wan;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The conditions of one client class's emulated WAN link, as {@code --wan} names them:
 * {@code "rtt=40ms,rate=10mbit,loss=0.5%,mtu=576"}. Keys: {@code rtt} (a duration with unit
 * {@code us}, {@code ms} or {@code s}; each direction gets half), {@code rate} (both directions,
 * {@code kbit}, {@code mbit} or {@code gbit}, decimal multiples), {@code up} and {@code down}
 * (asymmetric rates; up is client to server), {@code loss} (percent of IPv4 frames lost at random
 * in each direction, 0–100, {@code %} optional), {@code mtu} (576..9000 bytes). A rate of 0 is
 * unlimited; an mtu of 0 is the default 1500. A profile may start with a name from {@link #NAMED}
 * ({@code dsl}, {@code dsl,loss=1%}): its keys, each overridden by a key given after it. Immutable.
 *
 * @param rttNanos round-trip time added by the link (half each way), nanoseconds
 * @param upBitsPerSecond client-to-server capacity, 0 unlimited
 * @param downBitsPerSecond server-to-client capacity, 0 unlimited
 * @param lossPercent chance, in percent, that an IPv4 frame is dropped in either direction
 * @param mtu the largest IPv4 packet of this class in bytes, 0 for the default 1500 (the link's
 *     interfaces take the classes' largest; a smaller one goes on this class's routes, and TCP's MSS
 *     follows)
 */
public record WanProfile(long rttNanos, long upBitsPerSecond, long downBitsPerSecond, double lossPercent, int mtu) {
  /** The MTU a profile without {@code mtu} gets. */
  public static final int DEFAULT_MTU = 1500;

  /**
   * Named profiles, typical figures of such links (not measurements): a name stands for its
   * key=value text, and keys given after it override its own.
   */
  public static final Map<String, String> NAMED = named();

  private static Map<String, String> named() {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("dsl", "rtt=40ms,up=1mbit,down=8mbit");
    m.put("cable", "rtt=20ms,up=10mbit,down=50mbit");
    m.put("3g", "rtt=150ms,up=768kbit,down=2mbit");
    m.put("4g", "rtt=60ms,up=10mbit,down=30mbit");
    m.put("satellite", "rtt=600ms,up=1mbit,down=10mbit");
    return java.util.Collections.unmodifiableMap(m);
  }

  /** Checks the ranges {@link #parse} checks, for profiles built in code. */
  public WanProfile {
    if (rttNanos < 0 || upBitsPerSecond < 0 || downBitsPerSecond < 0) {
      throw new IllegalArgumentException("rtt and rates must not be negative");
    }
    if (!(lossPercent >= 0 && lossPercent <= 100)) {
      throw new IllegalArgumentException("loss must be a percentage 0..100, not " + lossPercent);
    }
    if (mtu != 0 && (mtu < 576 || mtu > 9000)) {
      throw new IllegalArgumentException("mtu must be 576..9000 or 0 (default), not " + mtu);
    }
  }

  /**
   * Parses one profile. Keys may come in any order, each once, after an optional name of {@link
   * #NAMED} first; an empty text is the unconditioned link.
   *
   * @throws IllegalArgumentException one line naming the key, the value and what was expected
   */
  public static WanProfile parse(String text) {
    long rttNanos = 0;
    long up = 0;
    long down = 0;
    double loss = 0;
    int mtu = 0;
    Set<String> seen = new LinkedHashSet<>();
    String[] parts = text.split(",");
    String first = parts.length == 0 ? "" : parts[0].trim().toLowerCase(Locale.ROOT);
    if (!first.isEmpty() && !first.contains("=")) {
      String named = NAMED.get(first);
      if (named == null) {
        throw new IllegalArgumentException("--wan \"" + text + "\": \"" + parts[0].trim() + "\" is not a profile"
            + " name (" + String.join(", ", NAMED.keySet()) + ") or key=value (keys: rtt, rate, up, down, loss, mtu)");
      }
      WanProfile base = parse(named);
      rttNanos = base.rttNanos;
      up = base.upBitsPerSecond;
      down = base.downBitsPerSecond;
      loss = base.lossPercent;
      mtu = base.mtu;
      parts[0] = "";
    }
    for (String part : parts) {
      String item = part.trim();
      if (item.isEmpty()) {
        continue;
      }
      int eq = item.indexOf('=');
      if (eq < 0) {
        throw new IllegalArgumentException("--wan \"" + text + "\": \"" + item + "\" is not key=value (keys: rtt,"
            + " rate, up, down, loss, mtu; a profile name such as " + String.join(", ", NAMED.keySet())
            + " comes first)");
      }
      String key = item.substring(0, eq).trim().toLowerCase(Locale.ROOT);
      String value = item.substring(eq + 1).trim().toLowerCase(Locale.ROOT);
      if (!seen.add(key)) {
        throw new IllegalArgumentException("--wan \"" + text + "\": " + key + " is given twice");
      }
      switch (key) {
        case "rtt" -> rttNanos = duration(text, key, value);
        case "rate" -> {
          up = rate(text, key, value);
          down = up;
        }
        case "up" -> up = rate(text, key, value);
        case "down" -> down = rate(text, key, value);
        case "loss" -> loss = percent(text, key, value);
        case "mtu" -> mtu = mtu(text, key, value);
        default -> throw new IllegalArgumentException("--wan \"" + text + "\": unknown key \"" + key
            + "\" (expected rtt, rate, up, down, loss or mtu)");
      }
    }
    if (seen.contains("rate") && (seen.contains("up") || seen.contains("down"))) {
      throw new IllegalArgumentException(
          "--wan \"" + text + "\": rate sets both directions; give either rate or up/down");
    }
    return new WanProfile(rttNanos, up, down, loss, mtu);
  }

  /** The MTU this class's frames are limited to: {@link #mtu} or 1500. */
  public int effectiveMtu() {
    return mtu == 0 ? DEFAULT_MTU : mtu;
  }

  /** Client-to-server one-way delay in nanoseconds: half the RTT (the other half goes back). */
  public long upDelayNanos() {
    return rttNanos / 2;
  }

  /** Server-to-client one-way delay in nanoseconds. */
  public long downDelayNanos() {
    return rttNanos - rttNanos / 2;
  }

  /**
   * The canonical text, which {@link #parse} reads back to an equal profile: keys in the order
   * rtt, rate (or up, down), loss, mtu, unset ones left out, e.g. {@code rtt=40ms,rate=10mbit,loss=0.5%}.
   * The unconditioned link is {@code none}.
   */
  public String label() {
    StringBuilder out = new StringBuilder();
    if (rttNanos != 0) {
      add(out, "rtt=" + durationText(rttNanos));
    }
    if (upBitsPerSecond == downBitsPerSecond) {
      if (upBitsPerSecond != 0) {
        add(out, "rate=" + rateText(upBitsPerSecond));
      }
    } else {
      add(out, "up=" + rateText(upBitsPerSecond));
      add(out, "down=" + rateText(downBitsPerSecond));
    }
    if (lossPercent != 0) {
      add(out, "loss=" + number(lossPercent) + "%");
    }
    if (mtu != 0) {
      add(out, "mtu=" + mtu);
    }
    return out.length() == 0 ? "none" : out.toString();
  }

  private static void add(StringBuilder out, String item) {
    out.append(out.length() == 0 ? "" : ",").append(item);
  }

  private static long duration(String text, String key, String value) {
    long unitNanos;
    String digits;
    if (value.endsWith("us")) {
      unitNanos = 1_000L;
      digits = value.substring(0, value.length() - 2);
    } else if (value.endsWith("ms")) {
      unitNanos = 1_000_000L;
      digits = value.substring(0, value.length() - 2);
    } else if (value.endsWith("s")) {
      unitNanos = 1_000_000_000L;
      digits = value.substring(0, value.length() - 1);
    } else {
      throw expected(text, key, value, "a duration with unit us, ms or s, e.g. 40ms");
    }
    double amount = number(text, key, value, digits, "a duration with unit us, ms or s, e.g. 40ms");
    if (amount < 0 || amount * unitNanos > 60e9) {
      throw expected(text, key, value, "a duration 0..60s");
    }
    return Math.round(amount * unitNanos);
  }

  private static long rate(String text, String key, String value) {
    String[][] units = {{"kbit", "1000"}, {"mbit", "1000000"}, {"gbit", "1000000000"}};
    for (String[] unit : units) {
      if (value.endsWith(unit[0])) {
        String digits = value.substring(0, value.length() - unit[0].length());
        double amount = number(text, key, value, digits, "a rate with unit kbit, mbit or gbit, e.g. 10mbit");
        double bitsPerSecond = amount * Long.parseLong(unit[1]);
        if (amount < 0 || (bitsPerSecond > 0 && bitsPerSecond < 8000) || bitsPerSecond > 100e9) {
          throw expected(text, key, value, "a rate of 8kbit..100gbit, or 0 for unlimited");
        }
        return Math.round(bitsPerSecond);
      }
    }
    throw expected(text, key, value, "a rate with unit kbit, mbit or gbit, e.g. 10mbit");
  }

  private static double percent(String text, String key, String value) {
    String digits = value.endsWith("%") ? value.substring(0, value.length() - 1) : value;
    double amount = number(text, key, value, digits, "a percentage 0..100, e.g. 0.5%");
    if (amount < 0 || amount > 100) {
      throw expected(text, key, value, "a percentage 0..100, e.g. 0.5%");
    }
    return amount;
  }

  private static int mtu(String text, String key, String value) {
    try {
      int bytes = Integer.parseInt(value);
      if (bytes >= 576 && bytes <= 9000) {
        return bytes;
      }
    } catch (NumberFormatException e) {
      // reported below with the other out-of-range values
    }
    throw expected(text, key, value, "an MTU in bytes, 576..9000");
  }

  private static double number(String text, String key, String value, String digits, String what) {
    if (!digits.matches("[0-9]+(\\.[0-9]+)?")) {
      throw expected(text, key, value, what);
    }
    return Double.parseDouble(digits);
  }

  private static IllegalArgumentException expected(String text, String key, String value, String what) {
    return new IllegalArgumentException(
        "--wan \"" + text + "\": " + key + "=\"" + value + "\" is not " + what);
  }

  private static String durationText(long nanos) {
    return scaled(nanos, "s", "ms", "us");
  }

  private static String rateText(long bitsPerSecond) {
    return bitsPerSecond == 0 ? "0mbit" : scaled(bitsPerSecond, "gbit", "mbit", "kbit");
  }

  /** {@code value} in the largest of the units 10^9, 10^6, 10^3 it is a whole multiple of, else in 10^3. */
  private static String scaled(long value, String giga, String mega, String kilo) {
    if (value % 1_000_000_000L == 0) {
      return value / 1_000_000_000L + giga;
    }
    if (value % 1_000_000L == 0) {
      return value / 1_000_000L + mega;
    }
    if (value % 1_000L == 0) {
      return value / 1_000L + kilo;
    }
    return number(value / 1000.0) + kilo;
  }

  private static String number(double value) {
    return java.math.BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
  }
}
