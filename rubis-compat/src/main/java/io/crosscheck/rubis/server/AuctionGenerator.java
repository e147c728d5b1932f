package io.crosscheck.rubis.server;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Generates the auction database the way RUBiS's InitDB shapes it: users {@code user<N>} /
 * {@code password<N>} spread over the regions; items spread over the categories in proportion to
 * the counts in {@code ebay_simple_categories.txt}, with reserve and buy-now prices, unique and
 * multiple items; bids, comments and a few purchases. Seeded: the same {@link DatasetSize} gives
 * the same content (instants are relative to the {@code nowEpochSeconds} given). Text is lower
 * case only, so generated pages never contain RUBiS's markers {@code Sorry} or {@code ERROR}.
 */
final class AuctionGenerator {
  private static final String[] WORDS = {
    "vintage", "rare", "mint", "condition", "original", "box", "shipping", "free", "signed", "antique",
    "collector", "edition", "great", "item", "works", "perfect", "used", "new", "sealed", "classic",
    "lot", "set", "genuine", "quality", "auction", "seller", "fast", "bid", "cheap", "nice"
  };
  private static final long DAY_SECONDS = 86_400L;

  private final DatasetSize size;
  private final SplittableRandom random;
  private final long nowEpochSeconds;

  private AuctionGenerator(DatasetSize size, long nowEpochSeconds) {
    this.size = size;
    this.random = new SplittableRandom(size.seed());
    this.nowEpochSeconds = nowEpochSeconds;
  }

  /** A new store filled as {@code size} says; instants around {@code nowEpochSeconds}. */
  static AuctionStore generate(DatasetSize size, ReferenceData reference, long nowEpochSeconds) {
    AuctionStore store = new AuctionStore(reference);
    new AuctionGenerator(size, nowEpochSeconds).fill(store);
    return store;
  }

  private void fill(AuctionStore store) {
    ReferenceData reference = store.reference();
    int regions = reference.regions().size();
    for (int n = 1; n <= size.users(); n++) {
      store.registerUser("Great" + n, "User" + n, "user" + n, "password" + n, "Great" + n + ".User" + n + "@rubis.com",
          1 + (n - 1) % regions, nowEpochSeconds - random.nextLong(365 * DAY_SECONDS));
    }
    int[] cumulative = cumulativeCategoryCounts(reference);
    Map<Integer, List<AuctionItem>> listed = new HashMap<>();
    List<AuctionItem> all = new ArrayList<>();
    for (int i = 0; i < size.items(); i++) {
      int category = pickCategory(cumulative);
      long startEpochSeconds = nowEpochSeconds - random.nextLong(2 * DAY_SECONDS);
      AuctionItem item = newItem(store, category, startEpochSeconds,
          nowEpochSeconds + DAY_SECONDS * (1 + random.nextInt(7)), false);
      listed.computeIfAbsent(category, k -> new ArrayList<>()).add(item);
      all.add(item);
    }
    store.listAll(listed);
    for (int i = 0; i < size.oldItems(); i++) {
      long endEpochSeconds = nowEpochSeconds - DAY_SECONDS * (1 + random.nextInt(30));
      all.add(newItem(store, pickCategory(cumulative), endEpochSeconds - 7 * DAY_SECONDS, endEpochSeconds, true));
    }
    for (AuctionItem item : all) {
      addBids(store, item);
    }
    for (AuctionItem item : all) {
      AuctionItem.Snapshot s = item.snapshot(false);
      if (!item.old && item.buyNowPrice > 0 && s.quantity() > 1 && random.nextInt(100) < 30) {
        store.storeBuyNow(item, randomUser(), 1, item.startEpochSeconds + random.nextLong(DAY_SECONDS));
      }
    }
    for (int to = 0; to < size.users(); to++) {
      int comments = size.meanCommentsPerUser() == 0 ? 0 : random.nextInt(2 * size.meanCommentsPerUser() + 1);
      for (int c = 0; c < comments; c++) {
        AuctionItem about = all.get(random.nextInt(all.size()));
        store.storeComment(new Comment(randomUser(), to, about.id, random.nextInt(11) - 5,
            nowEpochSeconds - random.nextLong(30 * DAY_SECONDS), words(20 + random.nextInt(100))));
      }
    }
  }

  private AuctionItem newItem(AuctionStore store, int category, long startEpochSeconds, long endEpochSeconds, boolean old) {
    float initialPrice = 1 + random.nextInt(5000);
    float reservePrice = random.nextInt(100) < size.reservePricePercent() ? initialPrice + random.nextInt(1000) : 0;
    float buyNowPrice = random.nextInt(100) < size.buyNowPercent() ? initialPrice + reservePrice + random.nextInt(1000) : 0;
    int quantity = random.nextInt(100) < size.uniqueItemPercent() ? 1 : 2 + random.nextInt(size.maxQuantity() - 1);
    String description = words(16 + random.nextInt(size.maxDescriptionBytes() - 15));
    int seller = randomUser();
    if (old) {
      return store.registerItem("", description, initialPrice, reservePrice, buyNowPrice, quantity, seller, category,
          startEpochSeconds, endEpochSeconds, true);
    }
    return store.createUnlisted("", description, initialPrice, reservePrice, buyNowPrice, quantity, seller, category,
        startEpochSeconds, endEpochSeconds);
  }

  private void addBids(AuctionStore store, AuctionItem item) {
    int bids = size.meanBidsPerItem() == 0 ? 0 : random.nextInt(2 * size.meanBidsPerItem() + 1);
    float price = item.initialPrice;
    for (int b = 0; b < bids; b++) {
      price += 1 + random.nextInt(10);
      store.storeBid(item, new Bid(randomUser(), item.id, 1, price, price + random.nextInt(10),
          item.startEpochSeconds + random.nextLong(DAY_SECONDS)));
    }
  }

  private int randomUser() {
    return random.nextInt(size.users());
  }

  private int[] cumulativeCategoryCounts(ReferenceData reference) {
    List<ReferenceData.Category> categories = reference.categories();
    int[] cumulative = new int[categories.size()];
    int sum = 0;
    for (int i = 0; i < cumulative.length; i++) {
      sum += Math.max(1, categories.get(i).fileItemCount());
      cumulative[i] = sum;
    }
    return cumulative;
  }

  /** A 1-based category id drawn in proportion to the file's item counts. */
  private int pickCategory(int[] cumulative) {
    int r = random.nextInt(cumulative[cumulative.length - 1]);
    for (int i = 0; i < cumulative.length; i++) {
      if (r < cumulative[i]) {
        return i + 1;
      }
    }
    return cumulative.length;
  }

  /** About {@code lengthChars} characters of lower-case words. */
  private String words(int lengthChars) {
    StringBuilder text = new StringBuilder(lengthChars + 16);
    while (text.length() < lengthChars) {
      if (text.length() > 0) {
        text.append(' ');
      }
      text.append(WORDS[random.nextInt(WORDS.length)]);
    }
    return text.toString();
  }
}
