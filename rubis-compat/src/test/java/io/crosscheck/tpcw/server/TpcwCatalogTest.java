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
}
