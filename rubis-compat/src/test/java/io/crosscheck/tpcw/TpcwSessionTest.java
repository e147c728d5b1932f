package io.crosscheck.tpcw;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.crosscheck.model.Reply;
import io.crosscheck.model.RequestPlan;
import io.crosscheck.spi.TpcwSupport.Mix;
import io.crosscheck.spi.TpcwSupport.Options;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** Sessions run against canned replies on an injected clock. */
class TpcwSessionTest {
  static final long MS = 1_000_000L;
  /** INIT, HOME and SHOP enabled: Home goes to the cart; the cart to Home (9992/9999) or itself. */
  static final String HOME_AND_CART = "I______I______I";
  /** INIT, HOME, NEWP and PROD enabled: Home goes to New Products, which goes to a product 97 %. */
  static final String HOME_NEWP_PROD = "I______II__I___";

  static final String HOME_PAGE = "<HTML><A HREF=\"/tpcw/TPCW_shopping_cart_interaction;jsessionid=S1?"
      + "C_ID=\">cart</A><IMG SRC=\"../tpcw/Images/tpclogo.gif\" ALT=x>"
      + "<FORM><INPUT TYPE=\"IMAGE\" NAME=\"Search\" SRC=\"/tpcw/Images/search_B.gif\"></FORM></HTML>";
  static final String CART_PAGE = "<HTML>C_ID=3 SHOPPING_ID=9 <INPUT NAME=\"QTY\" VALUE=\"1\"></HTML>";

  final AtomicLong nowNanos = new AtomicLong(1_000 * MS);

  static Options options(String mask, boolean images, int maxErrors) {
    return new Options(Mix.SHOPPING, 2, mask, 0, 60, 0, 1.0, 1.0, 5760, 10000, images, maxErrors, 4,
        "/tpcw/");
  }

  TpcwScriptFactory factory(Options o) {
    return new TpcwScriptFactory(o, nowNanos::get, LocalDate.of(2024, 3, 15), ZoneOffset.UTC);
  }

  static Reply ok(String body) {
    return new Reply(200, true, body);
  }

  @Test
  void aSessionThinksBeforeHomeFetchesImagesRetriesFailedPagesAndCarriesItsIds() {
    TpcwScriptFactory f = factory(options(HOME_AND_CART, true, 1));
    TpcwSession s = f.create(0, 42); // browser 0's first session: the RBE's uniform first think
    RequestPlan home = s.next(null);
    assertEquals(0, home.seq());
    assertEquals("GET", home.method());
    assertEquals("", home.body());
    assertTrue(home.path().startsWith("/tpcw/TPCW_home_interaction"), home.path());
    assertFalse(home.path().contains("jsessionid"), home.path());
    assertTrue(home.thinkBeforeNanos() >= 100 * MS && home.thinkBeforeNanos() <= 20_099 * MS,
        "first think " + home.thinkBeforeNanos());
    assertFalse(home.burstWithPrevious());
    assertEquals("HOME", f.stateLabel(home.path()));

    // the page's <IMG then its <INPUT TYPE="IMAGE", resolved against the page, as a burst
    RequestPlan logo = s.next(ok(HOME_PAGE));
    assertEquals("/tpcw/Images/tpclogo.gif", logo.path());
    assertTrue(logo.burstWithPrevious());
    assertEquals(0, logo.thinkBeforeNanos());
    assertNull(f.stateLabel(logo.path()));
    RequestPlan button = s.next(ok("GIF89a"));
    assertEquals("/tpcw/Images/search_B.gif", button.path());
    assertTrue(button.burstWithPrevious());

    // the next state is drawn from the Home page, not from the image: the session id is read
    RequestPlan cart = s.next(ok("GIF89a"));
    assertTrue(cart.path().startsWith("/tpcw/TPCW_shopping_cart_interaction;jsessionid=S1?ADD_FLAG=N"),
        cart.path());
    assertFalse(cart.burstWithPrevious());
    assertTrue(cart.thinkBeforeNanos() <= 70_000 * MS);
    assertEquals("S1", s.browserSessionId());

    // an error status, no reply, a cut reply: the same URL again at once, each an error
    RequestPlan again = s.next(new Reply(500, true, "oops"));
    assertEquals(cart.path(), again.path());
    assertEquals(0, again.thinkBeforeNanos());
    assertFalse(again.burstWithPrevious());
    assertEquals(cart.path(), s.next(Reply.none()).path());
    RequestPlan third = s.next(new Reply(200, false, "<HTML>C_ID=3 SHOP"));
    assertEquals(cart.path(), third.path());
    TpcwCounters.Snapshot c = f.counters().snapshot();
    assertEquals(3, c.errors());
    assertEquals(3, c.retries());
    assertEquals(new TpcwCounters.Event(cart.path(), "Unable to open URL."), c.firstError());
    assertEquals(c.firstError(), c.exitError()); // -MAXERROR 1: the first error ends the RBE's run
    assertTrue(f.describeOutcomes().contains("with -MAXERROR 1 the RBE would have exited (rc 255,"
        + " empty -OUT) at its 1st error: " + cart.path() + ", Unable to open URL."), f.describeOutcomes());

    // the cut reply's bytes stay in front of the page, as in the RBE's html string: the cart's
    // SHOPPING_ID is found in the joined text
    RequestPlan next = s.next(ok("PPING_ID=9 " + CART_PAGE));
    assertEquals(9, s.shoppingId());
    assertTrue(next.path().contains(";jsessionid=S1?"), next.path());
    assertTrue(next.path().endsWith("SHOPPING_ID=9"), next.path());
    assertEquals(2, f.counters().snapshot().interactions());
    assertEquals(2, f.counters().snapshot().images());
  }

  @Test
  void afterTheUsmdAHomeTransitionEndsTheSessionAndItsThinkIsCarriedToTheNextOne() {
    TpcwScriptFactory f = factory(options(HOME_AND_CART, false, 0));
    TpcwSession s = f.create(1, 7);
    s.next(null);
    RequestPlan cart = s.next(ok(HOME_PAGE));
    assertEquals("SHOP", f.stateLabel(cart.path()));
    // before the USMD, a Home transition is sent
    RequestPlan plan = cart;
    while (plan != null && !"HOME".equals(f.stateLabel(plan.path()))) {
      plan = s.next(ok(CART_PAGE));
    }
    assertNotNull(plan);
    assertTrue(plan.path().startsWith("/tpcw/TPCW_home_interaction;jsessionid=S1?"), plan.path());
    plan = s.next(ok(HOME_PAGE));
    // past the USMD (at most 60 min), the next Home transition is dropped and ends the session
    nowNanos.addAndGet(61L * 60 * 1000 * MS);
    long transitionsBefore = f.counters().snapshot().transitions();
    int pages = 0;
    while (plan != null && pages++ < 50) {
      plan = s.next(ok(CART_PAGE));
    }
    assertNull(plan);
    assertTrue(s.isOver());
    assertEquals("USMD reached at a Home transition", s.endReason());
    assertEquals(1, f.counters().snapshot().usmdEnds());
    assertTrue(f.counters().snapshot().transitions() > transitionsBefore); // the dropped one counts
    assertNull(s.next(ok(CART_PAGE)));

    // the same browser's next session (1 + 2 browsers): its Home waits the carried think too
    RequestPlan carried = f.create(3, 99).next(null);
    TpcwScriptFactory fresh = factory(options(HOME_AND_CART, false, 0));
    RequestPlan uncarried = fresh.create(3, 99).next(null);
    assertEquals(uncarried.path(), carried.path());
    assertTrue(carried.thinkBeforeNanos() > uncarried.thinkBeforeNanos(),
        carried.thinkBeforeNanos() + " vs " + uncarried.thinkBeforeNanos());
    assertTrue(uncarried.thinkBeforeNanos() <= 70_000 * MS); // not the first think: a TT draw
    assertEquals("", TpcwCounters.outcomes(fresh.counters().snapshot()).stream()
        .reduce("", String::concat));
  }

  @Test
  void aProductRequestWithNoItemOnThePageRestartsTheSessionWithTwoErrors() {
    TpcwScriptFactory f = factory(options(HOME_NEWP_PROD, false, 5));
    TpcwSession s = f.create(0, 3);
    s.next(null);
    RequestPlan plan = s.next(ok(HOME_PAGE));
    assertEquals("NEWP", f.stateLabel(plan.path()));
    int pages = 0;
    while (plan != null && pages++ < 50) {
      plan = s.next(ok(f.stateLabel(plan.path()).equals("HOME") ? HOME_PAGE : "<HTML>no items</HTML>"));
    }
    assertNull(plan);
    assertEquals("restart after an error", s.endReason());
    TpcwCounters.Snapshot c = f.counters().snapshot();
    assertEquals(1, c.errorRestarts());
    assertEquals(2, c.errors());
    assertEquals(java.util.Map.of("Unable to find any items for product detail.", 1L,
        "Restarting new user session due to error.", 1L), c.errorsByReason());
    assertNull(c.exitError()); // -MAXERROR 5 not reached
  }

  @Test
  void aMalformedNumberEndsTheSessionWhereTheRbesThreadWouldDie() {
    TpcwScriptFactory f = factory(options(HOME_AND_CART, false, 0));
    TpcwSession s = f.create(0, 5);
    s.next(null);
    RequestPlan cart = s.next(ok(HOME_PAGE));
    assertNull(s.next(ok("<HTML>SHOPPING_ID=99999999999</HTML>")));
    TpcwCounters.Snapshot c = f.counters().snapshot();
    assertEquals(1, c.malformedNumbers());
    assertEquals(cart.path(), c.firstMalformedNumber().url());
    assertEquals("NumberFormatException on SHOPPING_ID= \"99999999999\"", c.firstMalformedNumber().reason());
    assertEquals(0, c.errors()); // uncounted by the RBE
    assertTrue(f.describeOutcomes().startsWith("1 session ended on a malformed number, where the RBE's"
        + " EB thread would die uncounted"), f.describeOutcomes());
  }

  @Test
  void anImgWithoutSrcStopsTheScanAndIsCounted() {
    TpcwScriptFactory f = factory(options(HOME_AND_CART, true, 0));
    TpcwSession s = f.create(0, 5);
    RequestPlan home = s.next(null);
    RequestPlan image = s.next(ok("<A HREF=\"x;jsessionid=S2?\"><IMG SRC=\"/a/b.gif\"><IMG ALT=\"no source\">"));
    assertEquals("/a/b.gif", image.path());
    RequestPlan cart = s.next(new Reply(404, true, ""));
    assertEquals("SHOP", f.stateLabel(cart.path()));
    TpcwCounters.Snapshot c = f.counters().snapshot();
    assertEquals(1, c.imgWithoutSrc());
    assertEquals(home.path(), c.firstImgWithoutSrc().url());
    assertEquals(1, c.imageOpenFailures());
    assertEquals(0, c.errors()); // the RBE does not count a failed image open
    String outcomes = f.describeOutcomes();
    assertTrue(outcomes.contains("1 page had an <IMG with no later SRC=\": the RBE's image scan loops"
        + " forever there"), outcomes);
    assertTrue(outcomes.contains("1 image request failed (status 0 or >= 400): the RBE would sleep 5 s"
        + " and retry each forever"), outcomes);
  }

  @Test
  void browsersStillWaitingAtTheEndAreNamedAndNoneIsCalledSafe() {
    TpcwScriptFactory f = factory(options(HOME_AND_CART, false, 0));
    TpcwSession s = f.create(0, 5);
    s.next(null); // its Home: sent, never answered
    String clean = f.describeOutcomes(io.crosscheck.model.StuckUsers.NONE);
    assertTrue(clean.startsWith("none of the RBE's failure modes observed: 0 interactions in 1 user sessions, 0"
        + " errors in its sense, no browser its threads would have lost"), clean);
    String stuck = f.describeOutcomes(new io.crosscheck.model.StuckUsers(400, 400, 12_345_000_000L));
    assertTrue(stuck.startsWith("400 browsers were still waiting for a reply when the run ended (400 requests sent"
        + " and never answered, the longest for 12.3 s): the RBE sets no read timeout"), stuck);
    assertFalse(stuck.contains("would have lost"), stuck);
  }

  @Test
  void theStatisticsLimitIsReportedBeyondOneHundredThousandInteractions() {
    TpcwCounters counters = new TpcwCounters(1);
    assertEquals(java.util.List.of(), TpcwCounters.outcomes(counters.snapshot()));
    counters.interactions.add(100_000);
    assertEquals(java.util.List.of(), TpcwCounters.outcomes(counters.snapshot()));
    counters.interactions.add(1);
    assertEquals(java.util.List.of("the RBE counts at most 100,000 interactions (EBStats): it would"
        + " have lost every EB after the 100,000th, with 0 errors reported (this run: 100,001"
        + " interactions)"), TpcwCounters.outcomes(counters.snapshot()));
  }

  @Test
  void statesAreNamedFromTheServletOfATarget() {
    TpcwScriptFactory f = factory(options(null, true, 1));
    assertEquals("HOME", f.stateLabel("/tpcw/TPCW_home_interaction;jsessionid=S?C_ID=1"));
    assertEquals("SRES", f.stateLabel("/tpcw/TPCW_execute_search?search_type=title"));
    assertEquals("ADMC", f.stateLabel("/x/TPCW_admin_response_servlet"));
    assertNull(f.stateLabel("/tpcw/Images/thumb_1.gif"));
    assertNull(f.stateLabel("/tpcw/TPCW_unknown"));
    assertTrue(f.hasStates());
    assertEquals("tpcw-rbe(mix=shopping rbe.EBTPCW2Factory, browsers=2, mask=none, TT=1.0, SLOW=1.0,"
        + " CUST=5760 A=1023, ITEM=10000 A=511, GETIM=true, CON=4, MAXERROR=1, prefix=/tpcw/,"
        + " dates=2024-03-15 Z)", f.describe());
  }
}
