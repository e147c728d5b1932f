package io.crosscheck.rubis.server;

/**
 * The shape of the generated auction database, after RUBiS's {@code database_*} properties but
 * small by default so that the server starts in well under two seconds. Counts are entities;
 * {@code maxDescriptionBytes} is characters of ASCII text. Generation is seeded: the same size and
 * seed give the same users, items, bids and comments. Immutable.
 *
 * @param users registered users ({@code user1}..{@code userN})
 * @param items items on sale, spread over the 20 categories in proportion to their counts
 * @param oldItems items whose auction has ended (viewable, never listed)
 * @param meanBidsPerItem mean bids per item (uniform 0..2×mean)
 * @param meanCommentsPerUser mean comments received per user (uniform 0..2×mean)
 * @param buyNowPercent percentage of items with a buy-now price
 * @param reservePricePercent percentage of items with a reserve price
 * @param uniqueItemPercent percentage of items with quantity 1 (others 2..maxQuantity)
 * @param maxQuantity largest quantity of a multiple item
 * @param maxDescriptionBytes longest generated item description
 * @param seed seed of the generator
 */
public record DatasetSize(
    int users,
    int items,
    int oldItems,
    int meanBidsPerItem,
    int meanCommentsPerUser,
    int buyNowPercent,
    int reservePricePercent,
    int uniqueItemPercent,
    int maxQuantity,
    int maxDescriptionBytes,
    long seed) {

  /** Validates every field (message: field, value, what was expected). */
  public DatasetSize {
    atLeast("users", users, 1);
    atLeast("items", items, 1);
    atLeast("oldItems", oldItems, 0);
    atLeast("meanBidsPerItem", meanBidsPerItem, 0);
    atLeast("meanCommentsPerUser", meanCommentsPerUser, 0);
    percent("buyNowPercent", buyNowPercent);
    percent("reservePricePercent", reservePricePercent);
    percent("uniqueItemPercent", uniqueItemPercent);
    atLeast("maxQuantity", maxQuantity, 2);
    atLeast("maxDescriptionBytes", maxDescriptionBytes, 16);
  }

  /** 10,000 users, 5,000 items (+1,000 old), ~5 bids per item, ~2 comments per user, seed 1. */
  public static DatasetSize defaults() {
    return new DatasetSize(10_000, 5_000, 1_000, 5, 2, 10, 40, 80, 10, 1024, 1L);
  }

  /** This size with {@code users} users and {@code items} items on sale. */
  public DatasetSize withCounts(int users, int items, int oldItems) {
    return new DatasetSize(users, items, oldItems, meanBidsPerItem, meanCommentsPerUser, buyNowPercent,
        reservePricePercent, uniqueItemPercent, maxQuantity, maxDescriptionBytes, seed);
  }

  /** This size generated from another seed. */
  public DatasetSize withSeed(long seed) {
    return new DatasetSize(users, items, oldItems, meanBidsPerItem, meanCommentsPerUser, buyNowPercent,
        reservePricePercent, uniqueItemPercent, maxQuantity, maxDescriptionBytes, seed);
  }

  private static void atLeast(String name, int value, int min) {
    if (value < min) {
      throw new IllegalArgumentException(name + ": " + value + ": expected >= " + min);
    }
  }

  private static void percent(String name, int value) {
    if (value < 0 || value > 100) {
      throw new IllegalArgumentException(name + ": " + value + ": expected a percentage 0..100");
    }
  }
}
