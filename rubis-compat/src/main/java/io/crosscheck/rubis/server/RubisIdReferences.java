package io.crosscheck.rubis.server;

import io.crosscheck.rundir.PopulationKind;
import io.crosscheck.spi.IdReferences.IdReference;
import java.util.List;

/**
 * The user a RUBiS client request names: {@code nickname=user<N>} (BuyNow, PutBid, PutComment,
 * AboutMe, the sell path's BrowseCategories), user N of the dataset's {@code user1..userN}. A
 * RegisterUser request names a new user on purpose (the client draws {@code user<number of users
 * + r>}), so it names none. Stateless.
 */
public final class RubisIdReferences {
  private static final String NICKNAME = "nickname=user";

  private RubisIdReferences() {}

  /** The user {@code url} names, or empty. */
  public static List<IdReference> references(String url) {
    int query = url.indexOf('?');
    if (query < 0 || url.lastIndexOf("RegisterUser", query) >= 0) {
      return List.of();
    }
    int at = url.indexOf(NICKNAME, query);
    if (at < 0 || url.charAt(at - 1) != '?' && url.charAt(at - 1) != '&') {
      return List.of();
    }
    int from = at + NICKNAME.length();
    int to = from;
    while (to < url.length() && to - from <= 12 && Character.isDigit(url.charAt(to))) {
      to++;
    }
    if (to == from || to - from > 12 || to < url.length() && url.charAt(to) != '&') {
      return List.of();
    }
    long n = Long.parseLong(url.substring(from, to));
    return n < 1 ? List.of() : List.of(new IdReference(PopulationKind.RUBIS_USERS, n));
  }
}
