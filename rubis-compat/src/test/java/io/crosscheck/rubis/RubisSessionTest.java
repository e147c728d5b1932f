package io.crosscheck.rubis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.crosscheck.model.Phase;
import io.crosscheck.model.Reply;
import io.crosscheck.model.RequestPlan;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class RubisSessionTest {
  private static final int HOME = RubisState.HOME.ordinal();
  private static final int VIEW_ITEM = RubisState.VIEW_ITEM.ordinal();
  private static final int VIEW_USER_INFO = RubisState.VIEW_USER_INFO.ordinal();
  private static final int VIEW_BID_HISTORY = RubisState.VIEW_BID_HISTORY.ordinal();
  private static final int BACK = TransitionTable.BACK;
  private static final int END = TransitionTable.END;
  private static final long MS = 1_000_000L;

  /** A table whose listed moves have probability 1; think time of row r is 100 r + 100 ms. */
  static TransitionTable chain(int[][] moves, int[] keepBackStack) throws RubisInputException {
    double[][] p = new double[27][29];
    for (int[] m : moves) {
      p[m[0]][m[1]] = 1.0;
    }
    for (int s : keepBackStack) {
      p[s][BACK] = Math.max(p[s][BACK], 0.5); // never drawn when rows above already sum to 1
    }
    StringBuilder b = new StringBuilder("RUBiS Transition Table\tchain\n\nx\nheaders\n");
    for (int row = 0; row < 29; row++) {
      b.append("row").append(row);
      for (int c = 0; c < 27; c++) {
        b.append('\t').append(p[c][row]);
      }
      b.append('\t').append(100 * row + 100).append('\n');
    }
    return TransitionTable.parse("chain.txt", b.toString(), 29, 27);
  }

  static RubisScriptFactory factory(TransitionTable table) {
    return new RubisScriptFactory(TestFiles.config("default_transitions.txt", RubisFlavour.PHP)
        .withTable(table));
  }

  static Reply ok(String body) {
    return new Reply(200, true, body);
  }

  @Test
  void valuesComeFromThePreviousPageAndThinkTimesFromTheTargetRow() throws Exception {
    RubisScriptFactory f = factory(chain(new int[][] {{HOME, VIEW_ITEM}, {VIEW_ITEM, VIEW_USER_INFO},
        {VIEW_USER_INFO, RubisState.PUT_COMMENT_AUTH.ordinal()}, {RubisState.PUT_COMMENT_AUTH.ordinal(), END}},
        new int[0]));
    RubisSession s = f.create(1, 7);
    RequestPlan home = s.next(null);
    assertEquals(new RequestPlan(0, "GET", "/PHP/index.html", "", 0, false), home);
    RequestPlan item = s.next(ok("<a href=\"/PHP/ViewItem.php?itemId=42&x=1\">"));
    assertEquals(new RequestPlan(1, "GET", "/PHP/ViewItem.php?itemId=42", "", 1000 * MS, false), item);
    RequestPlan user = s.next(ok("<a href=\"/PHP/ViewUserInfo.php?userId=7\">a</a> userId=8\""));
    assertEquals("/PHP/ViewUserInfo.php?userId=7", user.path());
    assertEquals(1100 * MS, user.thinkBeforeNanos());
    RequestPlan comment = s.next(ok("itemId=9> to=3& to=4&"));
    assertEquals("/PHP/PutCommentAuth.php?itemId=9&to=3", comment.path());
    assertNull(s.next(ok("bye")));
    assertEquals(RubisState.PUT_COMMENT_AUTH, s.stateOf(3));
    assertEquals(1, f.counters().endOfSession());
    assertEquals(0, f.counters().deaths());
  }

  @Test
  void itemIdIsARandomOccurrenceAndTheLastOneSeenWhenThePageHasNone() throws Exception {
    RubisScriptFactory f = factory(chain(new int[][] {{HOME, VIEW_ITEM},
        {VIEW_ITEM, VIEW_BID_HISTORY}, {VIEW_BID_HISTORY, END}}, new int[0]));
    Set<String> seen = new HashSet<>();
    for (int seed = 0; seed < 60; seed++) {
      RubisSession s = f.create(seed, seed);
      s.next(null);
      String item = s.next(ok("itemId=1\" itemId=2\" itemId=3\"")).path();
      seen.add(item);
      String history = s.next(ok("no ids here")).path();
      assertEquals(item.replace("ViewItem", "ViewBidHistory"), history);
    }
    assertEquals(Set.of("/PHP/ViewItem.php?itemId=1", "/PHP/ViewItem.php?itemId=2",
        "/PHP/ViewItem.php?itemId=3"), seen);
  }

  @Test
  void userIdIsTheFirstOccurrenceAndTheLastOneSeenWhenMissing() throws Exception {
    RubisScriptFactory f = factory(chain(new int[][] {{HOME, VIEW_USER_INFO},
        {VIEW_USER_INFO, VIEW_USER_INFO}}, new int[0]));
    RubisSession s = f.create(1, 1);
    s.next(null);
    assertEquals("/PHP/ViewUserInfo.php?userId=11", s.next(ok("userId=11? userId=12?")).path());
    assertEquals("/PHP/ViewUserInfo.php?userId=11", s.next(ok("nothing")).path());
  }

  @Test
  void hiddenFieldsAreReadUpToTheFirstDelimiter() throws Exception {
    int storeBid = RubisState.STORE_BID.ordinal();
    RubisScriptFactory f = factory(chain(new int[][] {{HOME, storeBid}, {storeBid, END}}, new int[0]));
    for (int seed = 0; seed < 20; seed++) {
      RubisSession s = f.create(seed, seed);
      s.next(null);
      String url = s.next(ok("<input name=minBid value=12.5><input name=maxQty value=3>"
          + "<input name=itemId value=1> itemId=77\"")).path();
      String prefix = "/PHP/StoreBid.php?itemId=77&userId=" + s.userId() + "&minBid=12.5&maxQty=3&bid=";
      assertTrue(url.startsWith(prefix), url);
      String[] rest = url.substring(prefix.length()).split("&maxBid=|&qty=");
      float bid = Float.parseFloat(rest[0]);
      float add = bid - 12.5f;
      assertTrue(add >= 1 && add <= 10 && add == Math.rint(add), url);
      assertEquals(12.5f + 2 * add, Float.parseFloat(rest[1]), url);
      int qty = Integer.parseInt(rest[2]);
      assertTrue(qty >= 1 && qty <= 3, url);
    }
  }

  @Test
  void pageIsTheFirstOrSecondOccurrenceOrZero() throws Exception {
    int search = RubisState.SEARCH_ITEMS_IN_CATEGORY.ordinal();
    RubisScriptFactory f = factory(chain(new int[][] {{HOME, search}, {search, search}}, new int[0]));
    Set<String> pages = new HashSet<>();
    for (int seed = 0; seed < 40; seed++) {
      RubisSession s = f.create(seed, seed);
      s.next(null);
      String first = s.next(ok("nothing")).path();
      assertTrue(first.contains("&page=0&nbOfItems=20"), first);
      String url = s.next(ok("<a href=\"x?c=1&page=4&n=2\"> <a href=\"x?c=1&page=6&n=2\"> &page=9&")).path();
      pages.add(url.replaceAll(".*&page=(\\d+)&.*", "$1"));
    }
    assertEquals(Set.of("4", "6"), pages);
  }

  @Test
  void sorryGoesBackOnePageBeforeBuildingTheNextUrl() throws Exception {
    RubisScriptFactory f = factory(chain(new int[][] {{HOME, VIEW_ITEM}, {VIEW_ITEM, VIEW_USER_INFO},
        {VIEW_USER_INFO, END}}, new int[] {VIEW_ITEM, VIEW_USER_INFO}));
    RubisSession s = f.create(1, 3);
    s.next(null);
    s.next(ok("itemId=5\""));
    // ViewUserInfo is drawn, but the page said Sorry: the user goes back to ViewItem (its item id
    // is the last one seen, as the Sorry page has none)
    RequestPlan back = s.next(ok("Sorry, nothing userId=4\""));
    assertEquals("/PHP/ViewItem.php?itemId=5", back.path());
    assertEquals(RubisState.VIEW_ITEM, s.stateOf(2));
    assertEquals(RubisState.VIEW_USER_INFO, s.recordedStateOf(2));
    assertEquals(1, f.counters().sorryBacks());
  }

  @Test
  void sorryWithNothingToGoBackToResetsToHome() throws Exception {
    int browse = RubisState.BROWSE.ordinal();
    RubisScriptFactory f = factory(chain(new int[][] {{HOME, browse}, {browse, browse}}, new int[0]));
    RubisSession s = f.create(1, 3);
    s.next(null);
    s.next(ok("welcome"));
    RequestPlan home = s.next(ok("Sorry"));
    assertEquals("/PHP/index.html", home.path());
    assertEquals((100 * browse + 100) * MS, home.thinkBeforeNanos());
  }

  @Test
  void errorInAPageCountsAndResetsToHomeWithoutThinking() throws Exception {
    RubisScriptFactory f = factory(chain(new int[][] {{HOME, VIEW_ITEM}, {VIEW_ITEM, VIEW_ITEM}},
        new int[0]));
    RubisSession s = f.create(1, 3);
    s.next(null);
    s.next(ok("itemId=5\""));
    RequestPlan home = s.next(ok("<h2>ERROR: item 5 does not exist</h2>"));
    assertEquals(new RequestPlan(2, "GET", "/PHP/index.html", "", 0, false), home);
    assertEquals(1, f.counters().errorPages());
  }

  @Test
  void aFailedRequestIsRetriedFiveTimesOneSecondApartThenTheSessionGoesHome() throws Exception {
    RubisScriptFactory f = factory(chain(new int[][] {{HOME, VIEW_ITEM}, {VIEW_ITEM, VIEW_ITEM}},
        new int[0]));
    RubisSession s = f.create(1, 3);
    s.next(null);
    RequestPlan item = s.next(ok("itemId=5\""));
    List<RequestPlan> plans = new ArrayList<>();
    Reply failure = new Reply(503, true, "busy");
    for (int i = 0; i < 5; i++) {
      plans.add(s.next(i % 2 == 0 ? failure : Reply.none()));
    }
    for (int i = 0; i < 4; i++) {
      assertEquals(new RequestPlan(2 + i, "GET", item.path(), "", 1000 * MS, false), plans.get(i));
      assertEquals(RubisState.VIEW_ITEM, s.stateOf(2 + i));
    }
    assertEquals(new RequestPlan(6, "GET", "/PHP/index.html", "", 1000 * MS, false), plans.get(4));
    assertEquals(4, f.counters().retries());
    assertEquals(1, f.counters().retriesExhausted());
    assertEquals(0, f.counters().errorPages());
  }

  @Test
  void aReplyCutShortGoesHomeAtOnceWithoutRetrying() throws Exception {
    RubisScriptFactory f = factory(chain(new int[][] {{HOME, VIEW_ITEM}, {VIEW_ITEM, VIEW_ITEM}},
        new int[0]));
    RubisSession s = f.create(1, 3);
    s.next(null);
    s.next(ok("itemId=5\""));
    assertEquals(new RequestPlan(2, "GET", "/PHP/index.html", "", 0, false),
        s.next(new Reply(200, false, "<html>itemId=")));
    assertEquals(1, f.counters().readFailures());
    assertEquals(0, f.counters().retries());
  }

  @Test
  void generatedTextsHaveTheClientsLengths() throws Exception {
    int storeComment = RubisState.STORE_COMMENT.ordinal();
    int registerItem = RubisState.REGISTER_ITEM.ordinal();
    RubisScriptFactory f = factory(chain(new int[][] {{HOME, storeComment},
        {storeComment, registerItem}, {registerItem, END}}, new int[0]));
    int longestDescription = 0;
    for (int seed = 0; seed < 200; seed++) {
      RubisSession s = f.create(seed, seed);
      s.next(null);
      String comment = java.net.URLDecoder.decode(s.next(ok("itemId=1\" name=to value=2>")).path()
          .replaceAll(".*&comment=", ""), java.nio.charset.StandardCharsets.UTF_8);
      assertTrue(comment.length() >= 1 && comment.length() <= 97, comment);
      String item = s.next(ok("x")).path();
      String description = java.net.URLDecoder.decode(item.replaceAll(".*&description=([^&]*)&.*", "$1"),
          java.nio.charset.StandardCharsets.UTF_8);
      assertTrue(description.length() >= 1 && description.length() <= 1325, item);
      longestDescription = Math.max(longestDescription, description.length());
    }
    assertTrue(longestDescription > 1000, "longest " + longestDescription);
  }

  @Test
  void imagesAreFetchedAsABurstBeforeTheNextState() throws Exception {
    RubisScriptFactory f = factory(chain(new int[][] {{HOME, VIEW_ITEM}, {VIEW_ITEM, END}},
        new int[0]));
    RubisSession s = f.create(1, 3);
    s.next(null);
    String page = "<IMG SRC=\"/img/a.gif\"> <IMG SRC=\"/img/a.gif\"> <img src=\"/x.gif\">"
        + " <IMG SRC=\"rel.gif\"> itemId=8\"";
    assertEquals(new RequestPlan(1, "GET", "/img/a.gif", "", 0, true), s.next(ok(page)));
    assertEquals(new RequestPlan(2, "GET", "/img/a.gif", "", 0, true), s.next(new Reply(404, true, "")));
    RequestPlan item = s.next(ok("GIF89a"));
    assertEquals(new RequestPlan(3, "GET", "/PHP/ViewItem.php?itemId=8", "", 1000 * MS, false), item);
    assertNull(s.stateOf(1));
    assertEquals(2, f.counters().images());
    assertEquals(1, f.counters().relativeImages());
  }

  @Test
  void anEmptyValueEndsTheSessionAsTheClientsThreadDies() throws Exception {
    RubisScriptFactory f = factory(chain(new int[][] {{HOME, VIEW_ITEM}, {VIEW_ITEM, END}},
        new int[0]));
    RubisSession s = f.create(1, 3);
    s.next(null);
    assertNull(s.next(ok("<a href=\"ViewItem.php?itemId=\">")));
    assertTrue(s.isOver());
    assertNull(s.next(ok("again")));
    assertEquals("empty value for itemId=", s.deathReason());
    assertEquals(1, f.counters().deaths());
    assertEquals(1L, f.counters().deathsByReason().get("empty value for itemId="));
  }

  @Test
  void backOnAnEmptyStackEndsTheSessionAsADeath() throws Exception {
    RubisScriptFactory f = factory(chain(new int[][] {{HOME, BACK}}, new int[0]));
    RubisSession s = f.create(1, 3);
    s.next(null);
    assertNull(s.next(ok("home")));
    assertEquals("Back with an empty stack", s.deathReason());
  }

  @Test
  void backPopsToTheStateLeftWithTheBackRowsThinkTime() throws Exception {
    int search = RubisState.SEARCH_ITEMS_IN_CATEGORY.ordinal();
    double[][] unused = null;
    RubisScriptFactory f = factory(chain(new int[][] {{HOME, search}, {search, VIEW_ITEM},
        {VIEW_ITEM, BACK}}, new int[] {VIEW_ITEM}));
    RubisSession s = f.create(1, 3);
    s.next(null);
    s.next(ok("x"));
    s.next(ok("itemId=3\""));
    RequestPlan back = s.next(ok("item"));
    assertTrue(back.path().startsWith("/PHP/SearchItemsByCategory.php?category="), back.path());
    assertEquals((100 * BACK + 100) * MS, back.thinkBeforeNanos());
    assertEquals(RubisState.SEARCH_ITEMS_IN_CATEGORY, s.recordedStateOf(3));
    assertNull(unused);
  }

  @Test
  void theMaximumNumberOfTransitionsEndsTheSession() throws Exception {
    RubisSessionConfig c = TestFiles.config("default_transitions.txt", RubisFlavour.PHP)
        .withTable(chain(new int[][] {{HOME, HOME}}, new int[0])).withMaxTransitions(3);
    RubisScriptFactory f = new RubisScriptFactory(c);
    RubisSession s = f.create(1, 3);
    assertEquals(0, s.next(null).seq());
    assertEquals(1, s.next(ok("a")).seq());
    assertEquals(2, s.next(ok("a")).seq());
    assertNull(s.next(ok("a")));
    assertEquals(1, f.counters().maxTransitions());
  }

  @Test
  void tpcwThinkTimeIsExponentialWithMeanSevenSecondsAndZeroForTinyDraws() {
    assertEquals(0, RubisSession.tpcwThinkMillis(4.53e-5));
    assertEquals(0, RubisSession.tpcwThinkMillis(0.0));
    assertEquals(70000, RubisSession.tpcwThinkMillis(4.54e-5), 5);
    assertEquals(4852, RubisSession.tpcwThinkMillis(0.5));
    RubisSessionConfig c = TestFiles.config("default_transitions.txt", RubisFlavour.PHP)
        .withTpcwThinkTime(true).withMaxTransitions(Integer.MAX_VALUE);
    RubisScriptFactory f = new RubisScriptFactory(c);
    long sumNanos = 0;
    int n = 0;
    for (int seed = 0; n < 100_000; seed++) {
      RubisSession s = f.create(seed, seed);
      for (RequestPlan p = s.next(null); p != null && n < 100_000; p = s.next(ok("itemId=1\" userId=2\" to=3\""))) {
        if (p.seq() > 0) {
          sumNanos += p.thinkBeforeNanos();
          n++;
        }
      }
    }
    assertEquals(7000.0, sumNanos / (double) n / MS, 100.0);
  }

  @Test
  void theSlowdownFactorOfThePhaseGivenMultipliesThinkTimes() throws Exception {
    RubisSessionConfig c = TestFiles.config("default_transitions.txt", RubisFlavour.PHP)
        .withTable(chain(new int[][] {{HOME, VIEW_ITEM}, {VIEW_ITEM, VIEW_ITEM}}, new int[0]));
    RubisSession s = new RubisScriptFactory(c, new RubisSlowdown(3, 5)).create(1, 1);
    s.next(null, Phase.RAMP_UP);
    assertEquals(3 * 1000 * MS, s.next(ok("itemId=1\""), Phase.RAMP_UP).thinkBeforeNanos());
    assertEquals(1000 * MS, s.next(ok("itemId=1\""), Phase.MEASURE).thinkBeforeNanos());
    assertEquals(5 * 1000 * MS, s.next(ok("itemId=1\""), Phase.RAMP_DOWN).thinkBeforeNanos());
    assertEquals(1000 * MS, s.next(ok("itemId=1\"")).thinkBeforeNanos(), "no phase given: the run's factor 1");
    assertEquals(3 * 1000 * MS, s.next(ok("itemId=1\""), Phase.RAMP_UP).thinkBeforeNanos());
  }

  @Test
  void theUserIsUserNWithNumericIdNMinusOne() throws Exception {
    int sellForm = RubisState.SELL_ITEM_FORM.ordinal();
    RubisScriptFactory f = factory(chain(new int[][] {{HOME, sellForm}}, new int[0]));
    RubisSession s = f.create(1, 99);
    s.next(null);
    String url = s.next(ok("x")).path();
    int n = Integer.parseInt(s.nickname().substring(4));
    assertEquals(n - 1, s.userId());
    assertTrue(url.startsWith("/PHP/SellItemForm.php?user=" + (n - 1) + "&category="), url);
  }

  @Test
  void theSameSeedAndRepliesGiveTheSameRequestsAndAnotherSeedDiffers() {
    RubisScriptFactory f = new RubisScriptFactory(
        TestFiles.config("default_transitions.txt", RubisFlavour.PHP).withTpcwThinkTime(true));
    List<RequestPlan> a = run(f, 5, 1234L);
    List<RequestPlan> b = run(f, 5, 1234L);
    List<RequestPlan> c = run(f, 5, 1235L);
    assertEquals(a, b);
    assertNotEquals(a, c);
    assertFalse(a.isEmpty());
  }

  private static List<RequestPlan> run(RubisScriptFactory f, int sessions, long seed) {
    List<RequestPlan> plans = new ArrayList<>();
    for (int i = 0; i < sessions; i++) {
      RubisSession s = f.create(i, seed + 31L * i);
      int k = 0;
      for (RequestPlan p = s.next(null); p != null; p = s.next(ok("itemId=" + (k % 7) + "\" userId="
          + k + "\" to=2\" &page=" + (k % 3) + "&" + (k % 5 == 0 ? "Sorry" : "")))) {
        plans.add(p);
        k++;
      }
    }
    return plans;
  }
}
