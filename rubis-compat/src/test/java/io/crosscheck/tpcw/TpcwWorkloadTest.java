package io.crosscheck.tpcw;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.crosscheck.model.Arrival;
import io.crosscheck.model.spec.Problem;
import io.crosscheck.model.spec.SpecException;
import io.crosscheck.spi.TpcwSupport.Mix;
import io.crosscheck.spi.TpcwSupport.Options;
import io.crosscheck.spi.TpcwSupport.TpcwWorkloadSpec;
import java.util.List;
import org.junit.jupiter.api.Test;

class TpcwWorkloadTest {
  @Test
  void theDefaultsBuildAWorkloadWhosePhasesAreScaledBySlow() throws Exception {
    Options o = new Options(Mix.ORDERING, 10, null, 600, 1800, 300, 1.0, 2.5, 28_800, 10_000, true,
        1, 4, "/tpcw/");
    TpcwWorkloadSpec spec = TpcwWorkload.build(o);
    assertEquals(10, spec.browsers());
    assertEquals(1_500_000_000_000L, spec.phases().rampUpNanos());
    assertEquals(4_500_000_000_000L, spec.phases().measureNanos());
    assertEquals(750_000_000_000L, spec.phases().rampDownNanos());
    assertEquals(new Arrival.Closed(10, 0, Arrival.UserStarts.ALL_AT_ONCE), spec.arrival());
    TpcwScriptFactory factory = (TpcwScriptFactory) spec.source().factory();
    assertEquals(o, factory.options());
    assertTrue(spec.description().contains("rbe.EBTPCW3Factory"), spec.description());
    assertTrue(spec.notes().get(0).contains("browse/order 50.00/50.00 %"), spec.notes().get(0));
    assertTrue(spec.notes().stream().noneMatch(n -> n.contains("2880 x")), spec.notes().toString());
    TpcwWorkloadSpec small = TpcwWorkload.build(Options.defaults(Mix.SHOPPING, 3));
    assertTrue(small.notes().stream().anyMatch(n -> n.startsWith("-CUST 1000 is not 2880 x 3 browsers")));
    assertEquals(300 * 1_000_000_000L, TpcwWorkload.nanos(300, 1.0));
    assertEquals(1L * 1_000_000L, TpcwWorkload.nanos(1, 0.0005)); // (long) (0.5 + 0.5) ms
  }

  @Test
  void everyBadOptionIsReportedUnderTheRbesName() {
    Options bad = new Options(Mix.BROWSING, 0, "IIIIIII_IIIIIII", -1, 1800, 300, 0.0, -1.0, 700_000_000,
        12_345, true, -1, 0, "tpcw");
    SpecException e = assertThrows(SpecException.class, () -> TpcwWorkload.build(bad));
    List<String> where = e.problems().stream().map(Problem::where).toList();
    assertEquals(List.of("-EB", "-EB", "-RU", "-TT", "-SLOW", "-CUST", "-ITEM", "-MAXERROR", "-CON",
        "-WWW"), where);
    assertEquals("-ITEM: \"12345\": expected one of 1000, 10000, 100000, 1000000, 10000000"
        + " (RBE.stdNumItemA)", e.problems().get(6).message());
    assertEquals("-EB: \"IIIIIII_IIIIIII\": expected HOME (8th character) enabled: every user"
        + " session starts and ends at Home", e.problems().get(1).message());
    SpecException shortMask = assertThrows(SpecException.class, () -> TpcwWorkload.build(
        new Options(Mix.BROWSING, 1, "II", 1, 1, 1, 1, 1, 1000, 1000, false, 0, 1, "/")));
    assertTrue(shortMask.getMessage().startsWith("-EB: \"II\": expected a state mask of exactly 15"),
        shortMask.getMessage());
    SpecException noInit = assertThrows(SpecException.class, () -> TpcwWorkload.build(
        new Options(Mix.BROWSING, 1, "_IIIIIIIIIIIIII", 1, 1, 1, 1, 1, 1000, 1000, false, 0, 1, "/")));
    assertTrue(noInit.getMessage().contains("INIT (1st character) enabled"), noInit.getMessage());
    SpecException noMix = assertThrows(SpecException.class, () -> TpcwWorkload.build(
        new Options(null, 1, null, 1, 1, 1, 1, 1, 1000, 1000, false, 0, 1, "/")));
    assertTrue(noMix.getMessage().startsWith("-EB: a factory is required"), noMix.getMessage());
  }

  @Test
  void theCustomerAFollowsTheRbesBands() {
    assertEquals(1023, TpcwRequestConfig.customerA(1));
    assertEquals(1023, TpcwRequestConfig.customerA(9_999));
    assertEquals(4095, TpcwRequestConfig.customerA(10_000));
    assertEquals(65535, TpcwRequestConfig.customerA(639_999));
    assertEquals(67108863, TpcwRequestConfig.customerA(TpcwWorkload.MAX_CUSTOMERS));
    assertEquals(511, TpcwRequestConfig.itemA(10_000));
    assertEquals(-1, TpcwRequestConfig.itemA(20_000));
  }
}
