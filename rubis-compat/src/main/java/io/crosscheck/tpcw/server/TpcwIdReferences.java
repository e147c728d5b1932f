package io.crosscheck.tpcw.server;

import io.crosscheck.rundir.PopulationKind;
import io.crosscheck.spi.IdReferences.IdReference;
import java.util.ArrayList;
import java.util.List;

/**
 * The customer and item ids a TPC-W RBE request names (TPCW-CONTRACT.md "States and URLs"): {@code
 * C_ID=n}, else {@code UNAME=digSyl(n)} (a returning customer's buy request and order display),
 * for customers; {@code I_ID=n} for items. Only the servlets' requests ({@code /TPCW_...}) count;
 * an image's name holds an item id too, but the RBE never asks for one it was not shown.
 * Stateless.
 */
public final class TpcwIdReferences {
  private TpcwIdReferences() {}

  /** The ids {@code url} names, the customer first; empty when it names none. */
  public static List<IdReference> references(String url) {
    int servlet = url.indexOf("/TPCW_");
    int query = servlet < 0 ? -1 : url.indexOf('?', servlet);
    if (query < 0) {
      return List.of();
    }
    Long customer = null;
    Long item = null;
    String userName = null;
    for (String pair : url.substring(query + 1).split("&")) {
      if (pair.startsWith("C_ID=")) {
        customer = number(pair.substring(5));
      } else if (pair.startsWith("I_ID=")) {
        item = number(pair.substring(5));
      } else if (pair.startsWith("UNAME=")) {
        userName = pair.substring(6);
      }
    }
    if (customer == null && userName != null) {
      int id = DigSyl.parse(userName);
      customer = id < 1 || !DigSyl.of(id).equals(userName) ? null : (long) id;
    }
    List<IdReference> out = new ArrayList<>(2);
    if (customer != null) {
      out.add(new IdReference(PopulationKind.TPCW_CUSTOMERS, customer));
    }
    if (item != null) {
      out.add(new IdReference(PopulationKind.TPCW_ITEMS, item));
    }
    return out;
  }

  /** A positive decimal id of at most 12 digits, else null (not an id the RBE draws). */
  private static Long number(String text) {
    if (text.isEmpty() || text.length() > 12 || !text.chars().allMatch(c -> c >= '0' && c <= '9')) {
      return null;
    }
    long n = Long.parseLong(text);
    return n >= 1 ? n : null;
  }
}
