package io.crosscheck.tpcw.server;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * The bookstore's items 1..ITEM (the RBE's {@code -ITEM}), derived on demand from a seed so that
 * 10^7 items cost no memory: item {@code i} is always the same book, and only admin updates are
 * stored. The shape follows TPCW_Populate (populateItemTable): authors 1..ITEM/4, item {@code i <=
 * ITEM/4} by author {@code i}, the rest by a random author; five distinct related items; SRP
 * $1.00–$999.99 and a cost 0–50 % below it; images {@code img<i%100>/image_<i>.gif}.
 *
 * <p>Where populate draws random text, this catalog makes the RBE's searches find rows
 * (rbe/EBWSearchResultTrans.java): a title starts with {@code digSyl(i % (ITEM/5+1), 7)} and an
 * author's last name is {@code digSyl(a % (ITEM/10+1), 7)}, the keys the RBE draws with {@code
 * NURand(A, 0, ITEM/5)} and {@code NURand(A, 0, ITEM/10)}. Subjects go round the 24 in id order and
 * publication dates rise with the id, so the newest items of a subject and a search's candidates
 * are computed, not scanned.
 *
 * <p>Derived items are kept in a direct-mapped cache of at most {@value #CACHE_SLOTS} slots (slot
 * {@code (id - 1) % slots}): the whole catalog up to that many items (-ITEM 10000: every item is
 * derived once), a bounded share beyond (about 11 MB at most). A page lists up to 50 items and the
 * RBE's pages are mostly lists, so deriving each anew (seeded random text) was most of a page's
 * rendering. The cache holds exactly what {@link #derive} returns: a page is the same either way.
 * Thread-safe.
 */
final class Catalog {
  /** The 24 subjects of TPC-W clause 4.6.2.11, in the RBE's order (rbe/RBE.java subjects). */
  static final List<String> SUBJECTS = List.of("ARTS", "BIOGRAPHIES", "BUSINESS", "CHILDREN", "COMPUTERS",
      "COOKING", "HEALTH", "HISTORY", "HOME", "HUMOR", "LITERATURE", "MYSTERY", "NON-FICTION", "PARENTING",
      "POLITICS", "REFERENCE", "RELIGION", "ROMANCE", "SELF-HELP", "SCIENCE-NATURE", "SCIENCE-FICTION", "SPORTS",
      "YOUTH", "TRAVEL");
  /** Rows a list page shows, as the reference servlets' queries (LIMIT 50). */
  static final int LIST_LIMIT = 50;

  private static final String[] BACKINGS = {"HARDBACK", "PAPERBACK", "USED", "AUDIO", "LIMITED-EDITION"};
  private static final long SALT = 0x9E3779B97F4A7C15L;
  /** Most derived items kept (see the class comment). */
  static final int CACHE_SLOTS = 16_384;

  private final int items;
  private final int authors;
  private final long seed;
  private final long todayEpochDay;
  private final ConcurrentHashMap<Integer, Item> updated = new ConcurrentHashMap<>();
  /** Derived items, slot {@code (id - 1) % length}; a slot holds the item last derived there. */
  private final AtomicReferenceArray<Item> derived;
  /** Per subject, the ids admin-updated most recently first (at most {@link #LIST_LIMIT}). */
  private final List<Deque<Integer>> recentlyUpdated = new ArrayList<>();

  Catalog(int items, long seed, long todayEpochDay) {
    this.items = items;
    this.authors = Math.max(1, items / 4);
    this.seed = seed;
    this.todayEpochDay = todayEpochDay;
    this.derived = new AtomicReferenceArray<>(Math.min(items, CACHE_SLOTS));
    for (int s = 0; s < SUBJECTS.size(); s++) {
      recentlyUpdated.add(new ArrayDeque<>());
    }
  }

  int size() {
    return items;
  }

  boolean exists(int id) {
    return id >= 1 && id <= items;
  }

  /** Item {@code id}, or a 404 when there is none. */
  Item item(int id) {
    if (!exists(id)) {
      throw Rejection.notFound("I_ID " + id + ": no such item (items are 1.." + items + ")");
    }
    Item u = updated.get(id);
    return u != null ? u : derived(id);
  }

  /** Item {@code id} as derived from the seed, from the cache when it holds it. */
  private Item derived(int id) {
    int slot = (id - 1) % derived.length();
    Item cached = derived.get(slot);
    if (cached != null && cached.id() == id) {
      return cached;
    }
    Item item = derive(id);
    derived.set(slot, item); // two threads deriving the same id store equal items
    return item;
  }

  /** The subject index (0..23) of item {@code id}. */
  static int subjectIndex(int id) {
    return (id - 1) % SUBJECTS.size();
  }

  /** Admin update (TPCW_Database.adminUpdate): new cost and images, published today. */
  Item update(int id, long costCents, String image, String thumbnail) {
    Item now = item(id).updated(costCents, image, thumbnail, todayEpochDay);
    updated.put(id, now);
    Deque<Integer> recent = recentlyUpdated.get(subjectIndex(id));
    synchronized (recent) {
      recent.remove(id);
      recent.addFirst(id);
      while (recent.size() > LIST_LIMIT) {
        recent.removeLast();
      }
    }
    return now;
  }

  /** The newest {@link #LIST_LIMIT} items of {@code subject} (TPCW_Database.getNewProducts). */
  List<Item> newProducts(int subject) {
    Set<Integer> ids = new LinkedHashSet<>();
    Deque<Integer> recent = recentlyUpdated.get(subject);
    synchronized (recent) {
      ids.addAll(recent);
    }
    int last = items - ((items - 1 - subject) % SUBJECTS.size() + SUBJECTS.size()) % SUBJECTS.size();
    for (int id = last; id >= 1 && ids.size() < LIST_LIMIT; id -= SUBJECTS.size()) {
      ids.add(id);
    }
    List<Item> list = new ArrayList<>();
    for (int id : ids) {
      if (list.size() < LIST_LIMIT) {
        list.add(item(id));
      }
    }
    return list;
  }

  /** Items of {@code subject}: the first {@link #LIST_LIMIT} by id, ordered by title. */
  List<Item> bySubject(int subject) {
    List<Item> list = new ArrayList<>();
    for (int id = subject + 1; id <= items && list.size() < LIST_LIMIT; id += SUBJECTS.size()) {
      list.add(item(id));
    }
    return byTitle(list);
  }

  /** Items whose title starts with {@code key}, a 7-syllable title key; at most 50, by title. */
  List<Item> byTitle(String key) {
    int k = key.length() == 14 ? DigSyl.parse(key) : -1;
    int keys = items / 5 + 1;
    List<Item> list = new ArrayList<>();
    if (k < 0 || k >= keys) {
      return list;
    }
    for (int id = k == 0 ? keys : k; id <= items && list.size() < LIST_LIMIT; id += keys) {
      list.add(item(id));
    }
    return byTitle(list);
  }

  /** The first book of every author whose last name is {@code key}; at most 50, by title. */
  List<Item> byAuthor(String key) {
    int k = key.length() == 14 ? DigSyl.parse(key) : -1;
    int keys = items / 10 + 1;
    List<Item> list = new ArrayList<>();
    if (k < 0 || k >= keys) {
      return list;
    }
    for (int author = k == 0 ? keys : k; author <= authors && list.size() < LIST_LIMIT; author += keys) {
      list.add(item(author));
    }
    return byTitle(list);
  }

  private static List<Item> byTitle(List<Item> list) {
    list.sort(Comparator.comparing(Item::title).thenComparingInt(Item::id));
    return list;
  }

  /** Item {@code id} derived from the seed (no cache). */
  Item derive(int id) {
    SplittableRandom r = new SplittableRandom(seed ^ (id * SALT));
    int authorId = id <= authors ? id : 1 + r.nextInt(authors);
    SplittableRandom a = new SplittableRandom(seed ^ (authorId * SALT) ^ 0xA5A5A5A5L);
    String authorFirst = Words.name(a);
    String authorLast = DigSyl.of(authorId % (items / 10 + 1), 7);
    String title = DigSyl.of(id % (items / 5 + 1), 7) + " " + Words.phrase(r, 2, 5);
    int[] related = new int[5];
    for (int i = 0; i < related.length; i++) {
      int candidate;
      do {
        candidate = 1 + r.nextInt(items);
      } while (contains(related, i, candidate) || (candidate == id && items > 6));
      related[i] = candidate;
    }
    long srpCents = 100 + r.nextInt(99_900);
    long costCents = srpCents - srpCents * r.nextInt(51) / 100;
    // publication dates rise with the id over about 70 years, so the newest are the highest ids
    long published = todayEpochDay - 30 - (long) (items - id) * 25_000L / items;
    String dims = (1 + r.nextInt(9999)) / 100.0 + "x" + (1 + r.nextInt(9999)) / 100.0 + "x" + (1 + r.nextInt(9999)) / 100.0;
    return new Item(id, title, authorId, authorFirst, authorLast, SUBJECTS.get(subjectIndex(id)), published,
        Words.phrase(r, 1, 3) + " Press", Words.phrase(r, 6, 12), related, "img" + id % 100 + "/image_" + id + ".gif",
        "img" + id % 100 + "/thumb_" + id + ".gif", srpCents, costCents, published + 1 + r.nextInt(30),
        10 + r.nextInt(21), Words.digits(r, 13), 20 + r.nextInt(9980), BACKINGS[r.nextInt(BACKINGS.length)], dims);
  }

  private static boolean contains(int[] values, int count, int value) {
    for (int i = 0; i < count; i++) {
      if (values[i] == value) {
        return true;
      }
    }
    return false;
  }
}
