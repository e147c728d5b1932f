package io.crosscheck.tpcw.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The generated database: digit syllables as TPC-W spells them, every search key the RBE can draw
 * finds rows at every -ITEM the RBE accepts, the same seed gives the same books and customers,
 * and user names log in back to their ids.
 */
class TpcwCatalogTest {
  private static final long TODAY = 20_000;

  @Test
  void digitSyllablesAreTpcwS() {
    assertEquals("OGALRI", DigSyl.of(123));
    assertEquals("", DigSyl.of(0));
    assertEquals("BABABABAOGALRI", DigSyl.of(123, 7));
    assertEquals("BABABABABABABA", DigSyl.of(0, 7));
    assertEquals(123, DigSyl.parse("BABABABAOGALRI"));
    assertEquals(987654321, DigSyl.parse(DigSyl.of(987654321)));
    assertEquals(-1, DigSyl.parse("OGX"));
    assertEquals(-1, DigSyl.parse("ogal"));
  }

  @Test
  void everySearchKeyTheRbeDrawsFindsItemsAtEveryItemCount() {
    for (int items : new int[] {1_000, 10_000, 100_000, 1_000_000, 10_000_000}) {
      Catalog catalog = new Catalog(items, 1, TODAY);
      // EBWSearchResultTrans: author digSyl(NURand(A,0,ITEM/10),7), title digSyl(NURand(A,0,ITEM/5),7)
      for (int k : new int[] {0, 1, items / 20, items / 10}) {
        List<Item> byAuthor = catalog.byAuthor(DigSyl.of(k, 7));
        assertFalse(byAuthor.isEmpty(), items + " items: author key " + k);
        for (Item i : byAuthor) {
          assertEquals(DigSyl.of(k, 7), i.authorLastName());
        }
      }
      for (int k : new int[] {0, 1, items / 10, items / 5}) {
        List<Item> byTitle = catalog.byTitle(DigSyl.of(k, 7));
        assertFalse(byTitle.isEmpty(), items + " items: title key " + k);
        assertTrue(byTitle.size() <= Catalog.LIST_LIMIT);
        for (Item i : byTitle) {
          assertTrue(i.title().startsWith(DigSyl.of(k, 7) + " "), i.title());
        }
      }
      for (int s = 0; s < Catalog.SUBJECTS.size(); s++) {
        List<Item> newest = catalog.newProducts(s);
        int inSubject = (items - s - 1) / Catalog.SUBJECTS.size() + 1;
        assertEquals(Math.min(Catalog.LIST_LIMIT, inSubject), newest.size());
        for (int i = 1; i < newest.size(); i++) {
          assertTrue(newest.get(i - 1).publishedEpochDay() >= newest.get(i).publishedEpochDay(), "newest first");
        }
        for (Item i : catalog.bySubject(s)) {
          assertEquals(Catalog.SUBJECTS.get(s), i.subject());
        }
      }
    }
  }

  @Test
  void theSameSeedGivesTheSameDatabase() {
    Catalog a = new Catalog(10_000, 7, TODAY);
    Catalog b = new Catalog(10_000, 7, TODAY);
    Catalog other = new Catalog(10_000, 8, TODAY);
    for (int id : new int[] {1, 2_500, 2_501, 9_999, 10_000}) {
      Item x = a.item(id);
      assertEquals(x.title(), b.item(id).title());
      assertEquals(x.costCents(), b.item(id).costCents());
      assertEquals("img" + id % 100 + "/image_" + id + ".gif", x.image());
      assertTrue(x.costCents() <= x.srpCents() && x.costCents() >= x.srpCents() / 2, x.toString());
      assertEquals(5, java.util.Arrays.stream(x.related()).distinct().count());
      assertNotEquals(x.description(), other.item(id).description());
    }
    assertEquals(2_400, a.item(2_400).authorId(), "item i <= ITEM/4 is by author i");
    assertThrows(Rejection.class, () -> a.item(10_001));
    assertThrows(Rejection.class, () -> a.item(0));

    CustomerBase c1 = new CustomerBase(1000, 7, TODAY, 10);
    CustomerBase c2 = new CustomerBase(1000, 7, TODAY, 10);
    assertEquals(c1.customer(500), c2.customer(500));
    assertEquals(500, c1.byUserName(DigSyl.of(500)).id());
    assertEquals(DigSyl.of(500).toLowerCase(), c1.customer(500).password());
    assertThrows(Rejection.class, () -> c1.byUserName("BA" + DigSyl.of(500)), "leading zero is not a user name");
    assertThrows(Rejection.class, () -> c1.customer(1001));
  }

  @Test
  void registeredCustomersBeyondTheCapAreDerivedAgainUnderTheirIds() {
    CustomerBase base = new CustomerBase(1000, 7, TODAY, 3);
    Address a = new Address("s1", "s2", "c", "st", "z", "Chad");
    int first = base.register("Fffffffff", "Lllllllll", a, "1", "e", 0).id();
    for (int i = 0; i < 5; i++) {
      base.register("Gggggggg", "Hhhhhhhh", a, "1", "e", 0);
    }
    assertEquals(1001, first);
    assertEquals(3, base.registeredHeld());
    assertEquals(1006, base.issued());
    Customer again = base.customer(first);
    assertEquals(first, again.id());
    assertEquals(DigSyl.of(first), again.userName());
    assertEquals("Gggggggg", base.customer(1006).firstName());
  }

  @Test
  void aCachedItemIsTheItemDerivedFromTheSeedAlsoWhenSlotsAreShared() {
    // 10,000 items: one slot each; 4 x CACHE_SLOTS: four ids per slot, each read evicting the last
    for (int items : new int[] {10_000, 4 * Catalog.CACHE_SLOTS}) {
      Catalog catalog = new Catalog(items, 3, TODAY);
      Catalog fresh = new Catalog(items, 3, TODAY);
      for (int round = 0; round < 2; round++) {
        int step = (items > Catalog.CACHE_SLOTS ? 11 : 1) * (round == 0 ? 1 : 7);
        for (int id = 1; id <= items; id += step) {
          assertSameItem(fresh.derive(id), catalog.item(id));
        }
      }
      assertSameItem(fresh.derive(items), catalog.item(items));
    }
    // an admin update wins over the cache and stays
    Catalog catalog = new Catalog(10_000, 3, TODAY);
    catalog.item(42);
    Item updated = catalog.update(42, 123, "img42/image_42.gif", "img42/thumb_42.gif");
    assertEquals(updated, catalog.item(42));
    assertEquals(123, catalog.item(42).costCents());
  }

  /** Every component equal (the related ids by content). */
  private static void assertSameItem(Item expected, Item actual) {
    for (java.lang.reflect.RecordComponent c : Item.class.getRecordComponents()) {
      try {
        Object e = c.getAccessor().invoke(expected);
        Object a = c.getAccessor().invoke(actual);
        if (e instanceof int[] ids) {
          assertTrue(java.util.Arrays.equals(ids, (int[]) a), expected.id() + " " + c.getName());
        } else {
          assertEquals(e, a, expected.id() + " " + c.getName());
        }
      } catch (ReflectiveOperationException x) {
        throw new AssertionError(x);
      }
    }
  }

  @Test
  void itemImageNamesAreAcceptedExactlyAsThePatternTheyFollow() {
    java.util.regex.Pattern pattern = java.util.regex.Pattern.compile("img(\\d{1,2})/(image|thumb)_(\\d{1,9})\\.gif");
    BookstoreImages images = new BookstoreImages(10_000);
    List<String> names = new java.util.ArrayList<>(List.of("", "img", "img/image_1.gif", "img1/image_1.gif",
        "img01/image_1.gif", "img001/image_1.gif", "img1/image_01.gif", "img0/image_0.gif", "img0/image_10000.gif",
        "img1/image_10001.gif", "img1/image_1234567891.gif", "img1/thumb_1.gif", "img1/thumbs_1.gif",
        "img1/image_1.gif.gif", "img1/image_.gif", "img1/image_1.GIF", "img1/image_1.gif?x", "Img1/image_1.gif",
        "img1/image_1x.gif", "img١/image_1.gif", "img1/image_١.gif", "img99/thumb_9999.gif", "img99/thumb_99.gif",
        "img9/thumb_9.gif", "img09/thumb_9.gif", "img1/image_1gif", "img1/image_1.gi", "img1image_1.gif"));
    java.util.Random random = new java.util.Random(5);
    String alphabet = "img0123456789/_.gifthumbaex";
    for (int i = 0; i < 20_000; i++) {
      int id = random.nextInt(12_000);
      String name = "img" + (random.nextBoolean() ? id % 100 : random.nextInt(1000)) + "/"
          + (random.nextBoolean() ? "image_" : "thumb_") + id + ".gif";
      if (random.nextInt(4) == 0) { // a character changed, dropped or added
        StringBuilder b = new StringBuilder(name);
        int at = random.nextInt(b.length());
        switch (random.nextInt(3)) {
          case 0 -> b.setCharAt(at, alphabet.charAt(random.nextInt(alphabet.length())));
          case 1 -> b.deleteCharAt(at);
          default -> b.insert(at, alphabet.charAt(random.nextInt(alphabet.length())));
        }
        name = b.toString();
      }
      names.add(name);
    }
    int accepted = 0;
    for (String name : names) {
      java.util.regex.Matcher m = pattern.matcher(name);
      boolean expected = false;
      if (m.matches()) { // the check as it was written before the hand scan
        long n = Long.parseLong(m.group(3));
        expected = n >= 1 && n <= 10_000 && Integer.parseInt(m.group(1)) == n % 100 && !m.group(3).startsWith("0");
      }
      assertEquals(expected, images.isItemImage(name), name);
      accepted += expected ? 1 : 0;
    }
    assertTrue(accepted > 5_000, accepted + " of " + names.size() + " accepted: the sample covers both sides");
  }

  @Test
  void keptBestSellersAreTheSumOverTheWindowAfterEveryWrite() {
    // 5,000 held: orders leave the window by age; 1,000 held: dropped inside the window (and lines of
    // quantity 0 count as a sale of nothing, as in the sum)
    for (int maxOrders : new int[] {5_000, 1_000}) {
      OrderBook kept = new OrderBook(maxOrders);
      java.util.Random random = new java.util.Random(9);
      for (int i = 1; i <= 6_000; i++) {
        List<Order.Line> lines = new java.util.ArrayList<>();
        for (int l = 0; l < 1 + random.nextInt(5); l++) {
          lines.add(new Order.Line(1 + random.nextInt(2_000), random.nextInt(30), 0));
        }
        kept.write(new Order(i, 1 + random.nextInt(100), 0, List.copyOf(lines), 100, 8, 400, 508, "AIR", "PENDING",
            null, null, "VISA", "C"));
        if (i % 700 == 0 || i > 5_997 || i < 3) {
          for (int subject : new int[] {0, 7, 23}) {
            List<Integer> first = kept.bestSellers(subject, 50);
            assertEquals(first, kept.bestSellers(subject, 50), "the same ranking until the next write");
            assertEquals(sum(kept, subject, 50), first, maxOrders + " held, after order " + i);
            assertEquals(sum(kept, subject, 5), kept.bestSellers(subject, 5), "another limit");
            assertEquals(sum(kept, subject, 5_000), kept.bestSellers(subject, 5_000), "every item sold");
          }
        }
      }
    }
  }

  /** The best sellers summed as OrderBook did before it kept them. */
  private static List<Integer> sum(OrderBook book, int subject, int limit) {
    java.util.Map<Integer, Integer> sold = new java.util.HashMap<>();
    int last = book.nextId() - 1;
    for (int id = Math.max(1, last - OrderBook.BEST_SELLER_WINDOW + 1); id <= last; id++) {
      Order o = book.order(id);
      if (o != null) {
        for (Order.Line line : o.lines()) {
          if (Catalog.subjectIndex(line.itemId()) == subject) {
            sold.merge(line.itemId(), line.quantity(), Integer::sum);
          }
        }
      }
    }
    return sold.entrySet().stream()
        .sorted(java.util.Map.Entry.<Integer, Integer>comparingByValue(java.util.Comparator.reverseOrder())
            .thenComparing(java.util.Map.Entry.comparingByKey()))
        .limit(limit).map(java.util.Map.Entry::getKey).toList();
  }
}
