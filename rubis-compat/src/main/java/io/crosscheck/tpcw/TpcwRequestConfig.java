package io.crosscheck.tpcw;

import java.time.ZoneId;

/**
 * What shapes the RBE's request URLs besides the random draws. Immutable.
 *
 * @param prefix the path the RBE's {@code -WWW} names, ending in '/' ({@code /tpcw/}); a URL is
 *     the prefix then {@code TPCW_<servlet>}
 * @param customers {@code -CUST}: C_IDs are drawn in 1..customers
 * @param customerA the NURand A for C_IDs ({@code -CUSTA}, from the -CUST band)
 * @param items {@code -ITEM}: searches and admin images draw from it
 * @param itemA the NURand A for search strings ({@code -ITEMA}, from -ITEM)
 * @param datesEpochMillis the wall-clock instant birth dates end at and card expiry dates start
 *     from (the RBE reads the clock; here one instant per workload, so that every engine sends
 *     the same dates)
 * @param zone the time zone the RBE's GregorianCalendar formats those dates in
 */
public record TpcwRequestConfig(String prefix, int customers, int customerA, int items, int itemA,
    long datesEpochMillis, ZoneId zone) {
  /** The RBE's default A for {@code customers} (RBE.stdCIDA: 1023 up to 9,999, then x4+3 per band). */
  public static int customerA(int customers) {
    int upper = 9_999;
    int a = 1023;
    while (customers > upper) {
      upper = upper * 4 + 3;
      a = a * 4 + 3;
    }
    return a;
  }

  /** The RBE's A for {@code items} (RBE.stdNumItemA), or -1 when -ITEM is not one it accepts. */
  public static int itemA(int items) {
    return switch (items) {
      case 1_000 -> 63;
      case 10_000 -> 511;
      case 100_000 -> 4095;
      case 1_000_000 -> 32767;
      case 10_000_000 -> 524287;
      default -> -1;
    };
  }
}
