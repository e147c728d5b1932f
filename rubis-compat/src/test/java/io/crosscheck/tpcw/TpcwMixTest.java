package io.crosscheck.tpcw;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.crosscheck.model.spec.SpecException;
import io.crosscheck.spi.TpcwSupport.Mix;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class TpcwMixTest {
  static String shippedText(Mix mix) throws Exception {
    try (InputStream in = TpcwMix.class.getResourceAsStream("mixes/" + mix.label() + ".csv")) {
      return new String(in.readAllBytes(), StandardCharsets.US_ASCII);
    }
  }

  @Test
  void everyRowOfTheShippedFilesRisesStrictlyTo9999() throws Exception {
    for (Mix mix : Mix.values()) {
      String[] lines = shippedText(mix).split("\n");
      assertEquals(16, lines.length, mix.label());
      for (int row = 1; row < lines.length; row++) {
        String[] cells = lines[row].split(",");
        assertEquals(TpcwState.of(row - 1).label(), cells[0]);
        assertEquals(16, cells.length);
        int previous = 0;
        for (int c = 1; c < cells.length; c++) {
          int v = Integer.parseInt(cells[c]);
          if (v != 0) {
            assertTrue(v > previous, mix.label() + ".csv:" + (row + 1) + " column " + (c + 1));
            previous = v;
          }
        }
        assertEquals(9999, previous, mix.label() + ".csv:" + (row + 1));
      }
      TpcwMix.shipped(mix); // and the loader accepts it
    }
  }

  @Test
  void aBrokenFileIsRefusedWithEveryProblemAndItsLine() throws Exception {
    String text = shippedText(Mix.BROWSING)
        .replace("HOME,0,0,0,3792,0,0,0,0,7585", "HOME,0,0,0,7585,0,0,0,0,3792")
        .replace("ORDD,0,0,0,0,0,0,0,802,0,0,0,0,9999", "ORDD,0,0,0,0,0,0,0,802,0,0,0,0,9998");
    SpecException e = assertThrows(SpecException.class, () -> TpcwMix.parse("bad.csv", text));
    assertEquals(2, e.problems().size(), e.getMessage());
    assertEquals("bad.csv:9: column 10 (NEWP): \"3792\": expected a value above the row's previous"
        + " non-zero value 7585 (non-zero values rise strictly, EB.java:133-172)",
        e.problems().get(0).message());
    assertEquals("bad.csv:11: row ORDD ends on 9998 (expected its last non-zero value to be 9999)",
        e.problems().get(1).message());
    SpecException header = assertThrows(SpecException.class,
        () -> TpcwMix.parse("h.csv", "from,INIT\nINIT,0\n"));
    assertTrue(header.getMessage().startsWith("h.csv:1: \"from,INIT\": expected the header"),
        header.getMessage());
  }

  @Test
  void aMillionSeededTransitionsPerMixVisitStatesAsTheStationaryDistributionSays() {
    String[] expectedBrowseOrder = {"95.00/5.00", "80.69/19.31", "50.00/50.00"};
    for (Mix mix : Mix.values()) {
      TpcwMix m = TpcwMix.shipped(mix);
      double[] stationary = m.stationaryShares();
      long[] visits = new long[TpcwState.COUNT];
      SplittableRandom random = new SplittableRandom(1400 + mix.ordinal());
      int transitions = 1_000_000;
      TpcwState state = TpcwState.INIT;
      for (int i = 0; i < transitions; i++) {
        state = m.next(state, random.nextInt());
        visits[state.ordinal()]++;
      }
      double maxPoints = 0;
      double maxRelative = 0;
      for (int s = 0; s < TpcwState.COUNT; s++) {
        double measured = visits[s] / (double) transitions;
        maxPoints = Math.max(maxPoints, 100 * Math.abs(measured - stationary[s]));
        if (stationary[s] >= 0.05) {
          maxRelative = Math.max(maxRelative, Math.abs(measured - stationary[s]) / stationary[s]);
        }
      }
      double browse = 0;
      for (TpcwState s : TpcwState.values()) {
        if (s.isBrowse()) {
          browse += visits[s.ordinal()] / (double) transitions;
        }
      }
      String fromFile = String.format(Locale.ROOT, "%.2f/%.2f", 100 * m.browseShare(),
          100 * (1 - m.browseShare()));
      System.out.println(String.format(Locale.ROOT, "[tpcw mix] %s: %,d transitions, max share"
          + " deviation %.3f points (%.2f %% relative for shares >= 5 %%); browse/order %.2f/%.2f"
          + " measured, %s stationary", mix.label(), transitions, maxPoints, 100 * maxRelative,
          100 * browse, 100 * (1 - browse), fromFile));
      assertEquals(expectedBrowseOrder[mix.ordinal()], fromFile);
      assertTrue(maxPoints < 0.2, "deviation " + maxPoints + " points");
      assertTrue(maxRelative < 0.01, "relative deviation " + maxRelative);
      assertEquals(0.0, stationary[TpcwState.INIT.ordinal()], 1e-12);
    }
  }

  @Test
  void theDrawIsTheRbes() {
    TpcwMix browsing = TpcwMix.shipped(Mix.BROWSING);
    // i = |raw| % 9999 + 1; the first column >= i: HOME row BESS 3792, NEWP 7585, ...
    assertEquals(TpcwState.BESS, browsing.next(TpcwState.HOME, 0));       // i = 1
    assertEquals(TpcwState.BESS, browsing.next(TpcwState.HOME, 3791));    // i = 3792
    assertEquals(TpcwState.NEWP, browsing.next(TpcwState.HOME, -3792));   // i = 3793
    assertEquals(TpcwState.SHOP, browsing.next(TpcwState.HOME, 9998));    // i = 9999
    assertEquals(TpcwState.BESS, browsing.next(TpcwState.HOME, 9999));    // i = 1 again
    // Integer.MIN_VALUE: taken as MAX_VALUE (the RBE would pick the INIT column and die)
    assertEquals(browsing.next(TpcwState.HOME, Integer.MAX_VALUE),
        browsing.next(TpcwState.HOME, Integer.MIN_VALUE));
    assertEquals(3792 / 9999.0, browsing.probability(TpcwState.HOME, TpcwState.BESS), 1e-15);
    assertEquals((7585 - 3792) / 9999.0, browsing.probability(TpcwState.HOME, TpcwState.NEWP), 1e-15);
  }

  @Test
  void theMaskPassesADisabledStatesShareOnAsTheRbesFactoryDoes() {
    TpcwMix browsing = TpcwMix.shipped(Mix.BROWSING);
    // SRES disabled (14th): SREQ's row HOME 788, SRES 9955, SHOP 9999 -> HOME 788, SHOP 9999
    TpcwMix noResults = browsing.masked("IIIIIIIIIIIII_I");
    assertEquals(0, noResults.cumulative(TpcwState.SREQ, TpcwState.SRES));
    assertEquals((9999 - 788) / 9999.0, noResults.probability(TpcwState.SREQ, TpcwState.SHOP), 1e-15);
    // SHOP disabled (the last column): the row's largest value left is raised to 9999
    TpcwMix noCart = browsing.masked("IIIIIIIIIIIIII_");
    assertEquals(9999, noCart.cumulative(TpcwState.SREQ, TpcwState.SRES));
    for (int raw = 0; raw < 20_000; raw++) {
      for (TpcwState from : TpcwState.values()) {
        assertNotEquals(TpcwState.SHOP, noCart.next(from, raw));
        assertNotEquals(TpcwState.SRES, noResults.next(from, raw));
      }
    }
    assertEquals(0.0, noCart.stationaryShares()[TpcwState.SHOP.ordinal()], 1e-12);
  }
}
